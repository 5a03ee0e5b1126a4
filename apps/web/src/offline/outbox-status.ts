import { useSyncExternalStore } from 'react';

/**
 * Whether what was kept on this device is being sent (marks, an editor's draft): 'syncing' while it goes,
 * 'saved' once it has, 'idle' before anything was sent. A module of its own, so the header's indicator does
 * not bring the API client into the first download.
 */
export type OutboxStatus = 'idle' | 'syncing' | 'saved';

let status: OutboxStatus = 'idle';
const listeners = new Set<() => void>();

export function publishOutboxStatus(next: OutboxStatus): void {
  status = next;
  for (const listener of listeners) listener();
}

export function useOutboxStatus(): OutboxStatus {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => status,
  );
}
