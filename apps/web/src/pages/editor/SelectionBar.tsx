import { selectedCellCount, type ChartClipboard, type ChartSelection } from '@stitchwise/core';
import type { SelectionActions } from './use-selection';

const BUTTON = 'btn-ghost min-h-8 disabled:cursor-not-allowed disabled:opacity-50';

/**
 * What can be done with the selected stitches: each button one undo step (Copy and Clear excepted). Shown, its
 * buttons disabled, while a selecting tool is chosen and nothing is selected yet, so that the chart does not move
 * down under the pointer as a selection begins.
 */
export function SelectionBar({
  selection,
  actions,
  clipboard,
  hasThread,
}: {
  selection: ChartSelection | undefined;
  actions: SelectionActions;
  clipboard: ChartClipboard | undefined;
  /** A current thread to fill or recolour with. */
  hasThread: boolean;
}) {
  const buttons: { label: string; title?: string; run: () => unknown; enabled?: boolean }[] = [
    { label: 'Fill', title: 'Every selected place gets the current thread', run: actions.fill, enabled: hasThread },
    { label: 'Recolour', title: 'The selected stitches take the current thread; empty places stay empty', run: actions.recolour, enabled: hasThread },
    { label: 'Erase', run: actions.erase },
    { label: 'Copy', run: actions.copy },
    { label: 'Paste', title: "Pastes with its top-left corner at the selection's", run: actions.paste, enabled: !!clipboard },
    { label: 'Flip ↔', title: 'Flip horizontally', run: () => actions.flip('horizontal') },
    { label: 'Flip ↕', title: 'Flip vertically', run: () => actions.flip('vertical') },
    { label: 'Rotate ↻', title: 'Rotate 90° clockwise', run: () => actions.rotate(1) },
    { label: 'Rotate ↺', title: 'Rotate 90° anticlockwise', run: () => actions.rotate(3) },
    { label: 'Rotate 180°', run: () => actions.rotate(2) },
    { label: 'Clear', run: actions.clear },
  ];
  return (
    <div role="group" aria-label="Selection" className="flex flex-wrap items-center gap-1 rounded-lg bg-violet-50 p-2 text-sm">
      <span className="mr-1">{describe(selection)}</span>
      {buttons.map(({ label, title, run, enabled = true }) => (
        <button key={label} type="button" className={BUTTON} title={title} disabled={!selection || !enabled} onClick={run}>
          {label}
        </button>
      ))}
    </div>
  );
}

function describe(selection: ChartSelection | undefined): string {
  if (!selection) return 'Nothing selected';
  const size = `${selection.width} × ${selection.height}`;
  return selection.mask ? `Selection of ${selectedCellCount(selection).toLocaleString('en')} stitches, ${size}` : `Selection ${size}`;
}
