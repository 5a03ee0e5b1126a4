import type { ReactNode } from 'react';
import { Icon } from '../../components/Icon';
import { SheetFrame } from '../../components/Sheet';

/**
 * The palette on a narrow screen: a sheet over the chart from the bottom, modal (labelled by the palette's
 * heading), the focus moved into it and kept there, closed by Escape, a tap beside it or its close
 * button, and the focus back on the button that opened it.
 */
export function ThreadSheet({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  return (
    <SheetFrame labelledBy="palette-title" onClose={onClose} className="max-h-[85%] w-full overflow-y-auto overscroll-contain">
      {children}
    </SheetFrame>
  );
}

/** The sheet's close button: 60 CSS px, as the sheet is only used where pages are shown at 75 % (45 px on screen). */
export function CloseSheetButton({ onClose }: { onClose: () => void }) {
  return (
    <button
      type="button"
      aria-label="Close threads"
      title="Close"
      className="-my-3 -mr-3 inline-flex size-15 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100"
      onClick={onClose}
    >
      <Icon name="close" className="size-7" />
    </button>
  );
}
