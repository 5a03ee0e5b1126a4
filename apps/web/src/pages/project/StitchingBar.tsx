import { codeLabel, threadLabel } from '@stitchwise/core';
import type { LegendEntry } from '@stitchwise/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { SymbolSwatch } from '../../components/chart/SymbolSwatch';
import { blendColours } from '../../components/swatch';
import { Icon } from '../../components/Icon';
import { formatPercent, ProgressBar, syncText } from './stitching-progress';
import type { Stitching } from './use-stitching';

// Finger-sized: every target at least 44 × 44 CSS px.
const tool =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-xl border px-3 text-base font-semibold disabled:cursor-not-allowed disabled:opacity-50';
const on = 'z-10 border-violet-600 bg-violet-600 text-white';
const off = 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50';
const segment = 'first:rounded-r-none last:-ml-px last:rounded-l-none';

/** The bar's icons, drawn bolder than elsewhere to read at arm's length. */
function BarIcon({ name }: { name: 'back' | 'undo' | 'more' }) {
  return <Icon name={name} strokeWidth={name === 'more' ? 3.5 : 2} />;
}

/**
 * Stitching mode's one compact bar: back to the project, Mark or Move (what a one-finger drag does; two
 * fingers always move and zoom), Undo, the thread filter, the page jump and the options, with the whole
 * chart's progress (done / total, %), where the marks are, and this session's count and time. Across the
 * top of a phone held upright; beside the chart on a phone on its side.
 */
export function StitchingBar({
  backTo,
  stitching,
  filterEntry,
  page,
  onThreads,
  onPages,
  onOptions,
}: {
  backTo: string;
  stitching: Stitching;
  filterEntry: LegendEntry | undefined;
  page: number | undefined;
  onThreads: () => void;
  onPages: () => void;
  onOptions: () => void;
}) {
  const { marking, setMarking, ready } = stitching;
  const problem = ['offline', 'retrying', 'refused'].includes(stitching.progress.status) || stitching.progress.lost;
  return (
    <header className="z-10 flex shrink-0 flex-col gap-1 border-b border-slate-200 bg-white p-1 shadow-sm sm:p-2 short:w-52 short:overflow-y-auto short:border-r short:border-b-0">
      <div role="toolbar" aria-label="Stitching tools" className="flex flex-wrap items-center justify-between gap-1 sm:justify-start">
        <Link to={backTo} className={`${tool} ${off} px-2`} aria-label="Done stitching" title="Done stitching: back to the project">
          <BarIcon name="back" />
          <span className="hidden sm:inline">Done</span>
        </Link>
        <div className="flex" role="group" aria-label="A one-finger drag">
          <button
            type="button"
            className={`${tool} ${segment} ${marking ? on : off}`}
            aria-pressed={marking}
            title="Tap a stitch to mark it done (again to unmark); drag to mark a line"
            onClick={() => setMarking(true)}
          >
            Mark
          </button>
          <button
            type="button"
            className={`${tool} ${segment} ${marking ? off : on}`}
            aria-pressed={!marking}
            title="Drag to move around the chart without marking"
            onClick={() => setMarking(false)}
          >
            Move
          </button>
        </div>
        <button
          type="button"
          className={`${tool} ${off} px-2`}
          disabled={!stitching.canUndo}
          aria-label="Undo"
          title="Undo the last mark (Ctrl+Z)"
          onClick={stitching.undo}
        >
          <BarIcon name="undo" />
        </button>
        <button
          type="button"
          className={`${tool} ${filterEntry ? 'border-violet-500 bg-violet-50 text-slate-900' : off} px-2.5`}
          aria-label={filterEntry ? `Threads: only ${threadLabel(filterEntry)} ${filterEntry.name}` : 'Threads: all shown'}
          title="Show and mark one thread's stitches only, and see each thread's progress, today's count and when you will finish"
          disabled={!ready}
          onClick={onThreads}
        >
          {filterEntry && <SymbolSwatch hex={filterEntry.hex} blend={blendColours(filterEntry)} symbol={filterEntry.symbol} className="size-7 text-sm" />}
          <span>{filterEntry ? codeLabel(filterEntry.code) : 'Threads'}</span>
        </button>
        <button type="button" className={`${tool} ${off} px-2.5`} title="Go to a page of the printed chart" disabled={!ready} onClick={onPages}>
          {page === undefined ? 'Page' : `Page ${page}`}
        </button>
        <button
          type="button"
          className={`${tool} ${off} px-2`}
          aria-label="Stitching options"
          title="Region marking, how done stitches look, the screen"
          onClick={onOptions}
        >
          <BarIcon name="more" />
        </button>
      </div>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 px-1 text-sm short:flex-col short:gap-y-1">
        <p className="font-semibold whitespace-nowrap tabular-nums" data-testid="overall-progress">
          {ready
            ? `${stitching.done.toLocaleString('en')} of ${stitching.total.toLocaleString('en')} stitches — ${formatPercent(stitching.done, stitching.total)} %`
            : 'Loading progress…'}
        </p>
        <SessionCounter marked={stitching.sessionMarked} />
      </div>
      <ProgressBar done={stitching.done} total={stitching.total} className="mx-1" />
      <p role="status" className={`px-1 text-xs ${problem ? 'text-amber-800' : 'text-slate-500'}`} data-testid="sync-status">
        {syncText(stitching.progress)}
      </p>
    </header>
  );
}

/** Stitches marked since this screen opened, and for how long it has been open. */
function SessionCounter({ marked }: { marked: number }) {
  const minutes = useMinutesOpen();
  return (
    <p className="text-slate-600 tabular-nums whitespace-nowrap" data-testid="session-counter">
      Session: {marked.toLocaleString('en')} {marked === 1 ? 'stitch' : 'stitches'} · {formatDuration(minutes)}
    </p>
  );
}

/** Whole minutes since the component was first shown, updated every 15 s. */
function useMinutesOpen(): number {
  const [opened] = useState(() => Date.now());
  const [now, setNow] = useState(opened);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  return Math.floor((now - opened) / 60_000);
}

/** "0 min", "45 min", "1 h 05 min". */
export function formatDuration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}
