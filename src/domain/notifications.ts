import { DateTime } from 'luxon';
import { DAY_MS, HOUR_MS } from '../shared/time.js';

/**
 * Pure decisions of the outbound notifications: which tokens are the push provider's, when a push
 * is announced or held (see docs/decisions.md, Push notifications), and when a learner gets a backlog email (see docs/decisions.md, Nudge emails).
 */

/** Quiet hours in the learner's zone: [start, end) local hours, wrapping midnight. */
export const QUIET_HOURS = { start: 22, end: 8 } as const;

/** The provider's two prefixes (see docs/decisions.md, Push notifications); the value is its url-safe id, never empty, never bracketed. */
const PUSH_TOKEN_FORM = /^(?:ExponentPushToken|ExpoPushToken)\[[A-Za-z0-9_-]+\]$/;
export const PUSH_TOKEN_MAX_CHARS = 255;
/**
 * Active push tokens one account may hold: a learner's phones and tablets, with room for reinstalls.
 * Registering one more retires the oldest (see docs/decisions.md, "Bounded accounts").
 */
export const PUSH_TOKENS_MAX_ACTIVE = 10;
export const PUSH_PLATFORMS = ['ios', 'android'] as const;
export type PushPlatform = (typeof PUSH_PLATFORMS)[number];

export function isPushToken(token: string): boolean {
  return token.length <= PUSH_TOKEN_MAX_CHARS && PUSH_TOKEN_FORM.test(token);
}

export function isQuietHour(now: number, zone: string): boolean {
  const hour = DateTime.fromMillis(now, { zone }).hour;
  return QUIET_HOURS.start > QUIET_HOURS.end
    ? hour >= QUIET_HOURS.start || hour < QUIET_HOURS.end
    : hour >= QUIET_HOURS.start && hour < QUIET_HOURS.end;
}

/** What a push run decided for one learner; `failed` when no device accepted an announcement. */
export const PUSH_DECISIONS = ['sent', 'held_quiet_hours', 'no_change', 'on_vacation', 'no_devices', 'failed'] as const;
export type PushDecision = (typeof PUSH_DECISIONS)[number];

/** The decisions reached before anything is counted: nothing to reach, or nobody to disturb. */
export function pushGate(facts: { activeDevices: number; onVacation: boolean }): 'no_devices' | 'on_vacation' | null {
  if (facts.activeDevices === 0) return 'no_devices';
  if (facts.onVacation) return 'on_vacation';
  return null;
}

export interface PushPlan {
  decision: 'sent' | 'held_quiet_hours' | 'no_change';
  /** The baseline to store: the count announced, or the live count once it fell. */
  baseline: number;
}

/**
 * The baseline rule: announce only a rise above the count last announced; let the baseline follow
 * the count down so a later, smaller arrival is announced too; in quiet hours hold a rise (the
 * baseline stays, so it is announced once they end).
 */
export function planPush(facts: { waiting: number; baseline: number; quiet: boolean }): PushPlan {
  if (facts.waiting <= facts.baseline) return { decision: 'no_change', baseline: facts.waiting };
  if (facts.quiet) return { decision: 'held_quiet_hours', baseline: facts.baseline };
  return { decision: 'sent', baseline: facts.waiting };
}

export interface PushContent {
  title: string;
  body: string;
  /** Total waiting, shown on the app icon. */
  badge: number;
  /** Where a tap opens the app. */
  url: '/reviews' | '/lessons';
}

function waiting(count: number, noun: string): string {
  return count === 1 ? `1 ${noun} is waiting` : `${count} ${noun}s are waiting`;
}

/** The announcement of what waits (see docs/decisions.md, Push notifications): reviews lead when there are any. */
export function pushContent(reviews: number, lessons: number): PushContent {
  const badge = reviews + lessons;
  if (reviews === 0) return { title: waiting(lessons, 'lesson'), body: 'Open the app to learn them.', badge, url: '/lessons' };
  const body = lessons === 0 ? 'Open the app to review them.' : `${waiting(lessons, 'lesson')} too.`;
  return { title: waiting(reviews, 'review'), body, badge, url: '/reviews' };
}

/** The gates of the backlog email (docs/decisions.md, Nudge emails). */
export const NUDGE_GATES = {
  /** Whole local days before today without a review or lesson. */
  idleDays: 3,
  /** How long the oldest waiting review must have waited. */
  backlogAgeMs: 48 * HOUR_MS,
  minReviews: 10,
  /** Local days between two nudges: at most one a week. */
  intervalDays: 7,
} as const;

export const NUDGE_DECISIONS = [
  'sent',
  'no_email',
  'unsubscribed',
  'on_vacation',
  'recently_nudged',
  'recently_studied',
  'too_few_reviews',
  'backlog_too_recent',
  'failed',
] as const;
export type NudgeDecision = (typeof NUDGE_DECISIONS)[number];

function localDaysBetween(earlier: number, later: number, zone: string): number {
  const day = (at: number) => DateTime.fromMillis(at, { zone }).startOf('day');
  return Math.round(day(later).diff(day(earlier), 'days').days);
}

/**
 * The account gates, decided without counting anything. The week is counted in local dates, not
 * in 168 hours, so a daily run that starts a few seconds earlier than last week's still sends.
 */
export function nudgeAccountGate(
  account: { hasEmail: boolean; unsubscribed: boolean; onVacation: boolean; lastNudgedAt: number | null },
  now: number,
  zone: string,
): 'no_email' | 'unsubscribed' | 'on_vacation' | 'recently_nudged' | null {
  if (!account.hasEmail) return 'no_email';
  if (account.unsubscribed) return 'unsubscribed';
  if (account.onVacation) return 'on_vacation';
  if (account.lastNudgedAt !== null && localDaysBetween(account.lastNudgedAt, now, zone) < NUDGE_GATES.intervalDays)
    return 'recently_nudged';
  return null;
}

/** The instants in which any study means the learner is not idle: the idle days before today, and today. */
export function nudgeIdleWindow(now: number, zone: string): { from: number; to: number } {
  const today = DateTime.fromMillis(now, { zone }).startOf('day');
  return { from: today.minus({ days: NUDGE_GATES.idleDays }).toMillis(), to: today.plus({ days: 1 }).toMillis() };
}

/** The backlog gates: idle long enough, enough reviews, and the oldest one old enough. */
export function nudgeBacklogGate(
  backlog: { studiedInIdleWindow: boolean; reviewsWaiting: number; oldestWaitingAt: number | null },
  now: number,
): 'recently_studied' | 'too_few_reviews' | 'backlog_too_recent' | 'sent' {
  if (backlog.studiedInIdleWindow) return 'recently_studied';
  if (backlog.reviewsWaiting < NUDGE_GATES.minReviews) return 'too_few_reviews';
  if (backlog.oldestWaitingAt === null || now - backlog.oldestWaitingAt < NUDGE_GATES.backlogAgeMs) return 'backlog_too_recent';
  return 'sent';
}

/** Whole days, for the email's wording ("the oldest has waited 3 days"). */
export function daysWaited(since: number, now: number): number {
  return Math.floor((now - since) / DAY_MS);
}
