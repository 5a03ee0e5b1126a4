import { threadLabel, type LegendEntry, type StitchingStatistics } from '@stitchwise/core';
import { SymbolSwatch } from '../../components/chart/SymbolSwatch';
import { blendColours, blendStrandsText } from '../../components/swatch';
import { finishText, paceText, todayText } from './statistics-text';
import { formatPercent, ProgressBar } from './stitching-progress';

/**
 * The legend while stitching (in Stitching mode's Threads sheet), under today's count, the pace and the
 * estimated finish: each thread's symbol, colour, brand, code and name, and its progress (a percentage, done
 * of its stitches, the stitches left and a bar). Tapping a thread filters the chart to it (only its stitches
 * at full strength, and only they are marked); tapping it again shows all.
 */
export function StitchingThreads({
  legend,
  perThread,
  statistics,
  filter,
  onFilter,
}: {
  legend: readonly LegendEntry[];
  perThread: readonly { done: number; total: number }[];
  statistics: StitchingStatistics;
  filter: number | undefined;
  onFilter: (thread: number | undefined) => void;
}) {
  const pace = paceText(statistics);
  return (
    <div>
      <div className="mb-3 rounded-lg bg-slate-100 px-3 py-2 text-sm" data-testid="stitching-today">
        <p className="font-semibold">{todayText(statistics.today)}</p>
        {pace && <p>{pace}</p>}
        <p>{finishText(statistics)}</p>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600">Tap a thread to show and mark only its stitches; tap it again to show all.</p>
        {filter !== undefined && (
          <button type="button" className="btn-secondary min-h-11" onClick={() => onFilter(undefined)}>
            Show all threads
          </button>
        )}
      </div>
      <ul className="mt-3 space-y-1">
        {legend.map((entry) => {
          const { done, total } = perThread[entry.index] ?? { done: 0, total: 0 };
          const selected = filter === entry.index;
          return (
            <li key={entry.index}>
              <button
                type="button"
                className={`flex min-h-15 w-full items-center gap-3 rounded-lg border px-3 py-2 text-left ${selected ? 'border-violet-500 bg-violet-50' : 'border-transparent hover:bg-slate-50'} disabled:cursor-default disabled:opacity-60`}
                aria-pressed={selected}
                disabled={total === 0}
                data-testid="stitching-thread"
                data-code={entry.code}
                onClick={() => onFilter(selected ? undefined : entry.index)}
              >
                <SymbolSwatch hex={entry.hex} blend={blendColours(entry)} symbol={entry.symbol} className="size-9 text-base font-bold" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm">
                    {/* A blend's strands before its long name, which may be cut short. */}
                    <span className="font-semibold">{threadLabel(entry)}</span>
                    {blendStrandsText(entry) && <span className="text-slate-600"> ({blendStrandsText(entry)})</span>} {entry.name}
                  </span>
                  <ProgressBar done={done} total={total} className="mt-1" />
                </span>
                <span className="shrink-0 text-right text-sm tabular-nums" data-testid="thread-progress">
                  {total === 0 ? (
                    'nothing to mark'
                  ) : (
                    <>
                      <span className="block font-semibold">{formatPercent(done, total)} %</span>
                      <span className="block text-xs text-slate-500">
                        {done.toLocaleString('en')} / {total.toLocaleString('en')}
                      </span>
                      <span className="block text-xs text-slate-700">{(total - done).toLocaleString('en')} left</span>
                    </>
                  )}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
