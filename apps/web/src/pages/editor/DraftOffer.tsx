import { Dialog } from './Dialog';
import type { DraftKeeper } from './use-draft-keeper';
import { dateTime } from './when';

/** When the editor opens on a chart with an unsaved edit kept in this browser: restore it or discard it. */
export function DraftOfferDialog({ keeper }: { keeper: DraftKeeper }) {
  if (!keeper.offer) return null;
  const { draft, changedSince } = keeper.offer;
  return (
    <Dialog
      title="Unsaved edit found"
      message={
        <>
          <p>Restore your unsaved edit from {dateTime(draft.savedAt)}?</p>
          {changedSince && (
            <p>
              The chart has changed since: it was saved again, in another window or on another device, after this edit was made. Restoring puts your edit over
              the newer chart, and saving it then replaces that.
            </p>
          )}
        </>
      }
      onCancel={keeper.later}
    >
      <button type="button" className="btn-primary" onClick={keeper.restore}>
        Restore
      </button>
      <button type="button" className="btn-secondary" onClick={keeper.discard}>
        Discard
      </button>
    </Dialog>
  );
}

/** Says that the unsaved edit is safe in this browser, once it has been kept there. */
export function DraftStatus({ keeper, unsaved }: { keeper: DraftKeeper; unsaved: boolean }) {
  if (!unsaved || keeper.keptAt === undefined) return null;
  return (
    <span className="text-xs text-slate-500" data-testid="draft-status">
      Unsaved edit kept in this browser
    </span>
  );
}
