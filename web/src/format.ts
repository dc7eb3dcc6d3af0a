import { useUser } from './session.js';

/** The browser's own IANA zone. */
export function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The zone every time is shown in: the learner's `timezone`, else the browser's. */
export function useZone(): string {
  return useUser().timezone ?? browserZone();
}

const numbers = new Intl.NumberFormat();

export function formatNumber(value: number): string {
  return numbers.format(value);
}

/** "42 %" style, or an em dash when there is nothing to measure (null). */
export function formatPercent(value: number | null): string {
  return value === null ? '—' : new Intl.NumberFormat(undefined, { style: 'percent' }).format(value / 100);
}

/** An instant (ISO) as a date and time in `zone`. */
export function formatDateTime(iso: string, zone: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }).format(new Date(iso));
}

/** A calendar date (`YYYY-MM-DD`, already the learner's day) in words; formatted at UTC so the day never shifts. */
export function formatDay(day: string, style: 'long' | 'medium' | 'short' = 'medium'): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: style, timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/** The weekday of a calendar date, short ("Mon"). */
export function weekdayOf(day: string): string {
  return new Intl.DateTimeFormat(undefined, { weekday: 'short', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/** The calendar day (`YYYY-MM-DD`) of an instant in `zone`. */
export function dayInZone(iso: string, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
}

/** `n thing(s)` with the count formatted. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
}

export const PERIOD_LABEL: Record<string, string> = {
  today: 'Today',
  past_7_days: 'Past 7 days',
  this_month: 'This month',
  past_28_days: 'Past 28 days',
  this_year: 'This year',
  past_365_days: 'Past 365 days',
  all_time: 'All time',
};

export const PREVIOUS_PERIOD_LABEL: Record<string, string> = {
  today: 'yesterday',
  past_7_days: 'the 7 days before',
  this_month: 'last month',
  past_28_days: 'the 28 days before',
  this_year: 'last year',
  past_365_days: 'the 365 days before',
  all_time: '',
};
