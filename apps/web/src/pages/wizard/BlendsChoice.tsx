import type { Blending } from '@stitchwise/core';
import type { UpdateSettings } from './model';

/**
 * 'Blends' of step 2, open to visitors too: a switch, off by default. On, the chart may stitch one strand each
 * of two of its threads together for a shade between them; the colour count stays the threads to buy.
 */
export function BlendsChoice({ value, update }: { value: Blending; update: UpdateSettings }) {
  const on = value === 'on';
  return (
    <div>
      <label className="flex min-h-8 items-center gap-3 text-sm font-medium">
        <input
          type="checkbox"
          role="switch"
          checked={on}
          aria-describedby="blends-hint"
          onChange={(event) => update({ blends: event.target.checked ? 'on' : 'off' })}
          className="peer sr-only"
        />
        {/* The switch drawn; the input itself stays focusable, its ring shown on the track. */}
        <span
          aria-hidden="true"
          className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors peer-focus-visible:ring-2 peer-focus-visible:ring-violet-500 peer-focus-visible:ring-offset-2 ${on ? 'bg-violet-600' : 'bg-slate-300'}`}
        >
          <span className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-5.5' : 'translate-x-0.5'}`} />
        </span>
        <span>Blends — mix two threads in a stitch for in-between shades</span>
      </label>
      <p id="blends-hint" className="mt-1 text-xs text-slate-500">
        {on
          ? 'Where a shade falls between two of the chart’s threads, one strand of each is stitched together (1 + 1 strands). The colour count stays the threads you buy.'
          : 'Each stitch is one thread.'}
      </p>
    </div>
  );
}
