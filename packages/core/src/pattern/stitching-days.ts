/**
 * Calendar days for stitching statistics: plain `YYYY-MM-DD` strings, the stitcher's own calendar date.
 * Arithmetic on them is done in UTC, on the date alone, so no time zone or summer-time change can move a
 * day. Also the record of stitches marked per day that is kept with a chart's progress.
 */

/** Net stitches marked per calendar day (`YYYY-MM-DD` → count; negative for a day of unpicking). */
export type DailyMarks = Readonly<Record<string, number>>;

/** Days of the record that are kept: today and the 364 before it. */
export const DAILY_DAYS_KEPT = 365;

const DAY_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** Milliseconds of the day's midnight in UTC; NaN unless `day` is a real date written YYYY-MM-DD. */
function dayTime(day: string): number {
  const match = DAY_TEXT.exec(day);
  if (!match) return NaN;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, date);
  const back = new Date(time);
  // Date.UTC rolls 31 April over to 1 May, and reads years 0–99 as 1900–1999: both are refused.
  return back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === date ? time : NaN;
}

const dayOf = (time: number): string => new Date(time).toISOString().slice(0, 10);

/** Whether `text` is a real calendar date written YYYY-MM-DD (from the year 100). */
export function isCalendarDay(text: string): boolean {
  return !Number.isNaN(dayTime(text));
}

/** The day `count` days after `day` (before it when negative). */
export function addDays(day: string, count: number): string {
  return dayOf(dayTime(day) + count * DAY_MS);
}

/** Days from `from` to `to`: 1 for the next day, negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayTime(to) - dayTime(from)) / DAY_MS);
}

/** The calendar date of `date` where this code runs (the device's time zone). */
export function localDay(date: Date): string {
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The calendar date of `date` in UTC. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The record's entries of the last DAILY_DAYS_KEPT days up to `today` (and any after it), oldest first, without zeros or entries that are not days. */
export function recentDaily(daily: DailyMarks, today: string): Record<string, number> {
  const first = addDays(today, 1 - DAILY_DAYS_KEPT);
  const kept = Object.entries(daily)
    .filter(([day, count]) => day >= first && isCalendarDay(day) && Number.isInteger(count) && count !== 0)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return Object.fromEntries(kept);
}

/** The record with `change` stitches added to `day`'s count; entries older than DAILY_DAYS_KEPT days before `today` are dropped. */
export function recordDay(daily: DailyMarks, day: string, change: number, today: string): Record<string, number> {
  return recentDaily({ ...daily, [day]: (daily[day] ?? 0) + change }, today);
}
