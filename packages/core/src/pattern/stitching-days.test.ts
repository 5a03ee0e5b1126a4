import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, isCalendarDay, localDay, recordDay, recentDaily } from './stitching-days.js';

describe('calendar days', () => {
  it('adds days across month, year and leap-day ends, in UTC on the date alone', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    // Europe's and America's summer time starts within these days: still one day each.
    expect(addDays('2026-03-07', 30)).toBe('2026-04-06');
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-01-10', '2025-12-31')).toBe(-10);
  });

  it('knows a real date from text that only looks like one', () => {
    for (const day of ['2026-01-09', '2028-02-29', '0100-01-01']) expect(isCalendarDay(day), day).toBe(true);
    for (const day of ['2026-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-1-9', '2026-01-09T00:00', ' 2026-01-09', '0099-12-31', '']) {
      expect(isCalendarDay(day), day).toBe(false);
    }
  });

  it('writes the local date of a moment', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(localDay(new Date(2026, 11, 31, 0, 0))).toBe('2026-12-31');
  });

  it('adds to a day’s count, drops zeros and keeps only the last 365 days', () => {
    const daily = { '2025-01-10': 5, '2025-01-11': 7, '2026-01-09': 3 };
    // 2026-01-10 − 364 days is 2025-01-11: the day before it goes.
    expect(recordDay(daily, '2026-01-10', 4, '2026-01-10')).toEqual({ '2025-01-11': 7, '2026-01-09': 3, '2026-01-10': 4 });
    expect(recordDay(daily, '2026-01-09', -3, '2026-01-10')).toEqual({ '2025-01-11': 7 });
    expect(recordDay({}, '2026-01-11', -2, '2026-01-10')).toEqual({ '2026-01-11': -2 });
    expect(Object.keys(recordDay({ '2026-01-09': 1, '2026-01-08': 1 }, '2026-01-07', 1, '2026-01-10'))).toEqual(['2026-01-07', '2026-01-08', '2026-01-09']);
    expect(recentDaily({ 'not a day': 3, '2026-01-10': 1.5, '2026-01-09': 2 }, '2026-01-10')).toEqual({ '2026-01-09': 2 });
  });
});
