import { SUBJECT_TYPES, normalizeSubject, type NormalizedSubject, type SubjectType } from '../domain/subjects.js';
import {
  countSubjects,
  countSubjectsByTypeAndLevel,
  danglingComponents,
  existingSubjects,
  insertSubjects,
  knownSrsIds,
  propagateSubjectChange,
  replaceSubjectLinks,
  subjectDiffers,
  updateSubject,
} from '../db/repositories/subjects.js';
import { insertUnlockedAssignments, unlockableSubjects } from '../db/repositories/assignments.js';
import { readContentRelease, subjectIdentities, writeContentRelease } from '../db/repositories/content-release.js';
import { upsertVoiceActors } from '../db/repositories/catalog.js';
import { voiceActorsOfSubjects } from '../domain/voice-actors.js';
import { allUserLevels } from '../db/repositories/level-progressions.js';
import { stampEveryLearner } from '../db/learner-writes.js';
import { inTransaction, type Trx } from '../db/transaction.js';
import { ok, unprocessable, type Result } from '../shared/result.js';
import type { Deps } from './deps.js';
import type { SubjectCount, SubjectSource } from '../domain/model/subjects.js';

export interface ImportCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

export type ImportReport = Record<SubjectType, ImportCounts>;

function emptyReport(): ImportReport {
  return Object.fromEntries(SUBJECT_TYPES.map((t) => [t, { inserted: 0, updated: 0, unchanged: 0 }])) as ImportReport;
}

/** Validates every subject before anything is written; the first problem names its origin. */
function normalizeAll(sources: readonly SubjectSource[], now: number): Result<NormalizedSubject[]> {
  const seen = new Map<number, string>();
  const subjects: NormalizedSubject[] = [];
  for (const source of sources) {
    const outcome = normalizeSubject(source.value, now);
    if (!outcome.ok) return unprocessable(`${source.origin}: ${outcome.reason}`);
    const earlier = seen.get(outcome.subject.id);
    if (earlier !== undefined) return unprocessable(`${source.origin}: subject ${outcome.subject.id} appears twice (also ${earlier})`);
    seen.set(outcome.subject.id, source.origin);
    subjects.push(outcome.subject);
  }
  return ok(subjects);
}

/**
 * Where the stored content came from: the bundled open curriculum (with the sha256 of the shipped
 * file) or an operator's `content import`. A start reloads only bundled content whose file changed.
 */
export interface ContentRelease {
  readonly origin: 'bundled' | 'import';
  readonly sha256: string | null;
}

/**
 * Upserts subjects by id in one transaction: nothing is half-imported. Rows that change get a new
 * updated_at; users' assignments and statistics are kept, following a subject's level and visibility.
 * The voice actors the recordings name join the catalogue (see docs/decisions.md, Voice actors).
 * `release` (when given) is recorded in the same transaction, so a failed import records nothing.
 */
export async function importSubjects(
  deps: Deps,
  sources: readonly SubjectSource[],
  release?: ContentRelease,
): Promise<Result<ImportReport>> {
  const now = deps.clock.now();
  const normalized = normalizeAll(sources, now);
  if (!normalized.ok) return normalized;
  const subjects = normalized.value;
  const voiceActors = voiceActorsOfSubjects(subjects);
  if (!voiceActors.ok) return unprocessable(voiceActors.reason);
  const report = emptyReport();

  try {
    await inTransaction(deps.db, async (trx) => {
      // Learners' rows change only with a visibility flip or a new subject; they take one change
      // stamp, after every learner's previous one, the first time it is needed.
      let stamp: number | undefined;
      const learnerStamp = async () => (stamp ??= await stampEveryLearner(deps.db, trx, now));
      const srsIds = await knownSrsIds(trx);
      const badSrs = subjects.find((s) => !srsIds.has(s.srsId));
      if (badSrs) throw new ImportRejected(`subject ${badSrs.id} names unknown spaced_repetition_system_id ${badSrs.srsId}`);

      const existing = await existingSubjects(
        trx,
        subjects.map((s) => s.id),
      );
      const inserts: { subject: NormalizedSubject; dataJson: string }[] = [];
      const changed: NormalizedSubject[] = [];
      for (const subject of subjects) {
        const dataJson = JSON.stringify(subject.data);
        const before = existing.get(subject.id);
        if (before === undefined) {
          inserts.push({ subject, dataJson });
          report[subject.object].inserted += 1;
        } else if (before.object !== subject.object) {
          throw new ImportRejected(`subject ${subject.id} would change type from ${before.object} to ${subject.object}`);
        } else if (subjectDiffers(before, subject, dataJson)) {
          await updateSubject(trx, subject, dataJson, now);
          if (before.level !== subject.level || (before.hidden_at === null) !== (subject.hiddenAt === null)) {
            await propagateSubjectChange(trx, subject.id, subject.level, subject.hiddenAt !== null, await learnerStamp());
          }
          changed.push(subject);
          report[subject.object].updated += 1;
        } else {
          report[subject.object].unchanged += 1;
        }
      }
      await insertSubjects(trx, inserts, now);
      await upsertVoiceActors(trx, voiceActors.actors, now);
      const linked = [...inserts.map((i) => i.subject), ...changed];
      await replaceSubjectLinks(trx, linked);
      const dangling = await danglingComponents(
        trx,
        linked.map((s) => s.id),
      );
      if (dangling.length > 0) {
        throw new ImportRejected(`component_subject_ids name subjects that do not exist: ${dangling.slice(0, 10).join(', ')}`);
      }
      const opened = linked.filter((s) => s.hiddenAt === null);
      if (opened.length > 0) await unlockForExistingLearners(trx, opened, now, await learnerStamp());
      if (release) await writeContentRelease(trx, release, now);
    });
  } catch (error) {
    if (error instanceof ImportRejected) return unprocessable(error.message);
    throw error;
  }
  return ok(report);
}

/**
 * New (or newly visible) subjects at or below a learner's level open for them by the unlock rule (docs/decisions.md, Unlocks), as if they
 * had been there all along: at once without components, else when every component has passed.
 */
async function unlockForExistingLearners(trx: Trx, subjects: NormalizedSubject[], now: number, stamp: number): Promise<void> {
  const lowest = Math.min(...subjects.map((s) => s.level));
  for (const { userId, level } of await allUserLevels(trx)) {
    if (level < lowest) continue;
    const ids = subjects.filter((s) => s.level <= level).map((s) => s.id);
    const ready = await unlockableSubjects(trx, userId, { subjectIds: ids, maxLevel: level, prerequisite: 'passed' });
    await insertUnlockedAssignments(trx, userId, ready, now, stamp);
  }
}

/** Aborts the import transaction with a reason for the operator. */
class ImportRejected extends Error {}

/** What a start does with the bundled curriculum file, given what the database holds. */
export type BundledContentAction = 'load' | 'upgrade' | 'current' | 'imported' | 'unknown';

/**
 * `load` into an empty database; `upgrade` when the database holds an earlier bundled release;
 * `current` when it holds this file already; `imported` when an operator imported other content,
 * which a start never overwrites; `unknown` for content loaded before releases were recorded, which
 * the caller recognises by comparing subjects (see `holdsBundledContent`).
 */
export async function bundledContentAction(deps: Deps, sha256: string): Promise<BundledContentAction> {
  const release = await readContentRelease(deps.db.kysely);
  if (release?.origin === 'import') return 'imported';
  if (release?.origin === 'bundled') return release.sha256 === sha256 ? 'current' : 'upgrade';
  return (await hasContent(deps)) ? 'unknown' : 'load';
}

/** Share of stored subjects that must match the bundled dataset by id, type and characters to be taken for it. */
export const BUNDLED_MATCH_SHARE = 0.9;

/**
 * True when the stored subjects are (an earlier release of) the bundled curriculum: its ids never
 * renumber, so nearly every stored id has the same type and characters as in the shipped file. A
 * reference-API dump numbers its subjects differently and matches only by accident.
 */
export async function holdsBundledContent(deps: Deps, sources: readonly SubjectSource[]): Promise<boolean> {
  const stored = await subjectIdentities(deps.db.kysely);
  if (stored.size === 0) return false;
  let same = 0;
  for (const { value } of sources) {
    const s = value as { id?: unknown; object?: unknown; data?: { characters?: unknown } };
    if (typeof s.id === 'number' && stored.get(s.id) === `${String(s.object)}:${String(s.data?.characters ?? '')}`) same += 1;
  }
  return same >= BUNDLED_MATCH_SHARE * stored.size;
}

/** Records where the stored content came from without importing anything. */
export async function recordContentRelease(deps: Deps, release: ContentRelease): Promise<void> {
  await writeContentRelease(deps.db.kysely, release, deps.clock.now());
}

/** True once any subject has been loaded (the server loads the bundled curriculum otherwise). */
async function hasContent(deps: Deps): Promise<boolean> {
  return (await countSubjects(deps.db.kysely)) > 0;
}

export async function contentStats(deps: Deps): Promise<SubjectCount[]> {
  return countSubjectsByTypeAndLevel(deps.db.kysely);
}
