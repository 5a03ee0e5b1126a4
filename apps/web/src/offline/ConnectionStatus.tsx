import { useOnline } from '../lib/connection';
import { useOutboxStatus } from './outbox-status';

const OFFLINE_EXPLAINED = 'Projects kept on this device and Stitching mode work; marks and edits are kept here and sent when you are back online.';

/**
 * The header's small indicator: 'Offline' without a network (what still works is in its title), 'Syncing…'
 * while marks or edits kept on this device are sent, 'Saved' once they are; nothing otherwise.
 */
export function ConnectionStatus() {
  const online = useOnline();
  const outbox = useOutboxStatus();
  const shown = !online ? 'offline' : outbox === 'idle' ? undefined : outbox;
  return (
    <p aria-live="polite" data-testid="connection-status" className="text-sm">
      {shown === 'offline' && (
        <span className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-3 py-1 font-medium text-amber-900" title={OFFLINE_EXPLAINED}>
          <span aria-hidden="true" className="size-2 rounded-full bg-amber-600" />
          Offline
          <span className="sr-only"> — {OFFLINE_EXPLAINED}</span>
        </span>
      )}
      {shown === 'syncing' && <span className="rounded-full bg-violet-50 px-3 py-1 font-medium text-violet-800">Syncing…</span>}
      {shown === 'saved' && <span className="rounded-full bg-green-50 px-3 py-1 font-medium text-green-800">Saved</span>}
    </p>
  );
}

/** What a screen that needs the server says offline, in place of failing ('Making a chart needs a connection…'). */
export function NeedsConnection({ task }: { task: string }) {
  const online = useOnline();
  // A live region that stays mounted, so that going offline is announced (not a second role="status" on the page).
  return (
    <div aria-live="polite" data-testid="needs-connection">
      {!online && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          You are offline. {task} needs a connection to the Stitchwise server. Projects kept on this device and Stitching mode still work.
        </p>
      )}
    </div>
  );
}
