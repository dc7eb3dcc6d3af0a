// A new release of the bundled curriculum reaches existing learners on the next start: loaded over
// the old one by id, every assignment kept, new subjects at or below a learner's level unlocked by
// the usual rule, withdrawn ones hidden; a start with an unchanged file loads nothing.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { FIXTURE_CONTENT_PATH } from '../../src/cli/bundled-content.js';
import { prepareBundledContent } from '../../src/cli/serve.js';
import { readSubjectDump } from '../../src/content/read-dump.js';
import { importSubjects } from '../../src/services/content.js';
import { describeEachEngine, type TestApp } from '../support/app.js';
import { createLearner } from '../support/factories.js';
import { assignmentOf, pass, userLevel, type AssignmentBody } from '../support/study.js';

interface Resource {
  id: number;
  object: string;
  data: Record<string, unknown> & { level: number; component_subject_ids: number[]; characters: string | null };
}

const dir = mkdtempSync(join(tmpdir(), 'content-upgrade-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const release1: Resource[] = (JSON.parse(readFileSync(FIXTURE_CONTENT_PATH, 'utf8')) as { data: Resource[] }).data;
let written = 0;
function releaseFile(subjects: readonly Resource[]): string {
  const path = join(dir, `release-${(written += 1)}.json`);
  writeFileSync(path, JSON.stringify({ object: 'collection', data: subjects }));
  return path;
}

/** What `content import <dump>` does for a dump other than the shipped file. */
async function operatorImport(t: TestApp, path: string): Promise<void> {
  const result = await importSubjects(t.deps, await readSubjectDump(path), { origin: 'import', sha256: null });
  expect(result.ok).toBe(true);
}

function captureIo() {
  const out: string[] = [];
  return { out, io: { out: (line: string) => out.push(line), err: (line: string) => out.push(`ERR ${line}`) } };
}

async function assignments(t: TestApp, token: string): Promise<AssignmentBody[]> {
  const res = await t.get('/api/v1/assignments', token);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

const levelOne = (type: string) => release1.filter((s) => s.data.level === 1 && s.object === type);

describeEachEngine('upgrading the bundled curriculum on start', (t) => {
  it('keeps a learner’s progress, unlocks what is new at their level and hides what was withdrawn', async () => {
    const app = t();
    const first = captureIo();
    const path1 = releaseFile(release1);
    await prepareBundledContent(app.deps, first.io, path1);
    expect(first.out).toEqual([expect.stringMatching(new RegExp(`^Loaded ${release1.length} subjects from .* in \\d+ ms\\.$`))]);

    // A learner with progress: every level-1 radical and kanji passed, so the learner is at level 2.
    const { token } = await createLearner(app.deps);
    for (const r of levelOne('radical')) await pass(app, token, r.id);
    for (const k of levelOne('kanji')) await pass(app, token, k.id);
    expect(await userLevel(app, token)).toBe(2);
    const before = await assignments(app, token);
    const passedKanji = levelOne('kanji')[0]!;
    const unpassedKanji = release1.find((s) => s.object === 'kanji' && s.data.level === 2)!;
    const withdrawn = before.find((a) => a.data.started_at !== null)!;

    // Release 2: a renamed meaning, a withdrawn subject, and four new subjects.
    const maxId = Math.max(...release1.map((s) => s.id));
    const added = {
      kana: {
        id: maxId + 1,
        object: 'kana_vocabulary',
        data: {
          level: 1,
          slug: 'これ',
          characters: 'これ',
          meanings: [{ meaning: 'This', primary: true, accepted_answer: true }],
          parts_of_speech: ['pronoun'],
          spaced_repetition_system_id: 2,
          lesson_position: 99,
        },
      },
      ready: {
        id: maxId + 2,
        object: 'vocabulary',
        data: {
          level: 2,
          slug: `${passedKanji.data.characters}々`,
          characters: `${passedKanji.data.characters}々`,
          meanings: [{ meaning: 'Ready', primary: true, accepted_answer: true }],
          readings: [{ reading: 'てすと', primary: true, accepted_answer: true }],
          component_subject_ids: [passedKanji.id],
          parts_of_speech: ['noun'],
          spaced_repetition_system_id: 2,
          lesson_position: 99,
        },
      },
      waiting: {
        id: maxId + 3,
        object: 'vocabulary',
        data: {
          level: 2,
          slug: `${unpassedKanji.data.characters}々`,
          characters: `${unpassedKanji.data.characters}々`,
          meanings: [{ meaning: 'Waiting', primary: true, accepted_answer: true }],
          readings: [{ reading: 'てすと', primary: true, accepted_answer: true }],
          component_subject_ids: [unpassedKanji.id],
          parts_of_speech: ['noun'],
          spaced_repetition_system_id: 2,
          lesson_position: 98,
        },
      },
      later: {
        id: maxId + 4,
        object: 'kana_vocabulary',
        data: {
          level: 5,
          slug: 'あれ',
          characters: 'あれ',
          meanings: [{ meaning: 'That', primary: true, accepted_answer: true }],
          parts_of_speech: ['pronoun'],
          spaced_repetition_system_id: 1,
          lesson_position: 0,
        },
      },
    };
    const release2 = release1.map((s) => {
      const copy = structuredClone(s);
      if (copy.id === passedKanji.id) {
        copy.data.meanings = [{ meaning: 'Renamed', primary: true, accepted_answer: true }];
        copy.data.amalgamation_subject_ids = [...(copy.data.amalgamation_subject_ids as number[]), added.ready.id];
      }
      if (copy.id === withdrawn.data.subject_id) copy.data.hidden_at = '2026-12-01T00:00:00.000Z';
      return copy;
    });
    release2.push(...(Object.values(added) as unknown as Resource[]));
    app.clock.advance(3_600_000);

    const upgrade = captureIo();
    await prepareBundledContent(app.deps, upgrade.io, releaseFile(release2));
    expect(upgrade.out).toEqual([
      expect.stringMatching(/^Updated the bundled curriculum from .* in \d+ ms: 4 new, 2 changed, \d+ unchanged subjects\.$/),
    ]);

    // Every assignment is still there with its progress; only the withdrawn one is hidden.
    const after = new Map((await assignments(app, token)).map((a) => [a.id, a]));
    for (const a of before) {
      const now = after.get(a.id);
      expect(now, `assignment ${a.id}`).toBeDefined();
      const { hidden, ...rest } = now!.data;
      const { hidden: hiddenBefore, ...restBefore } = a.data;
      expect(rest).toEqual(restBefore);
      expect(hidden).toBe(a.data.subject_id === withdrawn.data.subject_id ? true : hiddenBefore);
    }
    expect(await userLevel(app, token)).toBe(2);
    // New subjects open by the usual rule: no components, or every component passed; never above the level.
    expect((await assignmentOf(app, token, added.kana.id))?.data.unlocked_at).toBe(new Date(app.clock.now()).toISOString());
    expect(await assignmentOf(app, token, added.ready.id)).toBeDefined();
    expect(await assignmentOf(app, token, added.waiting.id)).toBeUndefined();
    expect(await assignmentOf(app, token, added.later.id)).toBeUndefined();
    expect((await app.get(`/api/v1/subjects/${passedKanji.id}`, token)).json().data.meanings[0].meaning).toBe('Renamed');

    // The same file again: nothing is read or written.
    const stamp = (await app.get(`/api/v1/subjects/${passedKanji.id}`, token)).json().data_updated_at;
    app.clock.advance(60_000);
    const again = captureIo();
    await prepareBundledContent(app.deps, again.io, join(dir, `release-${written}.json`));
    expect(again.out).toEqual([]);
    expect((await app.get(`/api/v1/subjects/${passedKanji.id}`, token)).json().data_updated_at).toBe(stamp);
  });

  it('never loads the bundled curriculum over content an operator imported', async () => {
    const app = t();
    const foreign = release1.map((s) => ({ ...structuredClone(s), id: s.id + 100_000 }));
    for (const s of foreign) {
      s.data.component_subject_ids = s.data.component_subject_ids.map((c) => c + 100_000);
      s.data.amalgamation_subject_ids = (s.data.amalgamation_subject_ids as number[]).map((c) => c + 100_000);
      s.data.visually_similar_subject_ids = (s.data.visually_similar_subject_ids as number[]).map((c) => c + 100_000);
    }
    await operatorImport(app, releaseFile(foreign));

    const start = captureIo();
    await prepareBundledContent(app.deps, start.io, releaseFile(release1));
    expect(start.out).toEqual([]);
    const count = await app.deps.db.kysely.selectFrom('subjects').select('id').execute();
    expect(count).toHaveLength(foreign.length);
  });

  it('recognises a database loaded before releases were recorded: its own curriculum is upgraded, other content kept', async () => {
    const app = t();
    await prepareBundledContent(app.deps, captureIo().io, releaseFile(release1));
    await app.deps.db.kysely.deleteFrom('content_release').execute();
    const release2 = release1.map((s) => structuredClone(s));
    release2[0]!.data.meaning_hint = 'A new hint.';
    const upgrade = captureIo();
    await prepareBundledContent(app.deps, upgrade.io, releaseFile(release2));
    expect(upgrade.out).toEqual([expect.stringMatching(/: 0 new, 1 changed, \d+ unchanged subjects\.$/)]);

    // A database holding somebody else's numbering is left alone, and remembered as imported.
    await app.testDb.reset();
    const foreign = release1.filter((s) => s.object === 'kana_vocabulary').map((s) => ({ ...structuredClone(s), id: s.id + 100_000 }));
    await operatorImport(app, releaseFile(foreign));
    await app.deps.db.kysely.deleteFrom('content_release').execute();
    const start = captureIo();
    await prepareBundledContent(app.deps, start.io, releaseFile(release1));
    expect(start.out).toEqual([
      expect.stringMatching(/^The database holds imported content; the bundled curriculum .* is not loaded over it\.$/),
    ]);
    expect(await app.deps.db.kysely.selectFrom('subjects').select('id').execute()).toHaveLength(foreign.length);
    const second = captureIo();
    await prepareBundledContent(app.deps, second.io, releaseFile(release1));
    expect(second.out).toEqual([]);
  });
});
