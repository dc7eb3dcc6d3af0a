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
import { allUserLevels } from '../db/repositories/level-progressions.js';
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
 * Upserts subjects by id in one transaction: nothing is half-imported. Rows that change get a new
 * updated_at; users' assignments and statistics are kept, following a subject's level and visibility.
 */
export async function importSubjects(deps: Deps, sources: readonly SubjectSource[]): Promise<Result<ImportReport>> {
  const now = deps.clock.now();
  const normalized = normalizeAll(sources, now);
  if (!normalized.ok) return normalized;
  const subjects = normalized.value;
  const report = emptyReport();

  try {
    await inTransaction(deps.db, async (trx) => {
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
            await propagateSubjectChange(trx, subject.id, subject.level, subject.hiddenAt !== null, now);
          }
          changed.push(subject);
          report[subject.object].updated += 1;
        } else {
          report[subject.object].unchanged += 1;
        }
      }
      await insertSubjects(trx, inserts, now);
      const linked = [...inserts.map((i) => i.subject), ...changed];
      await replaceSubjectLinks(trx, linked);
      const dangling = await danglingComponents(
        trx,
        linked.map((s) => s.id),
      );
      if (dangling.length > 0) {
        throw new ImportRejected(`component_subject_ids name subjects that do not exist: ${dangling.slice(0, 10).join(', ')}`);
      }
      await unlockForExistingLearners(
        trx,
        linked.filter((s) => s.hiddenAt === null),
        now,
      );
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
async function unlockForExistingLearners(trx: Trx, subjects: NormalizedSubject[], now: number): Promise<void> {
  if (subjects.length === 0) return;
  const lowest = Math.min(...subjects.map((s) => s.level));
  for (const { userId, level } of await allUserLevels(trx)) {
    if (level < lowest) continue;
    const ids = subjects.filter((s) => s.level <= level).map((s) => s.id);
    const ready = await unlockableSubjects(trx, userId, { subjectIds: ids, maxLevel: level, prerequisite: 'passed' });
    await insertUnlockedAssignments(trx, userId, ready, now);
  }
}

/** Aborts the import transaction with a reason for the operator. */
class ImportRejected extends Error {}

/** True once any subject has been loaded (the server loads the bundled curriculum otherwise). */
export async function hasContent(deps: Deps): Promise<boolean> {
  return (await countSubjects(deps.db.kysely)) > 0;
}

export async function contentStats(deps: Deps): Promise<SubjectCount[]> {
  return countSubjectsByTypeAndLevel(deps.db.kysely);
}
