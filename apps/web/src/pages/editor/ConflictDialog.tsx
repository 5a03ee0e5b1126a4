import { useState } from 'react';
import { Dialog } from './Dialog';

export interface ConflictDialogProps {
  /** The project's name, for the copy's name. */
  name: string;
  /** Keep editing; saving again will be refused again until one of the choices is taken. */
  onCancel: () => void;
  /** Replaces the edit with the chart saved elsewhere; rejects with a sentence when it could not be loaded. */
  onLoadNewer: () => Promise<void>;
  /** Makes a new project of the edit and opens it; rejects with a sentence when that failed. */
  onSaveAsNew: () => Promise<void>;
}

const failure = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.');

/**
 * A save refused because the chart was saved elsewhere since it was opened (412): load the newer chart
 * (after a confirmation, as the edit is then lost) or keep the edit as a new project.
 */
export function ConflictDialog({ name, onCancel, onLoadNewer, onSaveAsNew }: ConflictDialogProps) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const run = (choice: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    choice().catch((reason: unknown) => {
      setError(failure(reason));
      setBusy(false);
    });
  };
  const errorLine = error && (
    <p role="alert" className="text-red-700">
      {error}
    </p>
  );

  if (confirming) {
    return (
      <Dialog
        key="confirm"
        title="Load the newer chart?"
        message={
          <>
            <p>Your edit will be lost: the chart will be as it was last saved elsewhere.</p>
            {errorLine}
          </>
        }
        onCancel={() => setConfirming(false)}
      >
        {/* The harmless choice first, so it has the focus. */}
        <button type="button" className="btn-secondary" disabled={busy} onClick={() => setConfirming(false)}>
          Back
        </button>
        <button type="button" className="btn-primary" disabled={busy} onClick={() => run(onLoadNewer)}>
          Load it and lose my edit
        </button>
      </Dialog>
    );
  }
  return (
    <Dialog
      key="choose"
      title="This chart was changed elsewhere"
      message={
        <>
          <p>
            The chart was changed in another window or on another device since you opened it, so your edit was not saved over it. Load the newer chart, or save
            your edit as a new project named “{name} (copy)”.
          </p>
          {errorLine}
        </>
      }
      onCancel={onCancel}
    >
      <button type="button" className="btn-primary" disabled={busy} onClick={() => run(onSaveAsNew)}>
        Save my edit as a new project
      </button>
      <button type="button" className="btn-secondary" disabled={busy} onClick={() => setConfirming(true)}>
        Load the newer chart
      </button>
      <button type="button" className="btn-ghost" disabled={busy} onClick={onCancel}>
        Cancel
      </button>
    </Dialog>
  );
}
