import { allSubjectBriefs } from '../db/repositories/briefs.js';
import { visibleSubjectsAtLevel } from '../db/repositories/progress.js';
import type { Db } from '../db/connect.js';
import type { SubjectBrief } from '../domain/model/subjects.js';
import type { SubjectType } from '../domain/subjects.js';

interface Loaded {
  version: number;
  briefs: Promise<Map<number, SubjectBrief>>;
}

/** Per database: the briefs of every subject, for the content version they were read at. */
const cache = new WeakMap<Db, Loaded>();

/**
 * Briefs of every subject, read once per content version (see the content_version migration) and
 * then shared: screens that list many subjects (item_spread holds every subject a learner has)
 * look them up in memory instead of joining and parsing subject rows per request. `version` is the
 * one the credential check read (request.contentVersion).
 */
export function subjectBriefsAt(db: Db, version: number): Promise<Map<number, SubjectBrief>> {
  const loaded = cache.get(db);
  if (loaded !== undefined && loaded.version === version) return loaded.briefs;
  const briefs = allSubjectBriefs(db.kysely);
  cache.set(db, { version, briefs });
  // A failed read is not kept: the next request reads again.
  briefs.catch(() => {
    if (cache.get(db)?.briefs === briefs) cache.delete(db);
  });
  return briefs;
}

interface LevelsLoaded {
  version: number;
  byLevel: Map<number, Promise<{ id: number; type: SubjectType }[]>>;
}

/** Per database: each level's visible subjects read so far, for the content version they were read at. */
const levels = new WeakMap<Db, LevelsLoaded>();

/**
 * The level's non-hidden subjects with their types (visibleSubjectsAtLevel), read once per level
 * and content version: the dashboard's level progress counts the learner's assignments of them.
 * `version` as for subjectBriefsAt.
 */
export function visibleSubjectsAt(db: Db, version: number, level: number): Promise<{ id: number; type: SubjectType }[]> {
  let loaded = levels.get(db);
  if (loaded === undefined || loaded.version !== version) levels.set(db, (loaded = { version, byLevel: new Map() }));
  const { byLevel } = loaded;
  let subjects = byLevel.get(level);
  if (subjects === undefined) {
    subjects = visibleSubjectsAtLevel(db.kysely, level);
    byLevel.set(level, subjects);
    subjects.catch(() => {
      if (byLevel.get(level) === subjects) byLevel.delete(level);
    });
  }
  return subjects;
}
