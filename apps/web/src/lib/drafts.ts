import type { PatternDocument } from '@stitchwise/core';

/**
 * Unsaved edits kept in the browser (IndexedDB), so that a reload, a crash or a closed tab loses
 * nothing. One draft per chart and version: a project's chart by its id and the ETag of the version
 * that was edited, a visitor's result by its pattern file id. Only the pattern document is kept, never
 * the undo history.
 */
export interface Draft {
  /** `scope` and the version edited: see draftKey. */
  key: string;
  /** Whose chart: `project:<id>` or `pattern:<file id>`. */
  scope: string;
  /** The version of the project's chart that was edited (from its ETag); absent for a visitor's result. */
  version?: number;
  /** That version's ETag (a project's chart): what a save of the draft sends as `If-Match`. */
  etag?: string;
  /**
   * Save was asked for but could not reach the server (offline): the editor saves the draft over `etag`
   * by itself once the connection is back, this session or the next time it opens.
   */
  waiting?: boolean;
  document: PatternDocument;
  /** When the draft was written, in ms since 1970. */
  savedAt: number;
}

const DATABASE = 'stitchwise-drafts';
const STORE = 'drafts';
const BY_SCOPE = 'by-scope';

export const projectScope = (projectId: string): string => `project:${projectId}`;
export const patternScope = (patternFileId: string): string => `pattern:${patternFileId}`;

/** The key of a draft: its scope, and for a project the ETag of the version edited. */
export function draftKey(scope: string, etag?: string): string {
  return etag === undefined ? scope : `${scope} ${etag}`;
}

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function openDatabase(): Promise<IDBDatabase> {
  if (typeof indexedDB === 'undefined') return Promise.reject(new Error('This browser keeps no drafts (no IndexedDB).'));
  const request = indexedDB.open(DATABASE, 1);
  request.onupgradeneeded = () => {
    const store = request.result.createObjectStore(STORE, { keyPath: 'key' });
    store.createIndex(BY_SCOPE, 'scope');
  };
  return requestResult(request);
}

/**
 * Runs one transaction on a connection of its own, closed afterwards (so another tab's upgrade is never
 * blocked), and resolves once the transaction has committed.
 */
async function withStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const database = await openDatabase();
  try {
    const transaction = database.transaction(STORE, mode);
    const result = requestResult(work(transaction.objectStore(STORE)));
    await new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
      transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
    });
    return await result;
  } finally {
    database.close();
  }
}

// Every operation waits for the one before: a write scheduled before a delete of the same draft
// never lands after it, whatever the connections do.
let queue: Promise<unknown> = Promise.resolve();
function inTurn<T>(operation: () => Promise<T>): Promise<T> {
  const next = queue.then(operation, operation);
  queue = next.catch(() => undefined);
  return next;
}

export function writeDraft(draft: Draft): Promise<void> {
  return inTurn(() => withStore('readwrite', (store) => store.put(draft))).then(() => undefined);
}

export function deleteDraft(key: string): Promise<void> {
  return inTurn(() => withStore('readwrite', (store) => store.delete(key)));
}

/** Every draft of one chart (all versions), newest first. */
export function readDrafts(scope: string): Promise<Draft[]> {
  return inTurn(() => withStore('readonly', (store) => store.index(BY_SCOPE).getAll(scope) as IDBRequest<Draft[]>)).then((drafts) =>
    drafts.sort((a, b) => b.savedAt - a.savedAt),
  );
}

/** Every project's drafts waiting to be saved (Save was pressed offline), oldest first. */
export function readWaitingDrafts(): Promise<Draft[]> {
  return inTurn(() => withStore('readonly', (store) => store.getAll() as IDBRequest<Draft[]>)).then((drafts) =>
    drafts.filter((draft) => draft.waiting && draft.etag && draft.scope.startsWith('project:')).sort((a, b) => a.savedAt - b.savedAt),
  );
}
