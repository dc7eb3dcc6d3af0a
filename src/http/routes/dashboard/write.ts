import { dayNumberDate } from '../../../domain/calendar/day-numbers.js';
import { EXTRA_STUDY_KINDS } from '../../../domain/extra-study.js';
import { SPREAD_BUCKETS, SPREAD_TYPES } from '../../../domain/item-spread.js';
import type { SubjectBrief } from '../../../domain/model/subjects.js';
import type { Dashboard } from '../../../services/dashboard.js';
import type { Urls } from '../../envelopes.js';
import { fragment, JsonBytes } from '../../json-bytes.js';
import { presentDaysStudied } from '../days-studied/present.js';
import { presentAllowance } from '../lesson-allowance/present.js';
import { presentPeriodStats } from '../review-stats/present.js';
import { presentVacation } from '../vacation/present.js';

/**
 * GET /dashboard's report written as JSON bytes, in the order of its schema (schema.ts, which
 * documents it): the body the schema's serializer would make, without its text. Made as a string,
 * a body of some 25 KB (a forecast of 168 hours, 36 subjects) was built from thousands of pieces,
 * then flattened and encoded as UTF-8 for its ETag: a quarter of a dashboard's CPU at eight
 * connections (bench/README.md, eighteenth pass). test/http/dashboard-bytes.test.ts holds the
 * bytes to the schema: every key, in order, and JSON as JSON.stringify writes it.
 */
export function dashboardJson(urls: Urls, d: Dashboard): Buffer {
  const out = new JsonBytes(BODY_SIZE_HINT);
  out.json(`{"object":"report","url":${JSON.stringify(urls.of('/dashboard'))},"data_updated_at":`);
  out.instant(d.now);
  out.fragment(USERNAME);
  out.string(d.username);
  out.fragment(LEVEL);
  out.number(d.level);
  out.fragment(LESSONS);
  writeWaiting(out, d.lessonSubjectIds);
  out.fragment(LESSON_ALLOWANCE);
  out.json(JSON.stringify(presentAllowance(d.allowance)));
  out.fragment(VACATION);
  out.json(JSON.stringify(presentVacation(d.vacation)));
  out.fragment(REVIEWS);
  writeWaiting(out, d.reviewSubjectIds);
  out.fragment(FORECAST);
  d.forecast.forEach((f, i) => {
    out.fragment(i === 0 ? AVAILABLE_AT : NEXT_AVAILABLE_AT);
    out.instant(f.availableAt);
    out.fragment(COUNT);
    out.number(f.count);
    out.fragment(CUMULATIVE);
    out.number(f.cumulative);
    out.fragment(CLOSE_OBJECT);
  });
  const p = d.levelProgress;
  out.fragment(LEVEL_PROGRESS);
  out.number(p.level);
  out.json(`,"radicals":${tally(p.radicals)},"kanji":${tally(p.kanji)},"vocabulary":${tally(p.vocabulary)},"kanji_to_level_up":`);
  out.number(p.kanjiToLevelUp);
  out.fragment(ITEM_SPREAD);
  SPREAD_BUCKETS.forEach(({ key }, i) => {
    const counts = d.itemSpread[key];
    out.json(`${i === 0 ? '' : ','}"${key}":{`);
    for (const type of SPREAD_TYPES) out.json(`"${type.key}":${counts[type.key]},`);
    out.json(`"total":${counts.total}}`);
  });
  out.fragment(RECENT_MISTAKES);
  out.number(d.recentMistakeSubjectIds.length);
  out.fragment(SUBJECT_IDS);
  writeIds(out, d.recentMistakeSubjectIds);
  out.fragment(EXTRA_STUDY);
  out.json(EXTRA_STUDY_KINDS.map((k) => `"${k}":{"remaining":${d.extraStudy[k].remaining},"total":${d.extraStudy[k].total}}`).join(','));
  out.fragment(DAYS_STUDIED);
  out.json(JSON.stringify(presentDaysStudied(d.daysStudied)));
  const s = d.streak;
  out.json(
    `,"study_streak":{"current":${s.current},"best":${s.best},"studied_today":${s.studiedToday},"offerings":${s.offerings},` +
      `"today":"${dayNumberDate(s.today)}","recent_days":${JSON.stringify(s.recentDays)}}`,
  );
  out.fragment(CORRECT_PERCENTAGE);
  out.json(JSON.stringify(presentPeriodStats(d.correctPercentage)));
  out.fragment(REVIEWS_COMPLETED);
  out.json(JSON.stringify(presentPeriodStats(d.reviewsCompleted)));
  const { item_spread_view, recent_mistakes_mode, hidden_widgets } = d.preferences;
  out.json(
    `,"item_spread_view":${JSON.stringify(item_spread_view)},"recent_mistakes_mode":${JSON.stringify(recent_mistakes_mode)},` +
      `"hidden_widgets":${JSON.stringify(hidden_widgets)}`,
  );
  out.fragment(RECENTLY_UNLOCKED);
  d.recentlyUnlocked.forEach((x, i) => writeSubjectAt(out, i, x.subject, x.at));
  out.fragment(RECENTLY_BURNED);
  d.recentlyBurned.forEach((x, i) => writeSubjectAt(out, i, x.subject, x.at));
  out.fragment(CRITICAL_ITEMS);
  d.criticalItems.forEach((x, i) => {
    out.fragment(i === 0 ? SUBJECT : NEXT_SUBJECT);
    out.chunk(summaryOf(x.subject));
    out.fragment(PERCENTAGE_CORRECT);
    out.number(x.percentageCorrect);
    out.fragment(CLOSE_OBJECT);
  });
  out.fragment(END);
  return out.bytes();
}

/** Room for a heavy learner's body at once (its forecast and subject lists fill most of it). */
const BODY_SIZE_HINT = 32 * 1024;

const USERNAME = fragment(',"data":{"username":');
const LEVEL = fragment(',"level":');
const LESSONS = fragment(',"lessons":');
const LESSON_ALLOWANCE = fragment(',"lesson_allowance":');
const VACATION = fragment(',"vacation":');
const REVIEWS = fragment(',"reviews":');
const FORECAST = fragment(',"forecast":[');
const AVAILABLE_AT = fragment('{"available_at":');
const NEXT_AVAILABLE_AT = fragment(',{"available_at":');
const COUNT = fragment(',"count":');
const CUMULATIVE = fragment(',"cumulative":');
const CLOSE_OBJECT = fragment('}');
const LEVEL_PROGRESS = fragment('],"level_progress":{"level":');
const ITEM_SPREAD = fragment('},"item_spread":{');
const RECENT_MISTAKES = fragment('},"recent_mistakes":{"count":');
const SUBJECT_IDS = fragment(',"subject_ids":');
const AVAILABLE = fragment('{"available":');
const EXTRA_STUDY = fragment('},"extra_study":{');
const DAYS_STUDIED = fragment('},"days_studied":');
const CORRECT_PERCENTAGE = fragment(',"correct_percentage":');
const REVIEWS_COMPLETED = fragment(',"reviews_completed":');
const RECENTLY_UNLOCKED = fragment(',"recently_unlocked":[');
const RECENTLY_BURNED = fragment('],"recently_burned":[');
const CRITICAL_ITEMS = fragment('],"critical_items":[');
const SUBJECT = fragment('{"subject":');
const NEXT_SUBJECT = fragment(',{"subject":');
const AT = fragment(',"at":');
const PERCENTAGE_CORRECT = fragment(',"percentage_correct":');
const OPEN_LIST = fragment('[');
const COMMA = fragment(',');
const CLOSE_LIST = fragment(']');
const END = fragment(']}}');

const tally = (t: { passed: number; total: number }): string => `{"passed":${t.passed},"total":${t.total}}`;

function writeIds(out: JsonBytes, ids: readonly number[]): void {
  out.fragment(OPEN_LIST);
  for (let i = 0; i < ids.length; i += 1) {
    if (i > 0) out.fragment(COMMA);
    out.number(ids[i]!);
  }
  out.fragment(CLOSE_LIST);
}

/** `{"available":n,"subject_ids":[...]}`: lessons and reviews waiting. */
function writeWaiting(out: JsonBytes, ids: readonly number[]): void {
  out.fragment(AVAILABLE);
  out.number(ids.length);
  out.fragment(SUBJECT_IDS);
  writeIds(out, ids);
  out.fragment(CLOSE_OBJECT);
}

function writeSubjectAt(out: JsonBytes, index: number, subject: SubjectBrief, at: number): void {
  out.fragment(index === 0 ? SUBJECT : NEXT_SUBJECT);
  out.chunk(summaryOf(subject));
  out.fragment(AT);
  out.instant(at);
  out.fragment(CLOSE_OBJECT);
}

/**
 * A subject's summary as bytes, made once per brief: briefs are read once per content version
 * (services/subject-briefs.ts), so a summary lives as long as the brief it was made from.
 */
const summaries = new WeakMap<SubjectBrief, Buffer>();

function summaryOf(s: SubjectBrief): Buffer {
  let bytes = summaries.get(s);
  if (bytes === undefined) {
    const meanings = s.meanings.map((m) => ({ meaning: m.meaning, primary: m.primary, accepted_answer: m.acceptedAnswer }));
    const data = { slug: s.slug, level: s.level, characters: s.characters, meanings };
    bytes = Buffer.from(JSON.stringify({ id: s.id, object: s.object, data }));
    summaries.set(s, bytes);
  }
  return bytes;
}
