import { useId, type ReactNode } from 'react';
import { useFocusTrap } from '../../lib/use-focus-trap';

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
  const trap = useFocusTrap<HTMLDivElement>(onCancel);

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/40 p-4">
      <div
        ref={trap.ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-message`}
        tabIndex={-1}
        className="card w-full max-w-lg space-y-4"
        onKeyDown={trap.onKeyDown}
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
