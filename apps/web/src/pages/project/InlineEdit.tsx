import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject, type SyntheticEvent } from 'react';

export interface InlineEditProps {
  /** The field's visible label ('Project name'). */
  label: string;
  /** The form's accessible name ('Rename project'). */
  formLabel: string;
  value: string;
  multiline?: boolean;
  maxLength: number;
  /** Said when the field is left empty; without it, empty is allowed. */
  emptyMessage?: string;
  saving: boolean;
  /** Resolves once saved (the editor then closes); rejects to stay open, its message already told. */
  onSave: (value: string) => Promise<unknown>;
  onClose: () => void;
}

/**
 * A field edited in place: the focus goes into it on opening, Enter (in a one-line field) or Save
 * saves, Escape or Cancel closes without saving. An unchanged value closes without a call.
 */
export function InlineEdit({ label, formLabel, value, multiline = false, maxLength, emptyMessage, saving, onSave, onClose }: InlineEditProps) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | undefined>();
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null);

  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = draft.trim();
    if (!trimmed && emptyMessage) {
      setError(emptyMessage);
      field.current?.focus();
      return;
    }
    if (trimmed === value.trim()) {
      onClose();
      return;
    }
    onSave(trimmed).then(onClose, () => field.current?.focus());
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onClose();
  };

  const fieldProps = {
    id: `${id}-field`,
    ref: field,
    value: draft,
    maxLength,
    className: 'input w-full',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    onKeyDown,
    onChange: (event: { target: { value: string } }) => {
      setDraft(event.target.value);
      setError(undefined);
    },
  };
  return (
    <form aria-label={formLabel} className="space-y-2" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-field`} className="block text-sm font-medium">
        {label}
      </label>
      {multiline ? <textarea {...fieldProps} rows={3} /> : <input {...fieldProps} type="text" />}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="btn-ghost" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * Whether a value is being edited, with the button that opens the editor: when the editor closes, the
 * focus goes back to that button, so a keyboard user stays where they were.
 */
export function useInlineEditing() {
  const [editing, setEditing] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !editing) opener.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  return { editing, opener, open: () => setEditing(true), close: () => setEditing(false) };
}

/** A value with its Edit button beside it, or the editor in its place. */
export function EditableValue({
  editing,
  view,
  editor,
  buttonLabel,
  buttonName,
  opener,
  onOpen,
}: {
  editing: boolean;
  view: ReactNode;
  editor: ReactNode;
  buttonLabel: string;
  /** The button's accessible name, when the visible label alone would be unclear. */
  buttonName?: string;
  opener: RefObject<HTMLButtonElement | null>;
  onOpen: () => void;
}) {
  if (editing) return <>{editor}</>;
  return (
    <div className="flex flex-wrap items-baseline gap-2">
      {view}
      <button ref={opener} type="button" className="btn-ghost min-h-8 px-2 py-1 text-xs" aria-label={buttonName} onClick={onOpen}>
        {buttonLabel}
      </button>
    </div>
  );
}
