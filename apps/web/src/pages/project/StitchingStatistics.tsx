import { threadLabel, type LegendEntry, type Pattern } from '@stitchwise/core';
import { useMemo } from 'react';
import { blendColours } from '../../components/swatch';
import { ThreadSwatch } from '../../components/ThreadSwatch';
import { DayBars } from './DayBars';
import { finishText, paceText, stitchCount, todayText } from './statistics-text';
import { formatPercent, ProgressBar } from './stitching-progress';
import { RECENT_DAYS, useChartProgress } from './use-chart-progress';

/**
 * The project page's 'Stitching statistics': done of total, stitches marked today, the recent pace and the
 * estimated finish, a bar chart of the last two weeks, and the stitches left of each thread, most first. The
 * progress is this device's sync engine's (api/progress.ts): marks kept here and not yet sent count too, and
 * go to the server from here as from Stitching mode.
 */
export function StitchingStatistics({ projectId, pattern }: { projectId: string; pattern: Pattern }) {
  const { query, ready, statistics, done, total, perThread } = useChartProgress(projectId, pattern);
  const pace = paceText(statistics);
  return (
    <section className="card space-y-4" aria-labelledby="stitching-statistics-title" data-testid="stitching-statistics">
      <h2 id="stitching-statistics-title" className="font-semibold">
        Stitching statistics
      </h2>
      {query.isError ? (
        <div className="text-sm">
          <p className="text-red-700">Your stitching progress could not be loaded.</p>
          <button type="button" className="btn-secondary mt-2 min-h-8" onClick={() => void query.refetch()}>
            Try Again
          </button>
        </div>
      ) : !ready ? (
        <p className="text-sm text-slate-600">Loading your progress…</p>
      ) : (
        <>
          <div className="space-y-1 text-sm">
            <p className="font-semibold tabular-nums">
              {done.toLocaleString('en')} of {stitchCount(total)} done — {formatPercent(done, total)} %
            </p>
            <ProgressBar done={done} total={total} className="max-w-md" />
            <p>{todayText(statistics.today)}</p>
            {pace && <p>{pace}</p>}
            <p className="font-semibold" data-testid="finish-estimate">
              {finishText(statistics)}
            </p>
          </div>
          <div className="grid gap-6 md:grid-cols-2">
            <div>
              <h3 className="mb-2 text-sm font-semibold">Last {RECENT_DAYS} days</h3>
              <DayBars days={statistics.days} caption={`Stitches marked each day, the last ${RECENT_DAYS} days`} />
            </div>
            <ThreadsLeft legend={pattern.legend} perThread={perThread} />
          </div>
        </>
      )}
    </section>
  );
}

/** Each thread's stitches still to mark, most first (threads with nothing to mark left out). */
function ThreadsLeft({ legend, perThread }: { legend: readonly LegendEntry[]; perThread: readonly { done: number; total: number }[] }) {
  const rows = useMemo(
    () =>
      legend
        .map((entry) => ({ entry, ...(perThread[entry.index] ?? { done: 0, total: 0 }) }))
        .filter((row) => row.total > 0)
        .sort((a, b) => b.total - b.done - (a.total - a.done) || a.entry.index - b.entry.index),
    [legend, perThread],
  );
  const cell = 'px-2 py-1';
  return (
    <div>
      <h3 id="threads-left-title" className="mb-2 text-sm font-semibold">
        Stitches left per thread
      </h3>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" aria-labelledby="threads-left-title">
          <thead className="border-b border-slate-300 text-xs text-slate-600">
            <tr>
              <th scope="col" className={cell}>
                Thread
              </th>
              <th scope="col" className={`${cell} text-right`}>
                Left
              </th>
              <th scope="col" className={`${cell} text-right`}>
                Done
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ entry, done, total }) => (
              <tr key={entry.index} className="border-b border-slate-100" data-testid="thread-left">
                <th scope="row" className={`${cell} font-normal`}>
                  <span className="flex items-center gap-2">
                    <ThreadSwatch hex={entry.hex} blend={blendColours(entry)} size="h-5 w-5" />
                    <span className="w-4 text-center" aria-hidden="true">
                      {entry.symbol}
                    </span>
                    <span className="min-w-0">
                      <span className="font-semibold whitespace-nowrap">{threadLabel(entry)}</span> {entry.name}
                    </span>
                  </span>
                </th>
                <td className={`${cell} text-right font-semibold tabular-nums`}>{(total - done).toLocaleString('en')}</td>
                <td className={`${cell} text-right text-slate-600 tabular-nums`}>{formatPercent(done, total)} %</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
