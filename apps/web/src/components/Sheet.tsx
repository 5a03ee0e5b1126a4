import { useId, type ReactNode } from 'react';
import { useFocusTrap } from '../lib/use-focus-trap';

/**
 * A modal panel over the screen: a dimmed backdrop (a tap on it closes), a dialog labelled by `labelledBy`,
 * the focus moved in and kept there, Escape closes, and the focus goes back where it was on close.
 * `backdropClassName` places the panel (default: from the bottom), `className` sizes it.
 */
export function SheetFrame({
  labelledBy,
  onClose,
  className,
  backdropClassName = 'items-end',
  children,
}: {
  labelledBy: string;
  onClose: () => void;
  className: string;
  backdropClassName?: string;
  children: ReactNode;
}) {
  const trap = useFocusTrap<HTMLDivElement>(onClose);
  return (
    <div
      className={`fixed inset-0 z-50 flex bg-slate-900/40 ${backdropClassName}`}
      data-testid="sheet-backdrop"
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div ref={trap.ref} role="dialog" aria-modal="true" aria-labelledby={labelledBy} tabIndex={-1} className={className} onKeyDown={trap.onKeyDown}>
        {children}
      </div>
    </div>
  );
}

/**
 * A titled sheet for a choice that does not need the whole page: from the bottom on a phone (within reach of
 * a thumb), from the right on a wider screen, with a Close button.
 */
export function Sheet({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const id = useId();
  return (
    <SheetFrame
      labelledBy={`${id}-title`}
      onClose={onClose}
      backdropClassName="items-end justify-center md:items-stretch md:justify-end"
      className="flex max-h-[85dvh] w-full flex-col rounded-t-2xl bg-white shadow-xl md:max-h-none md:w-96 md:rounded-none md:rounded-l-2xl"
    >
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 py-1 pr-2 pl-4">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {title}
        </h2>
        <button type="button" className="btn-ghost min-h-11 min-w-11" onClick={onClose}>
          Close
        </button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto p-4">{children}</div>
    </SheetFrame>
  );
}
