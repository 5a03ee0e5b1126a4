import { selectedCellCount, type ChartClipboard, type ChartSelection } from '@stitchwise/core';
import type { SelectionActions } from './use-selection';

const BUTTON = 'btn-ghost min-h-8';

/** What can be done with the selected stitches: each button one undo step (Copy and Clear excepted). */
export function SelectionBar({
  selection,
  actions,
  clipboard,
  hasThread,
}: {
  selection: ChartSelection;
  actions: SelectionActions;
  clipboard: ChartClipboard | undefined;
  /** A current thread to fill or recolour with. */
  hasThread: boolean;
}) {
  const size = `${selection.width} × ${selection.height}`;
  return (
    <div role="group" aria-label="Selection" className="flex flex-wrap items-center gap-x-1 gap-y-1 rounded-lg bg-violet-50 p-2 text-sm">
      <span className="mr-1">
        {selection.mask ? `Selection of ${selectedCellCount(selection).toLocaleString('en')} stitches, ${size}` : `Selection ${size}`}
      </span>
      <button type="button" className={BUTTON} disabled={!hasThread} title="Every selected place gets the current thread" onClick={actions.fill}>
        Fill
      </button>
      <button
        type="button"
        className={BUTTON}
        disabled={!hasThread}
        title="The selected stitches take the current thread; empty places stay empty"
        onClick={actions.recolour}
      >
        Recolour
      </button>
      <button type="button" className={BUTTON} onClick={actions.erase}>
        Erase
      </button>
      <button type="button" className={BUTTON} onClick={actions.copy}>
        Copy
      </button>
      <button type="button" className={BUTTON} disabled={!clipboard} title="Pastes with its top-left corner at the selection's" onClick={actions.paste}>
        Paste
      </button>
      <button type="button" className={BUTTON} title="Flip horizontally" onClick={() => actions.flip('horizontal')}>
        Flip ↔
      </button>
      <button type="button" className={BUTTON} title="Flip vertically" onClick={() => actions.flip('vertical')}>
        Flip ↕
      </button>
      <button type="button" className={BUTTON} title="Rotate 90° clockwise" onClick={() => actions.rotate(1)}>
        Rotate ↻
      </button>
      <button type="button" className={BUTTON} title="Rotate 90° anticlockwise" onClick={() => actions.rotate(3)}>
        Rotate ↺
      </button>
      <button type="button" className={BUTTON} title="Rotate 180°" onClick={() => actions.rotate(2)}>
        Rotate 180°
      </button>
      <button type="button" className={BUTTON} onClick={actions.clear}>
        Clear
      </button>
    </div>
  );
}
