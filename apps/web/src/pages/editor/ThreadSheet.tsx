import type { ReactNode } from 'react';
import { Icon } from '../../components/Icon';
import { useFocusTrap } from '../../lib/use-focus-trap';

/**
 * The palette on a narrow screen: a sheet over the chart from the bottom, modal (labelled by the palette's
 * heading), the focus moved into it and kept there, closed by Escape, a tap beside it or its close
 * button, and the focus back on the button that opened it.
 */
export function ThreadSheet({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const trap = useFocusTrap<HTMLDivElement>(onClose);
  return (
    <div
      className="fixed inset-0 z-50 flex items-end bg-slate-900/40"
      data-testid="thread-sheet-backdrop"
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={trap.ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby="palette-title"
        tabIndex={-1}
        className="max-h-[85%] w-full overflow-y-auto overscroll-contain"
        onKeyDown={trap.onKeyDown}
      >
        {children}
      </div>
    </div>
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
