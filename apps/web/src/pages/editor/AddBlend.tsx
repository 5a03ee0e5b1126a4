import {
  addBlend,
  BRANDS,
  blendOf,
  deltaE2000,
  findBrandThread,
  hasColour,
  MAX_CHART_THREADS,
  MAX_BLEND_SPREAD,
  searchThreads,
  threadKey,
  threadLabel,
  threadsOf,
  type EditableChart,
  type EditResult,
  type Thread,
  type ThreadBrand,
} from '@stitchwise/core';
import { useId, useMemo, useState } from 'react';
import { ThreadSwatch } from '../../components/ThreadSwatch';
import { blendColours, blendStrandsText } from '../../components/swatch';
import { chartBrand } from './AddThread';

const SHOWN = 8;

/**
 * 'Add a blend': two threads of the chart's brand — from the chart's own threads or found in the catalogue by
 * code or name — stitched one strand each for a shade between them; the mix is shown before it is added, with a
 * warning when the two are too far apart to read as one colour. The blend gets its own symbol (core addBlend).
 */
export function AddBlend({ chart, full, onEdit }: { chart: EditableChart; full: boolean; onEdit: (operation: (chart: EditableChart) => EditResult) => void }) {
  const brand = useMemo(() => chartBrand(chart), [chart]);
  const [first, setFirst] = useState<Thread | undefined>();
  const [second, setSecond] = useState<Thread | undefined>();
  // The chart's own threads of its brand come first: blends of them add nothing to buy.
  const own = useMemo(
    () =>
      chart.threads
        .filter((thread) => !thread.removed && !thread.blend && thread.brand === brand)
        .map((thread) => findBrandThread(brand, thread.code))
        .filter((thread): thread is Thread => thread !== undefined),
    [chart, brand],
  );
  const blend = first && second && first.code !== second.code ? blendOf(first, second) : undefined;
  const inChart = blend !== undefined && hasColour(chart, blend);
  const spread = first && second ? deltaE2000(first.lab, second.lab) : 0;

  const add = () => {
    if (!first || !second) return;
    onEdit((c) => addBlend(c, first.code, second.code, brand));
    setFirst(undefined);
    setSecond(undefined);
  };

  return (
    <details className="rounded-lg border border-slate-200 p-3" data-testid="add-blend">
      <summary className="flex min-h-8 cursor-pointer items-center text-sm font-medium">Add a blend</summary>
      <p className="mt-2 text-xs text-slate-600">One strand each of two {BRANDS[brand].name} threads in a stitch, for a shade between them.</p>
      {full && <p className="mt-2 text-sm text-amber-700">A chart can have at most {MAX_CHART_THREADS} threads. Remove or merge one first.</p>}
      <ThreadPicker label="First thread" brand={brand} own={own} chosen={first} onChoose={setFirst} />
      <ThreadPicker label="Second thread" brand={brand} own={own} chosen={second} onChoose={setSecond} />
      {first && second && first.code === second.code && (
        <p className="mt-2 text-sm text-amber-700">A blend is two different threads: choose another second thread.</p>
      )}
      {blend && (
        <div className="mt-3 space-y-2 rounded-lg bg-slate-50 p-2 text-sm" data-testid="blend-preview">
          <div className="flex items-center gap-2">
            <ThreadSwatch hex={blend.hex} blend={blendColours(blend)} size="h-8 w-8" />
            <span className="min-w-0">
              <span className="block font-medium">{threadLabel(blend)}</span>
              <span className="block text-xs text-slate-600">
                Mix {blend.hex.toUpperCase()}, {blendStrandsText(blend)}
              </span>
            </span>
          </div>
          {spread > MAX_BLEND_SPREAD && (
            <p className="text-xs text-amber-700">
              These threads are far apart (ΔE {spread.toFixed(0)}): the stitch may read as two colours rather than one between them.
            </p>
          )}
          {inChart ? (
            <p className="text-xs text-slate-600">This blend is already in the chart.</p>
          ) : (
            <button type="button" className="btn-secondary min-h-8" aria-label={`Add blend ${threadLabel(blend)}`} disabled={full} onClick={add}>
              Add blend
            </button>
          )}
        </div>
      )}
    </details>
  );
}

/**
 * One thread of the blend: the chart's threads to choose from, or the catalogue's found by code or name; the
 * chosen one shown with a way to change it.
 */
function ThreadPicker({
  label,
  brand,
  own,
  chosen,
  onChoose,
}: {
  label: string;
  brand: ThreadBrand;
  own: readonly Thread[];
  chosen: Thread | undefined;
  onChoose: (thread: Thread | undefined) => void;
}) {
  const id = useId();
  const [query, setQuery] = useState('');
  const catalogue = useMemo(() => threadsOf(brand), [brand]);
  const found = useMemo(() => (query.trim() ? searchThreads(query, catalogue).slice(0, SHOWN) : own), [query, catalogue, own]);

  if (chosen) {
    return (
      <div className="mt-3 text-sm" role="group" aria-label={label}>
        <p className="text-xs font-medium text-slate-600">{label}</p>
        {/* The code on the first line and the name under it: the palette's column is narrow. */}
        <div className="mt-1 flex items-center gap-2">
          <ThreadSwatch hex={chosen.hex} />
          <span className="min-w-0 flex-1">
            <span className="block font-mono">{threadLabel(chosen)}</span>
            <span className="block truncate text-xs text-slate-600" title={chosen.name}>
              {chosen.name}
            </span>
          </span>
          <button type="button" className="btn-ghost min-h-8 px-2 py-0.5" aria-label={`Change the ${label.toLowerCase()}`} onClick={() => onChoose(undefined)}>
            Change
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="mt-3 text-sm">
      <label htmlFor={id} className="text-xs font-medium text-slate-600">
        {label}: {BRANDS[brand].name} code or name
      </label>
      <input
        id={id}
        className="input mt-1 w-full"
        type="search"
        value={query}
        placeholder="e.g. 413 or grey"
        onChange={(event) => setQuery(event.target.value)}
      />
      <ul className="mt-1 max-h-40 space-y-0.5 overflow-y-auto" aria-label={query.trim() ? `${label}: catalogue threads` : `${label}: chart threads`}>
        {found.map((thread) => (
          <li key={threadKey(thread)}>
            <button
              type="button"
              className="flex min-h-8 w-full items-center gap-2 rounded px-1 text-left hover:bg-slate-100"
              aria-label={`${threadLabel(thread)} ${thread.name}`}
              onClick={() => {
                onChoose(thread);
                setQuery('');
              }}
            >
              <ThreadSwatch hex={thread.hex} size="h-5 w-5" />
              <span className="font-mono">{thread.code}</span>
              <span className="min-w-0 truncate text-slate-600">{thread.name}</span>
            </button>
          </li>
        ))}
      </ul>
      {found.length === 0 && <p className="mt-1 text-xs text-slate-500">{query.trim() ? 'No thread found.' : 'Type a code or name to find a thread.'}</p>}
    </div>
  );
}
