import { describe, expect, it } from 'vitest';
import { stitchingStatistics } from './progress-stats.js';

describe('stitchingStatistics', () => {
  const today = '2026-01-10';

  it('has no pace and no finish before anything is marked', () => {
    const stats = stitchingStatistics({ daily: {}, done: 0, total: 1000, today });
    expect(stats).toMatchObject({ today: 0, pace: 0, paceDays: 0, remaining: 1000, finish: { kind: 'unknown' } });
    expect(stats.days).toHaveLength(14);
    expect(stats.days[0]).toEqual({ day: '2025-12-28', count: 0 });
    expect(stats.days[13]).toEqual({ day: today, count: 0 });
    expect(stitchingStatistics({ daily: {}, done: 0, total: 1000, today, days: 30 }).days[0]!.day).toBe('2025-12-12');
  });

  it('takes the pace of a first day alone: 250 today, 750 left, done in 3 days', () => {
    const stats = stitchingStatistics({ daily: { [today]: 250 }, done: 250, total: 1000, today });
    expect(stats).toMatchObject({ today: 250, pace: 250, paceDays: 1, remaining: 750 });
    expect(stats.finish).toEqual({ kind: 'estimate', day: '2026-01-13', days: 3 });
  });

  it('counts the days since the first marks, gaps included, when they began within two weeks', () => {
    // First marks on the 6th: 5 days (6th–10th), 100 + 0 + 0 + 60 + 40 = 200, 40 a day; 1000 left → 25 days.
    const daily = { '2026-01-06': 100, '2026-01-09': 60, '2026-01-10': 40 };
    const stats = stitchingStatistics({ daily, done: 200, total: 1200, today });
    expect(stats).toMatchObject({ today: 40, pace: 40, paceDays: 5, remaining: 1000 });
    expect(stats.finish).toEqual({ kind: 'estimate', day: '2026-02-04', days: 25 });
    expect(stats.days.slice(-5).map((entry) => entry.count)).toEqual([100, 0, 0, 60, 40]);
  });

  it('takes the last 14 days only once the first marks are older: the window’s edges', () => {
    // The window is 28 Dec – 10 Jan: the 27th is out, the 28th in.
    const daily = { '2025-11-01': 5000, '2025-12-27': 1000, '2025-12-28': 70, '2026-01-10': 70 };
    const stats = stitchingStatistics({ daily, done: 6140, total: 7000, today });
    expect(stats).toMatchObject({ pace: 10, paceDays: 14, remaining: 860 });
    expect(stats.finish).toEqual({ kind: 'estimate', day: '2026-04-06', days: 86 });
    expect(stats.days[0]).toEqual({ day: '2025-12-28', count: 70 });
  });

  it('rounds the days left up: 101 left at 50 a day is 3 days', () => {
    const stats = stitchingStatistics({ daily: { '2026-01-09': 60, '2026-01-10': 40 }, done: 100, total: 201, today });
    expect(stats.pace).toBe(50);
    expect(stats.finish).toEqual({ kind: 'estimate', day: '2026-01-13', days: 3 });
    // A third of a stitch a day, kept exact: 10 left at 1/3 a day is 30 days, not 31.
    const slow = stitchingStatistics({ daily: { '2025-12-20': 9, '2025-12-28': 4, '2026-01-03': 1 }, done: 14, total: 15, today });
    expect(slow).toMatchObject({ paceDays: 14, pace: 5 / 14 });
    expect(slow.finish).toEqual({ kind: 'estimate', day: '2026-01-13', days: 3 });
    expect(stitchingStatistics({ daily: { '2026-01-08': 1 }, done: 1, total: 11, today }).finish).toEqual({ kind: 'estimate', day: '2026-02-09', days: 30 });
  });

  it('subtracts a day of unpicking, and has no finish when the pace is not forward', () => {
    const daily = { '2026-01-08': 300, '2026-01-09': -100, '2026-01-10': -50 };
    const stats = stitchingStatistics({ daily, done: 150, total: 1000, today });
    expect(stats).toMatchObject({ today: -50, pace: 50, paceDays: 3 });
    expect(stats.finish).toEqual({ kind: 'estimate', day: '2026-01-27', days: 17 });
    const backwards = stitchingStatistics({ daily: { '2026-01-08': 100, '2026-01-09': -150 }, done: 0, total: 1000, today });
    expect(backwards.pace).toBeLessThan(0);
    expect(backwards.finish).toEqual({ kind: 'unknown' });
    // Marks long ago and none since: no pace.
    const idle = stitchingStatistics({ daily: { '2025-10-01': 500 }, done: 500, total: 1000, today });
    expect(idle).toMatchObject({ pace: 0, paceDays: 14, finish: { kind: 'unknown' } });
  });

  it('is finished when every stitch is done, whatever the pace', () => {
    expect(stitchingStatistics({ daily: { [today]: 10 }, done: 1000, total: 1000, today }).finish).toEqual({ kind: 'finished' });
    expect(stitchingStatistics({ daily: {}, done: 1000, total: 1000, today })).toMatchObject({ remaining: 0, finish: { kind: 'finished' } });
  });

  it('counts a day after today (a device whose calendar is ahead) as today', () => {
    const stats = stitchingStatistics({ daily: { '2026-01-11': 30, [today]: 20 }, done: 50, total: 100, today });
    expect(stats).toMatchObject({ today: 50, pace: 50, paceDays: 1 });
    expect(stats.days.at(-1)).toEqual({ day: today, count: 50 });
  });
});
