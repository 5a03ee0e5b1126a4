import type { StitchingStatistics } from '@stitchwise/core';

/** "1 stitch", "1,240 stitches". */
export function stitchCount(count: number): string {
  return `${count.toLocaleString('en')} ${Math.abs(count) === 1 ? 'stitch' : 'stitches'}`;
}

/** A YYYY-MM-DD day as "14 January 2027" (`weekday`: "Thursday 14 January 2027"), read on the calendar, not in a time zone. */
export function formatDay(day: string, { weekday = false } = {}): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    ...(weekday && { weekday: 'long' }),
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}

/** "40 stitches marked today", "12 stitches unpicked today", "No stitches marked today". */
export function todayText(count: number): string {
  if (count === 0) return 'No stitches marked today';
  return count > 0 ? `${stitchCount(count)} marked today` : `${stitchCount(-count)} unpicked today`;
}

/** "About 240 stitches a day over the last 14 days"; undefined before anything is marked. */
export function paceText({ pace, paceDays }: StitchingStatistics): string | undefined {
  if (paceDays === 0) return undefined;
  const over = paceDays === 1 ? 'since you started today' : `over the last ${paceDays} days`;
  if (pace <= 0) return `No stitches gained ${over}`;
  const rounded = Math.round(pace);
  const rate = rounded === 0 ? 'Less than one stitch a day' : `About ${stitchCount(rounded)} a day`;
  return `${rate} ${over}`;
}

/** "At this pace you will finish around 14 January 2027", "Finished!", or what to do to see an estimate. */
export function finishText({ finish }: StitchingStatistics): string {
  if (finish.kind === 'finished') return 'Finished!';
  if (finish.kind === 'unknown') return 'Mark some stitches to see when you will finish.';
  return `At this pace you will finish around ${formatDay(finish.day)}`;
}
