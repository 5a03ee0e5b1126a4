import type { DoneStyle } from '../../components/chart/types';

// Large enough for a finger beside the hoop: at least 44 px on screen even where pages are shown at 75 %.
const segment = '-ml-px min-h-15 min-w-18 border px-4 text-base font-semibold first:ml-0 first:rounded-l-xl last:rounded-r-xl';
const on = 'z-10 border-violet-600 bg-violet-600 text-white';
const off = 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50';
const big = 'min-h-15 rounded-xl border px-4 text-base font-semibold disabled:cursor-not-allowed disabled:opacity-50';

/**
 * Stitching mode's controls: Mark or Move (what a one-finger drag does; two fingers always move and
 * zoom), Region (a tap marks the whole same-thread area), Undo, and how done stitches are shown.
 */
export function StitchingControls({
  marking,
  onMarking,
  region,
  onRegion,
  canUndo,
  onUndo,
  doneStyle,
  onDoneStyle,
}: {
  marking: boolean;
  onMarking: (marking: boolean) => void;
  region: boolean;
  onRegion: (region: boolean) => void;
  canUndo: boolean;
  onUndo: () => void;
  doneStyle: DoneStyle;
  onDoneStyle: (style: DoneStyle) => void;
}) {
  return (
    <div className="space-y-2">
      <div role="toolbar" aria-label="Stitching tools" className="flex flex-wrap items-center gap-2">
        <div className="flex" role="group" aria-label="A one-finger drag">
          <button
            type="button"
            className={`${segment} ${marking ? on : off}`}
            aria-pressed={marking}
            title="Tap a stitch to mark it done (again to unmark); drag to mark a line"
            onClick={() => onMarking(true)}
          >
            Mark
          </button>
          <button
            type="button"
            className={`${segment} ${marking ? off : on}`}
            aria-pressed={!marking}
            title="Drag to move around the chart without marking"
            onClick={() => onMarking(false)}
          >
            Move
          </button>
        </div>
        <button
          type="button"
          className={`${big} ${region ? on : off}`}
          aria-pressed={region}
          disabled={!marking}
          title="A tap marks the whole area of the same thread around the stitch"
          onClick={() => onRegion(!region)}
        >
          Region
        </button>
        <button type="button" className={`${big} ${off}`} disabled={!canUndo} title="Undo the last mark (Ctrl+Z)" onClick={onUndo}>
          Undo
        </button>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <span id="done-style-label">Show done as</span>
        <div className="flex" role="group" aria-labelledby="done-style-label">
          {(['dimmed', 'filled'] as const).map((style) => (
            <button
              key={style}
              type="button"
              className={`-ml-px min-h-11 border px-3 text-sm font-medium first:ml-0 first:rounded-l-lg last:rounded-r-lg ${doneStyle === style ? on : off}`}
              aria-pressed={doneStyle === style}
              title={style === 'dimmed' ? 'Done stitches faded, so what is left stands out' : 'Done stitches in full colour with a tick, the rest pale'}
              onClick={() => onDoneStyle(style)}
            >
              {style === 'dimmed' ? 'Dimmed' : 'Filled'}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
