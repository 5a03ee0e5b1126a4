import {
  activeThreads,
  backstitchOnly,
  CHART_SYMBOLS,
  codeLabel,
  fabricByCount,
  isBlendEntry,
  legendSkeins,
  MAX_CHART_THREADS,
  mergeThread,
  removeThread,
  replaceThread,
  setSymbol,
  threadKey,
  threadLabel,
  type ChartThread,
  type EditableChart,
  type EditResult,
  type LegendEntry,
  type MarkUse,
} from '@stitchwise/core';
import { memo, useMemo, useState, type ReactNode } from 'react';
import { SymbolSwatch } from '../../components/chart/SymbolSwatch';
import { blendColours, blendStrandsText } from '../../components/swatch';
import { AddBlend } from './AddBlend';
import { AddThread } from './AddThread';

const FABRIC = fabricByCount(14)!;

interface PaletteProps {
  chart: EditableChart;
  /** Full stitches per thread index (`threadCounts(chart)`). */
  counts: Int32Array;
  /** Part stitches, backstitch and knots per thread index (`markUse(chart.marks, …)`). */
  uses: readonly MarkUse[];
  /** The active threads as legend entries with their use, in `activeThreads` order: what skeins are counted from. */
  legend: readonly (LegendEntry & Partial<MarkUse>)[];
  /** The thread the pencil and fill use. */
  current: number | undefined;
  onCurrent: (thread: number) => void;
  /** The thread shown at full strength while the rest are dimmed. */
  highlight: number | undefined;
  onHighlight: (thread: number | undefined) => void;
  /** Runs an edit; a refusal is told to the user by the editor. */
  onEdit: (operation: (chart: EditableChart) => EditResult) => void;
  /** Beside the heading: the close button when the palette is a sheet. */
  action?: ReactNode;
}

/**
 * The chart's threads with symbol, DMC code, name, full stitches, what else they stitch (part stitches,
 * backstitch, knots) and skeins for all of it (14-count), updated with every
 * edit; choosing one makes it the current thread, whose replace, merge, remove and symbol actions sit
 * below the list; and adding a thread from the catalogue. In a narrow column a thread takes two lines.
 */
export const Palette = memo(function Palette({ chart, counts, uses, legend, current, onCurrent, highlight, onHighlight, onEdit, action }: PaletteProps) {
  const active = useMemo(() => activeThreads(chart), [chart]);
  const skeins = useMemo(() => skeinTexts(active, legend), [active, legend]);
  const selected = current !== undefined && chart.threads[current] && !chart.threads[current].removed ? current : undefined;

  return (
    <section className="card @container space-y-3 p-4 lg:p-3 2xl:p-5" aria-labelledby="palette-title">
      <div className="flex items-center justify-between gap-2">
        <h2 id="palette-title" className="font-semibold">
          Threads{' '}
          <span className="text-sm font-normal text-slate-500">
            ({active.length} of {MAX_CHART_THREADS})
          </span>
        </h2>
        {action}
      </div>
      <ul className="max-h-96 space-y-1 overflow-y-auto" aria-label="Chart threads">
        {active.map((index) => (
          <PaletteRow
            key={index}
            index={index}
            thread={chart.threads[index]!}
            stitches={counts[index]!}
            use={uses[index]}
            skeins={skeins.get(index)!}
            chosen={index === selected}
            onCurrent={onCurrent}
          />
        ))}
      </ul>
      {selected !== undefined && (
        <ThreadActions
          chart={chart}
          thread={selected}
          need={`${plural(counts[selected]!, 'full stitch', 'full stitches')}, ${skeins.get(selected)!.long}`}
          others={active.filter((index) => index !== selected)}
          highlighted={highlight === selected}
          onHighlight={onHighlight}
          onEdit={onEdit}
        />
      )}
      <AddThread chart={chart} full={active.length >= MAX_CHART_THREADS} onEdit={onEdit} />
      <AddBlend chart={chart} full={active.length >= MAX_CHART_THREADS} onEdit={onEdit} />
    </section>
  );
});

/** One thread of the list; memoised, so a stroke re-renders only the rows whose counts it changed. */
const PaletteRow = memo(function PaletteRow({
  index,
  thread,
  stitches,
  use,
  skeins,
  chosen,
  onCurrent,
}: {
  index: number;
  thread: ChartThread;
  stitches: number;
  use: MarkUse | undefined;
  skeins: SkeinText;
  chosen: boolean;
  onCurrent: (thread: number) => void;
}) {
  const all = { stitch_count: stitches, ...use };
  const marks = marksText(all);
  return (
    <li>
      {/* A grid: one line (swatch, code, name, count, skeins) where the palette is wide enough; else the code and
          count, and the name under them, the skeins left to the chosen thread's actions. */}
      <button
        type="button"
        aria-pressed={chosen}
        data-testid="palette-thread"
        data-code={thread.code}
        className={`grid w-full grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-2 rounded-lg px-2 py-1 text-left text-sm @2xs:grid-cols-[auto_3rem_minmax(0,1fr)_auto_3.5rem] ${chosen ? 'bg-violet-100 ring-2 ring-violet-500' : 'hover:bg-slate-50'}`}
        onClick={() => onCurrent(index)}
      >
        <span className="col-start-1 row-span-2 row-start-1 @2xs:row-span-1">
          <SymbolSwatch hex={thread.hex} blend={blendColours(thread)} symbol={thread.symbol} />
        </span>
        <span className="col-start-2 row-start-1 font-mono" title={threadLabel(thread)}>
          {codeLabel(thread.code)}
        </span>
        <span className="col-span-2 col-start-2 row-start-2 min-w-0 @2xs:col-span-1 @2xs:col-start-3 @2xs:row-start-1">
          <span className="block truncate" title={thread.name}>
            {thread.name}
          </span>
          {marks && (
            <span className="block truncate text-xs text-slate-600" title={marks.long} data-testid="palette-marks">
              {marks.short}
            </span>
          )}
        </span>
        <span className="col-start-3 row-start-1 text-right text-slate-600 tabular-nums @2xs:col-start-4" title="Full stitches" data-testid="palette-count">
          {stitches.toLocaleString('en')}
        </span>
        <span
          className="hidden text-right text-xs text-slate-600 tabular-nums @2xs:col-start-5 @2xs:row-start-1 @2xs:block"
          title={skeins.long}
          data-testid="palette-skeins"
        >
          {skeins.short}
        </span>
      </button>
    </li>
  );
});

/** A palette row's skeins, short for the row and in full for its tooltip and the chosen thread's actions. */
interface SkeinText {
  short: string;
  long: string;
}

/**
 * Skeins per thread index, counted as the legend and the PDF count them (legendSkeins): a plain thread's with
 * its strand in blends; a blend's are its threads', named in full ("skeins in its threads: 310 5, 413 2").
 */
function skeinTexts(active: readonly number[], legend: readonly (LegendEntry & Partial<MarkUse>)[]): Map<number, SkeinText> {
  const { skeinsOfEntry, threads } = legendSkeins(legend, FABRIC);
  const byKey = new Map(threads.map((thread) => [threadKey(thread), thread.need.skeinsToBuy]));
  return new Map(
    active.map((index, rank) => {
      const entry = legend[rank]!;
      if (!isBlendEntry(entry)) {
        const text = plural(skeinsOfEntry.get(rank) ?? 0, 'skein');
        return [index, { short: text, long: text }];
      }
      const parts = entry.threads.map((thread) => `${codeLabel(thread.code)} ${byKey.get(threadKey(thread)) ?? 0}`).join(', ');
      return [index, { short: '–', long: `skeins in its threads: ${parts}` }];
    }),
  );
}
const plural = (count: number, one: string, many = `${one}s`): string => `${count.toLocaleString('en')} ${count === 1 ? one : many}`;
const length = (stitches: number): string => stitches.toLocaleString('en', { maximumFractionDigits: 1 });

/** What a thread stitches besides full stitches, short for the row and in full for its tooltip; undefined when nothing. */
function marksText(use: { stitch_count: number } & Partial<MarkUse>): { short: string; long: string } | undefined {
  const parts = use.partStitches ?? 0;
  const knots = use.knots ?? 0;
  const backstitch = use.backstitchLength ?? 0;
  if (backstitchOnly(use)) return { short: `Backstitch only, ${length(backstitch)} long`, long: `Backstitch only: ${length(backstitch)} stitch widths` };
  const short = [parts > 0 && `${parts.toLocaleString('en')} part`, backstitch > 0 && `backstitch ${length(backstitch)}`, knots > 0 && plural(knots, 'knot')];
  const long = [
    parts > 0 && plural(parts, 'part stitch', 'part stitches'),
    backstitch > 0 && `backstitch ${length(backstitch)} stitch widths long`,
    knots > 0 && plural(knots, 'French knot'),
  ];
  const text = (items: (string | false)[]) => items.filter(Boolean).join(', ');
  return parts + knots + backstitch > 0 ? { short: `+ ${text(short)}`, long: `Also ${text(long)}` } : undefined;
}

function ThreadActions({
  chart,
  thread,
  need,
  others,
  highlighted,
  onHighlight,
  onEdit,
}: {
  chart: EditableChart;
  thread: number;
  /** Its stitches and skeins: said here where the palette is too narrow for its rows to. */
  need: string;
  others: number[];
  highlighted: boolean;
  onHighlight: (thread: number | undefined) => void;
  onEdit: (operation: (chart: EditableChart) => EditResult) => void;
}) {
  const [target, setTarget] = useState<number | undefined>();
  const into = target !== undefined && others.includes(target) ? target : others[0];
  const name = (index: number) => `${threadLabel(chart.threads[index]!)} ${chart.threads[index]!.name}`;
  const usedSymbols = new Set(others.map((index) => chart.threads[index]!.symbol));
  return (
    <div className="space-y-2 rounded-lg bg-slate-50 p-3 text-sm" aria-label={`Actions for ${name(thread)}`} role="group">
      <p className="font-medium">
        {name(thread)}
        {blendStrandsText(chart.threads[thread]!) && (
          <span className="block text-xs font-normal text-slate-600">{blendStrandsText(chart.threads[thread]!)}</span>
        )}
      </p>
      <p className="-mt-1 text-xs text-slate-600 @2xs:hidden">{need}</p>
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className="btn-secondary" aria-pressed={highlighted} onClick={() => onHighlight(highlighted ? undefined : thread)}>
          {highlighted ? 'Show all threads' : 'Highlight'}
        </button>
        <label className="flex items-center gap-1">
          Symbol
          <select
            className="input"
            aria-label="Symbol"
            value={chart.threads[thread]!.symbol}
            onChange={(event) => onEdit((c) => setSymbol(c, thread, event.target.value))}
          >
            {CHART_SYMBOLS.filter((symbol) => symbol === chart.threads[thread]!.symbol || !usedSymbols.has(symbol)).map((symbol) => (
              <option key={symbol} value={symbol}>
                {symbol}
              </option>
            ))}
          </select>
        </label>
      </div>
      {into !== undefined && (
        <div className="flex flex-wrap items-center gap-2">
          <select className="input w-full" aria-label="Other thread" value={into} onChange={(event) => setTarget(Number(event.target.value))}>
            {others.map((index) => (
              <option key={index} value={index}>
                {name(index)}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="btn-secondary"
            title="Every stitch of this thread becomes the other thread"
            onClick={() => onEdit((c) => replaceThread(c, thread, into))}
          >
            Replace with
          </button>
          <button
            type="button"
            className="btn-secondary"
            title="Replace with the other thread and take this one out of the chart"
            onClick={() => onEdit((c) => mergeThread(c, thread, into))}
          >
            Merge into
          </button>
        </div>
      )}
      <button
        type="button"
        className="btn-ghost text-red-700"
        title="Its stitches go to the nearest remaining thread"
        disabled={others.length === 0}
        onClick={() => onEdit((c) => removeThread(c, thread))}
      >
        Remove thread
      </button>
    </div>
  );
}
