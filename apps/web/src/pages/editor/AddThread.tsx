import {
  addThread,
  BRANDS,
  nearestThreadsToRgb,
  parseHex,
  searchThreads,
  THREAD_BRANDS,
  threadKey,
  threadLabel,
  threadsOfBrands,
  type EditableChart,
  type EditResult,
  type Thread,
  type ThreadBrand,
} from '@stitchwise/core';
import { useMemo, useState } from 'react';
import { SymbolSwatch } from '../../components/chart/SymbolSwatch';

const SHOWN = 8;

/** The browser's screen colour picker (Chromium); elsewhere the colour input stands in. */
interface EyeDropperApi {
  open(): Promise<{ sRGBHex: string }>;
}
const eyeDropper = (): EyeDropperApi | undefined => {
  const constructor = (window as unknown as { EyeDropper?: new () => EyeDropperApi }).EyeDropper;
  return constructor ? new constructor() : undefined;
};

/** Where 'Add a thread' looks: one brand, or every brand. */
type BrandChoice = ThreadBrand | 'all';

/** The brand most of the chart's threads are: where a new thread is looked for first. */
export function chartBrand(chart: EditableChart): ThreadBrand {
  const counts = new Map<ThreadBrand, number>();
  for (const thread of chart.threads) if (!thread.removed) counts.set(thread.brand, (counts.get(thread.brand) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'dmc';
}

/**
 * Adds a thread from a catalogue — the chart's brand by default, or another, or all: by code or name, or
 * the threads nearest to a colour picked anywhere on screen (or chosen), with their ΔE00. Threads already
 * in the chart are marked.
 */
export function AddThread({ chart, full, onEdit }: { chart: EditableChart; full: boolean; onEdit: (operation: (chart: EditableChart) => EditResult) => void }) {
  const [query, setQuery] = useState('');
  const [colour, setColour] = useState<string | undefined>();
  const [brand, setBrand] = useState<BrandChoice>(() => chartBrand(chart));
  const candidates = useMemo(() => threadsOfBrands(brand === 'all' ? THREAD_BRANDS : [brand]), [brand]);
  const inChart = useMemo(() => new Set(chart.threads.filter((thread) => !thread.removed).map((thread) => threadKey(thread))), [chart]);
  const found = useMemo(() => (query.trim() ? searchThreads(query, candidates).slice(0, SHOWN) : []), [query, candidates]);
  const nearest = useMemo(() => {
    const rgb = colour ? parseHex(colour) : null;
    return rgb ? nearestThreadsToRgb(rgb, 5, candidates) : [];
  }, [colour, candidates]);
  // With every brand searched, each thread says its brand.
  const codeOf = (thread: Thread) => (brand === 'all' ? threadLabel(thread) : thread.code);

  const pickFromScreen = async () => {
    const picker = eyeDropper();
    if (!picker) return;
    try {
      setColour((await picker.open()).sRGBHex);
    } catch {
      // The user pressed Escape.
    }
  };

  // One line where the palette is wide enough; in its narrow column the name goes under the code.
  const row = (thread: Thread, deltaE?: number) => (
    <li
      key={threadKey(thread)}
      className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-2 text-sm @2xs:grid-cols-[auto_3rem_minmax(0,1fr)_auto_auto]"
    >
      <span className="col-start-1 row-span-2 row-start-1 @2xs:row-span-1">
        <SymbolSwatch hex={thread.hex} symbol="" />
      </span>
      <span className="col-start-2 row-start-1 font-mono">{codeOf(thread)}</span>
      <span className="col-start-2 row-start-2 truncate @2xs:col-start-3 @2xs:row-start-1" title={thread.name}>
        {thread.name}
      </span>
      {deltaE !== undefined && (
        <span className="col-start-3 row-start-2 text-right text-xs text-slate-500 tabular-nums @2xs:col-start-4 @2xs:row-start-1">ΔE {deltaE.toFixed(1)}</span>
      )}
      <span className="col-start-3 row-start-1 text-right @2xs:col-start-5">
        {inChart.has(threadKey(thread)) ? (
          <span className="text-xs text-slate-500">in chart</span>
        ) : (
          <button
            type="button"
            className="btn-ghost px-2 py-0.5"
            aria-label={`Add ${threadLabel(thread)}`}
            disabled={full}
            onClick={() => onEdit((c) => addThread(c, thread.code, thread.brand))}
          >
            Add
          </button>
        )}
      </span>
    </li>
  );

  return (
    <details className="rounded-lg border border-slate-200 p-3">
      <summary className="flex min-h-8 cursor-pointer items-center text-sm font-medium">Add a thread</summary>
      {full && <p className="mt-2 text-sm text-amber-700">A chart can have at most 50 threads. Remove or merge one first.</p>}
      <label className="mt-2 block text-sm">
        Brand
        <select className="input mt-1 block min-h-8" value={brand} onChange={(event) => setBrand(event.target.value as BrandChoice)}>
          {THREAD_BRANDS.map((id) => (
            <option key={id} value={id}>
              {BRANDS[id].name}
            </option>
          ))}
          <option value="all">All brands</option>
        </select>
      </label>
      <label className="mt-2 block text-sm">
        {brand === 'all' ? 'Code or name' : `${BRANDS[brand].name} code or name`}
        <input className="input mt-1 w-full" type="search" value={query} placeholder="e.g. 310 or coral" onChange={(event) => setQuery(event.target.value)} />
      </label>
      {found.length > 0 && (
        <ul className="mt-2 space-y-1" aria-label="Catalogue threads">
          {found.map((thread) => row(thread))}
        </ul>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
        <span>Nearest to a colour:</span>
        <input type="color" aria-label="Colour" value={colour ?? '#808080'} onChange={(event) => setColour(event.target.value)} />
        {'EyeDropper' in window && (
          <button type="button" className="btn-ghost px-2 py-0.5" onClick={() => void pickFromScreen()}>
            Pick from screen
          </button>
        )}
      </div>
      {nearest.length > 0 && (
        <ul className="mt-2 space-y-1" aria-label="Nearest threads">
          {nearest.map(({ thread, deltaE }) => row(thread, deltaE))}
        </ul>
      )}
    </details>
  );
}
