import { addThread, nearestThreadsToRgb, parseHex, searchThreads, type Thread, type EditableChart, type EditResult } from '@stitchwise/core';
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

/**
 * Adds a thread from the DMC catalogue: by code or name, or the threads nearest to a colour picked
 * anywhere on screen (or chosen), with their ΔE00. Threads already in the chart are marked.
 */
export function AddThread({ chart, full, onEdit }: { chart: EditableChart; full: boolean; onEdit: (operation: (chart: EditableChart) => EditResult) => void }) {
  const [query, setQuery] = useState('');
  const [colour, setColour] = useState<string | undefined>();
  const inChart = useMemo(() => new Set(chart.threads.filter((thread) => !thread.removed).map((thread) => thread.dmc_code)), [chart]);
  const found = useMemo(() => (query.trim() ? searchThreads(query).slice(0, SHOWN) : []), [query]);
  const nearest = useMemo(() => {
    const rgb = colour ? parseHex(colour) : null;
    return rgb ? nearestThreadsToRgb(rgb, 5) : [];
  }, [colour]);

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
    <li key={thread.code} className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-2 text-sm @2xs:grid-cols-[auto_3rem_minmax(0,1fr)_auto_auto]">
      <span className="col-start-1 row-span-2 row-start-1 @2xs:row-span-1">
        <SymbolSwatch hex={thread.hex} symbol="" />
      </span>
      <span className="col-start-2 row-start-1 font-mono">{thread.code}</span>
      <span className="col-start-2 row-start-2 truncate @2xs:col-start-3 @2xs:row-start-1" title={thread.name}>
        {thread.name}
      </span>
      {deltaE !== undefined && (
        <span className="col-start-3 row-start-2 text-right text-xs text-slate-500 tabular-nums @2xs:col-start-4 @2xs:row-start-1">ΔE {deltaE.toFixed(1)}</span>
      )}
      <span className="col-start-3 row-start-1 text-right @2xs:col-start-5">
        {inChart.has(thread.code) ? (
          <span className="text-xs text-slate-500">in chart</span>
        ) : (
          <button
            type="button"
            className="btn-ghost px-2 py-0.5"
            aria-label={`Add DMC ${thread.code}`}
            disabled={full}
            onClick={() => onEdit((c) => addThread(c, thread.code))}
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
        DMC code or name
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
