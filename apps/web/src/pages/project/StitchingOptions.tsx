import type { WakeState } from '../../lib/use-wake-lock';
import type { Stitching } from './use-stitching';

const choice = '-ml-px min-h-11 border px-4 text-base font-semibold first:ml-0 first:rounded-l-xl last:rounded-r-xl';
const on = 'z-10 border-violet-600 bg-violet-600 text-white';
const off = 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50';

/** What Stitching mode's bar keeps out of the way: region marking, how done stitches look, and whether the screen stays on. */
export function StitchingOptions({ stitching, wake }: { stitching: Stitching; wake: WakeState }) {
  return (
    <div className="space-y-5">
      <label className="flex min-h-11 items-center gap-3 text-base">
        <input
          type="checkbox"
          className="h-6 w-6 accent-violet-600"
          checked={stitching.region}
          disabled={!stitching.marking}
          onChange={(event) => stitching.setRegion(event.target.checked)}
        />
        <span>
          <span className="font-semibold">Mark a whole region</span>
          <span className="block text-sm text-slate-600">A tap marks every touching stitch of the same thread (in Mark mode).</span>
        </span>
      </label>
      <div className="space-y-1">
        <p id="done-style-label" className="font-semibold">
          Show done stitches
        </p>
        <div className="flex" role="group" aria-labelledby="done-style-label">
          {(['dimmed', 'filled'] as const).map((style) => (
            <button
              key={style}
              type="button"
              className={`${choice} ${stitching.doneStyle === style ? on : off}`}
              aria-pressed={stitching.doneStyle === style}
              title={style === 'dimmed' ? 'Done stitches faded, so what is left stands out' : 'Done stitches in full colour with a tick, the rest pale'}
              onClick={() => stitching.setDoneStyle(style)}
            >
              {style === 'dimmed' ? 'Dimmed' : 'Filled'}
            </button>
          ))}
        </div>
      </div>
      <p className="text-sm text-slate-600" data-testid="wake-state">
        {wake === 'awake'
          ? 'The screen stays on while this page is open.'
          : wake === 'asking'
            ? 'Asking the browser to keep the screen on…'
            : 'This browser may turn the screen off while you stitch; your marks are kept either way.'}
      </p>
    </div>
  );
}
