import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

const FOCUSABLE = 'button:not(:disabled), [href], input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  title: string;
  /** The sentences that say what the choice is about (the dialog's description). */
  message: ReactNode;
  /** The choices: buttons. The first one takes the focus when the dialog opens. */
  children: ReactNode;
  /** Escape, like a Cancel button. */
  onCancel: () => void;
}

/**
 * A modal dialog: labelled by its title and described by its message, the focus moved into it and kept
 * there (Tab cycles through its buttons), Escape cancels, and the focus goes back where it was on close.
 * Keys pressed inside it do not reach the editor's shortcuts below.
 */
export function Dialog({ title, message, children, onCancel }: DialogProps) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    (box.current?.querySelector<HTMLElement>(FOCUSABLE) ?? box.current)?.focus();
    return () => previous?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    event.stopPropagation();
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    } else if (event.key === 'Tab') {
      const focusable = [...(box.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
      const [first, last] = [focusable[0], focusable.at(-1)];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
  };

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/40 p-4">
      <div
        ref={box}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-message`}
        tabIndex={-1}
        className="card w-full max-w-lg space-y-4"
        onKeyDown={onKeyDown}
      >
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {title}
        </h2>
        <div id={`${id}-message`} className="space-y-2 text-sm text-slate-700">
          {message}
        </div>
        <div className="flex flex-wrap justify-end gap-2">{children}</div>
      </div>
    </div>
  );
}
