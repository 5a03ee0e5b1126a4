import { addDays, daysBetween, isCalendarDay, type DailyMarks } from './stitching-days.js';

/** Days the recent pace is taken over: the last two weeks, today included. */
export const PACE_DAYS = 14;

export interface DayCount {
  /** YYYY-MM-DD. */
  day: string;
  /** Net stitches marked that day (negative for a day of unpicking). */
  count: number;
}

/** When the chart will be done at the recent pace. */
export type FinishEstimate =
  | { kind: 'finished' }
  /** `day` is `days` days after today. */
  | { kind: 'estimate'; day: string; days: number }
  /** Nothing marked yet, or no progress at the recent pace. */
  | { kind: 'unknown' };

export interface StitchingStatistics {
  /** The last days (as many as asked for), oldest first, ending today. */
  days: DayCount[];
  /** Net stitches marked today. */
  today: number;
  /** Stitches a day at the recent pace: fractional, and 0 or less when nothing moved forward. */
  pace: number;
  /** How many days the pace is the average of: PACE_DAYS, fewer when the first marks are more recent, 0 before any. */
  paceDays: number;
  /** Stitches still to mark. */
  remaining: number;
  finish: FinishEstimate;
}

export interface StatisticsInput {
  /** Net stitches marked per day, as kept with the progress (with this device's unsent marks in today's count). */
  daily: DailyMarks;
  done: number;
  total: number;
  /** The stitcher's calendar date, YYYY-MM-DD. */
  today: string;
  /** Days in the list for a chart of the recent days. */
  days?: number;
}

/**
 * Statistics of a chart's stitching from the stitches marked per day: the recent days, the pace (stitches
 * a day over the last PACE_DAYS days, or over the days since the first marks when they are more recent) and
 * the day the chart will be finished at that pace: today + ⌈remaining ÷ pace⌉ days. A day after today in
 * the record (marked on a device whose calendar is ahead) counts as today.
 */
export function stitchingStatistics({ daily, done, total, today, days = PACE_DAYS }: StatisticsInput): StitchingStatistics {
  const counts = new Map<string, number>();
  let first: string | undefined;
  for (const [recorded, count] of Object.entries(daily)) {
    if (!count || !isCalendarDay(recorded)) continue;
    const day = recorded > today ? today : recorded;
    counts.set(day, (counts.get(day) ?? 0) + count);
    if (first === undefined || day < first) first = day;
  }
  const countOn = (day: string): number => counts.get(day) ?? 0;

  const windowStart = addDays(today, 1 - PACE_DAYS);
  const from = first === undefined ? undefined : first > windowStart ? first : windowStart;
  const paceDays = from === undefined ? 0 : daysBetween(from, today) + 1;
  let marked = 0;
  for (let back = 0; back < paceDays; back++) marked += countOn(addDays(today, -back));
  const remaining = Math.max(0, total - done);

  return {
    days: Array.from({ length: days }, (_, index) => {
      const day = addDays(today, index + 1 - days);
      return { day, count: countOn(day) };
    }),
    today: countOn(today),
    pace: paceDays > 0 ? marked / paceDays : 0,
    paceDays,
    remaining,
    finish: finishOf(remaining, done, total, marked, paceDays, today),
  };
}

function finishOf(remaining: number, done: number, total: number, marked: number, paceDays: number, today: string): FinishEstimate {
  if (done >= total) return { kind: 'finished' };
  if (marked <= 0 || paceDays === 0) return { kind: 'unknown' };
  // remaining ÷ (marked ÷ paceDays), in whole numbers so no rounding error adds a day.
  const days = Math.ceil((remaining * paceDays) / marked);
  return { kind: 'estimate', day: addDays(today, days), days };
}
