import { countDone, localDay, markableCells, progressByThread, stitchingStatistics, type Pattern } from '@stitchwise/core';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useStitchingProgress } from '../../api/progress';

/** A number for each pattern object shown: a chart read again (after an edit elsewhere) is another object. */
const chartIds = new WeakMap<Pattern, number>();
function chartIdOf(pattern: Pattern): number {
  let id = chartIds.get(pattern);
  if (id === undefined) chartIds.set(pattern, (id = ++lastChartId));
  return id;
}
let lastChartId = 0;

/** Days in the statistics' chart of the recent days. */
export const RECENT_DAYS = 14;

/**
 * A project chart's stitching progress, kept in sync with the server (api/progress.ts), and what is counted
 * from it: done and total stitches, each thread's, and the statistics (stitches marked per day, the pace,
 * the estimated finish) on this device's calendar. `ready` once the progress read is the chart's version:
 * until then, and after an edit elsewhere until the new chart is read, nothing is counted.
 */
export function useChartProgress(projectId: string, pattern: Pattern) {
  const { state, sync, query, chartVersion } = useStitchingProgress(projectId, chartIdOf(pattern));
  const ready = chartVersion !== undefined && state.version === chartVersion && state.width === pattern.width && state.height === pattern.height;
  // Counting every stitch takes a few milliseconds on a large chart: done after a mark is drawn, not before.
  const bits = useDeferredValue(state.bits);
  const perThread = useMemo(() => (ready ? progressByThread(pattern, bits) : []), [ready, pattern, bits]);
  const total = useMemo(() => countDone(markableCells(pattern)), [pattern]);
  const done = useMemo(() => (ready ? countDone(bits) : 0), [ready, bits]);
  const today = useToday();
  const daily = useDeferredValue(state.daily);
  const statistics = useMemo(() => stitchingStatistics({ daily, done, total, today, days: RECENT_DAYS }), [daily, done, total, today]);
  return { state, sync, query, chartVersion, ready, perThread, done, total, statistics };
}

/** This device's calendar date (YYYY-MM-DD), looked at again every minute, so a screen left open past midnight moves on. */
export function useToday(): string {
  const [today, setToday] = useState(() => localDay(new Date()));
  useEffect(() => {
    const timer = setInterval(() => setToday(localDay(new Date())), 60_000);
    return () => clearInterval(timer);
  }, []);
  return today;
}
