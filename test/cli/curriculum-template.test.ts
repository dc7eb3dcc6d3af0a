import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIXTURE_CONTENT_PATH } from '../../src/cli/bundled-content.js';
import { buildCurriculumTemplate } from '../../src/cli/build-curriculum-template.js';
import { seedFromCurriculumTemplate } from '../../src/cli/curriculum-template.js';
import { prepareFirstRun } from '../../src/cli/serve.js';
import { connect } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrator.js';
import { systemClock } from '../../src/shared/clock.js';
import { testConfig } from '../support/app.js';
import { TEST_DATABASE_URL } from '../support/db.js';

/**
 * The first start's prepared database (src/cli/curriculum-template.ts): a copy of it is the same
 * database a first start would have built, it never replaces an existing file, and the usual start
 * on it still applies what the template lacks.
 */
describe('The prepared first database (SQLite)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'study-template-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A first start's preparation on `databaseUrl`: what it applied and printed, and the subjects it then holds. */
  async function firstStart(databaseUrl: string, contentPath: string = FIXTURE_CONTENT_PATH) {
    const lines: string[] = [];
    const config = testConfig(databaseUrl, { CREATE_DEMO_ACCOUNT: 'true' });
    const db = connect(databaseUrl);
    try {
      const applied = await migrateToLatest(db);
      await prepareFirstRun({ db, clock: systemClock, config }, { out: (line) => lines.push(line), err: () => {} }, contentPath);
      const subjects = await db.kysely
        .selectFrom('subjects')
        .select(['id', 'object', 'slug', 'level', 'lesson_position', 'hidden_at', 'data', 'meanings'])
        .orderBy('id')
        .execute();
      const users = await db.kysely.selectFrom('users').select('username').execute();
      return { applied, lines, subjects, users };
    } finally {
      await db.close();
    }
  }

  it('gives the database a first start builds, and the usual start on the copy adds only the demo account', async () => {
    const template = join(dir, 'dist', 'curriculum.sqlite');
    await buildCurriculumTemplate(template, FIXTURE_CONTENT_PATH);
    expect(existsSync(template)).toBe(true);
    expect(existsSync(`${template}-wal`)).toBe(false);

    const copied = `sqlite:${join(dir, 'copied', 'study.db')}`;
    expect(seedFromCurriculumTemplate(copied, template)).toBe(true);
    const fromCopy = await firstStart(copied);
    const built = await firstStart(`sqlite:${join(dir, 'built', 'study.db')}`);

    expect(fromCopy.applied).toEqual([]);
    expect(built.applied.length).toBeGreaterThan(0);
    expect(fromCopy.subjects.length).toBeGreaterThan(0);
    // Everything but the instant the rows were written (the build's, for the copy).
    expect(fromCopy.subjects).toEqual(built.subjects);
    expect(fromCopy.users).toEqual([{ username: 'demo' }]);
    expect(fromCopy.lines.some((line) => line.startsWith('Loaded '))).toBe(false);
    expect(fromCopy.lines[0]).toBe('Created the "demo" account. Its API token (shown once, keep it):');
  });

  it('brings a copy of a template made from an older curriculum up to date by the usual upgrade', async () => {
    const template = join(dir, 'curriculum.sqlite');
    await buildCurriculumTemplate(template, FIXTURE_CONTENT_PATH);
    const release = JSON.parse(readFileSync(FIXTURE_CONTENT_PATH, 'utf8')) as { data: { data: { meanings: { meaning: string }[] } }[] };
    release.data[0]!.data.meanings[0]!.meaning = 'A Newer Meaning';
    const newer = join(dir, 'newer.json');
    writeFileSync(newer, JSON.stringify(release));

    const copied = `sqlite:${join(dir, 'study.db')}`;
    expect(seedFromCurriculumTemplate(copied, template)).toBe(true);
    const started = await firstStart(copied, newer);
    expect(started.lines[0]).toMatch(/^Updated the bundled curriculum from .+: 0 new, 1 changed, \d+ unchanged subjects\.$/);
    expect(started.subjects.map((subject) => subject.data).join('\n')).toContain('A Newer Meaning');
  });

  it('never replaces an existing database, a database left as its log alone, or an in-memory one', async () => {
    const template = join(dir, 'curriculum.sqlite');
    writeFileSync(template, 'the template');
    const existing = join(dir, 'existing.db');
    writeFileSync(existing, 'a learner database');
    expect(seedFromCurriculumTemplate(`sqlite:${existing}`, template)).toBe(false);
    expect(readFileSync(existing, 'utf8')).toBe('a learner database');

    const orphan = join(dir, 'orphan.db');
    writeFileSync(`${orphan}-wal`, 'a log');
    expect(seedFromCurriculumTemplate(`sqlite:${orphan}`, template)).toBe(false);
    expect(existsSync(orphan)).toBe(false);

    expect(seedFromCurriculumTemplate('sqlite::memory:', template)).toBe(false);
    expect(seedFromCurriculumTemplate(`sqlite:${join(dir, 'none.db')}`, join(dir, 'missing.sqlite'))).toBe(false);
    expect(existsSync(join(dir, 'none.db'))).toBe(false);
  });

  it.runIf(TEST_DATABASE_URL !== undefined)('leaves PostgreSQL to the usual first start', () => {
    expect(seedFromCurriculumTemplate(TEST_DATABASE_URL!, join(dir, 'curriculum.sqlite'))).toBe(false);
  });
});
