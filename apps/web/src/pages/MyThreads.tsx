import { BRANDS, isThreadBrand, threadKey, THREAD_BRANDS } from '@stitchwise/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { detailOf, statusOf } from '../api/client';
import { useOwnedThreads, useSaveOwnedThreads } from '../api/owned-threads';
import { useSession } from '../auth/use-session';
import { Icon } from '../components/Icon';
import { saveFile } from '../lib/save-file';
import { readThreadsCsv, sortedThreads, threadName, threadsCsv, type BrandCode, type StashThread } from '../lib/thread-lists';
import { useDocumentTitle } from '../lib/use-document-title';
import { AddThreads } from './threads/AddThreads';
import { OwnedThreadRow } from './threads/OwnedThreadRow';
import { unsavedValue, useAutosave, type SaveStatus } from './threads/use-autosave';
import { NeedsConnection } from '../offline/ConnectionStatus';

/** A thread list is a few KB; anything much larger is not one. */
const MAX_CSV_BYTES = 1024 * 1024;

/** 'My Threads': the threads of any brand the signed-in user owns, with skeins on hand, saved as they are changed. */
export function MyThreads() {
  const session = useSession();
  const owned = useOwnedThreads({ enabled: session.signedIn });
  useDocumentTitle('My Threads');

  let body;
  if (!session.signedIn) {
    body = (
      <div className="card mx-auto max-w-lg text-center">
        <Icon name="lock" className="mx-auto h-10 w-10 text-violet-600" />
        <p className="mt-2 font-medium">Please sign in to keep a list of the threads you own</p>
        <button type="button" className="btn-primary mt-4" onClick={() => void session.signIn()}>
          Sign In
        </button>
      </div>
    );
  } else if (owned.isPending) body = <p className="text-slate-600">Loading your threads…</p>;
  else if (owned.isError) {
    body = (
      <div className="card border-red-200 bg-red-50">
        <p className="font-semibold text-red-800">Your threads could not be loaded</p>
        <p className="mt-1 text-sm text-red-700">
          {statusOf(owned.error) === 401 ? 'Authentication required. Please log in.' : (detailOf(owned.error) ?? 'Please try again.')}
        </p>
        <button type="button" className="btn-secondary mt-3" onClick={() => void owned.refetch()}>
          Try Again
        </button>
      </div>
    );
  } else body = <ThreadListEditor initial={owned.data} storageKey={`stitchwise:owned-threads:${session.profile?.sub ?? ''}`} />;

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">My Threads</h1>
      <NeedsConnection task="Changing your threads" />
      {body}
    </div>
  );
}

/**
 * A list kept on this device, if it still is one (storage can hold anything another version of the app wrote:
 * the version before brands kept DMC threads as `{ dmc_code, skeins }`, which are read as DMC threads).
 */
function ownedThreadsOrNothing(value: unknown): StashThread[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const threads = value.map((item: unknown): StashThread | undefined => {
    if (typeof item !== 'object' || item === null) return undefined;
    const { brand, code, dmc_code: dmcCode, skeins } = item as Record<string, unknown>;
    if (!Number.isInteger(skeins)) return undefined;
    if (isThreadBrand(brand) && typeof code === 'string') return { brand, code, skeins: skeins as number };
    return typeof dmcCode === 'string' ? { brand: 'dmc', code: dmcCode, skeins: skeins as number } : undefined;
  });
  return threads.every((thread) => thread !== undefined) ? threads : undefined;
}

/** "12 threads, 20 skeins", with the brands when there are several: "12 threads (8 DMC, 4 Anchor), 20 skeins". */
function countsOf(threads: readonly StashThread[]): string {
  const skeins = threads.reduce((sum, thread) => sum + thread.skeins, 0);
  const brands = THREAD_BRANDS.map((brand) => ({ brand, count: threads.filter((thread) => thread.brand === brand).length })).filter(({ count }) => count > 0);
  const byBrand = brands.length > 1 ? ` (${brands.map(({ brand, count }) => `${count} ${BRANDS[brand].name}`).join(', ')})` : '';
  return `${threads.length} thread${threads.length === 1 ? '' : 's'}${byBrand}, ${skeins} skein${skeins === 1 ? '' : 's'}`;
}

/** The list as loaded, edited here and saved on every change (see useAutosave). */
function ThreadListEditor({ initial, storageKey }: { initial: StashThread[]; storageKey: string }) {
  // Changes this device could not save last time (the page was left after a failed save) come back, and are sent.
  const [kept] = useState(() => ownedThreadsOrNothing(unsavedValue(storageKey)));
  const [threads, setThreads] = useState(kept ?? initial);
  // What the last action did; a removal can be undone until the next change.
  const [notice, setNotice] = useState<{ text: string; warning?: boolean; undo?: () => void } | undefined>(
    kept && { text: 'Your changes that were not saved last time are back, and being saved now.' },
  );
  const autosave = useAutosave(useSaveOwnedThreads(), storageKey);
  const resend = useRef(kept);
  useEffect(() => {
    // Once, when the page opens (the ref is emptied, so a second run of the effect sends nothing).
    if (resend.current) autosave.change(resend.current);
    resend.current = undefined;
  }, [autosave]);
  const fileInput = useRef<HTMLInputElement>(null);
  const keys = useMemo(() => new Set(threads.map(threadKey)), [threads]);

  const update = (next: StashThread[], typing = false) => {
    setThreads(next);
    setNotice(undefined);
    autosave.change(next, { typing });
  };

  const add = (added: BrandCode[]) => {
    const fresh = added.filter((thread) => !keys.has(threadKey(thread)));
    const already = added.filter((thread) => keys.has(threadKey(thread)));
    if (fresh.length > 0) update(sortedThreads([...threads, ...fresh.map(({ brand, code }) => ({ brand, code, skeins: 1 }))]));
    const named = (list: BrandCode[]) => list.map(threadName).join(', ');
    setNotice({
      text: [fresh.length > 0 && `Added ${named(fresh)}.`, already.length > 0 && `Already on your list: ${named(already)}.`].filter(Boolean).join(' '),
    });
  };

  // An import adds to the list and sets the counts the file gives; threads it does not name are kept.
  const importFile = async (file: File) => {
    if (file.size > MAX_CSV_BYTES) {
      setNotice({ text: `${file.name} is larger than 1 MB: it is not a thread list.`, warning: true });
      return;
    }
    const { threads: imported, skipped } = readThreadsCsv(await readText(file));
    const byKey = new Map(threads.map((thread) => [threadKey(thread), thread]));
    const added = imported.filter((thread) => !byKey.has(threadKey(thread))).length;
    for (const thread of imported) byKey.set(threadKey(thread), thread);
    if (imported.length > 0) update(sortedThreads([...byKey.values()]));
    const read = `Imported ${imported.length} thread${imported.length === 1 ? '' : 's'} from ${file.name} (${added} new, ${imported.length - added} counts updated).`;
    setNotice({ text: skipped.length > 0 ? `${read} Skipped ${skipped.join('; ')}.` : read, warning: skipped.length > 0 || imported.length === 0 });
  };

  return (
    <>
      <p className="text-slate-700">
        The threads you own, of any brand, with the skeins you have. Every project’s shopping list counts them, so you buy only what you lack, and a chart can
        use only them (those of the brand it is stitched in). Changes are saved as you make them.
      </p>
      <AddThreads owned={keys} onAdd={add} />
      <section className="card space-y-3" aria-labelledby="owned-title">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="owned-title" className="font-semibold">
            Your threads: {countsOf(threads)}
          </h2>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn-secondary" onClick={() => fileInput.current?.click()}>
              Import CSV
            </button>
            <input
              ref={fileInput}
              type="file"
              accept=".csv,text/csv,text/plain"
              className="hidden"
              aria-label="CSV file of threads"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = ''; // the same file can be chosen again
                if (file) void importFile(file);
              }}
            />
            <button
              type="button"
              className="btn-secondary"
              disabled={threads.length === 0}
              onClick={() => saveFile(new Blob([threadsCsv(threads)], { type: 'text/csv' }), 'my-threads.csv')}
            >
              Export CSV
            </button>
          </div>
        </div>
        <SaveState status={autosave.status} onRetry={autosave.retry} />
        {notice && (
          <p role="status" className={`flex flex-wrap items-center gap-2 text-sm ${notice.warning ? 'text-amber-800' : 'text-slate-700'}`}>
            {notice.text}
            {notice.undo && (
              <button type="button" className="btn-ghost" onClick={notice.undo}>
                Undo
              </button>
            )}
          </p>
        )}
        {threads.length === 0 ? (
          <p className="text-sm text-slate-600">No threads yet: add them above by code or name, paste a list, or import a CSV file.</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Threads you own">
            {threads.map((thread) => (
              <OwnedThreadRow
                key={threadKey(thread)}
                thread={thread}
                onSkeins={(count, typing) =>
                  update(
                    threads.map((t) => (threadKey(t) === threadKey(thread) ? { ...t, skeins: count } : t)),
                    typing,
                  )
                }
                onRemove={() => {
                  const before = threads;
                  update(threads.filter((t) => threadKey(t) !== threadKey(thread)));
                  const count = `${thread.skeins} skein${thread.skeins === 1 ? '' : 's'}`;
                  setNotice({ text: `Removed ${threadName(thread)} (${count}).`, undo: () => update(before) });
                }}
              />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function SaveState({ status, onRetry }: { status: SaveStatus; onRetry: () => void }) {
  return (
    <p role="status" className="flex min-h-10 items-center gap-2 text-sm text-slate-600" data-testid="save-state">
      {status.state === 'saved' && 'All changes saved.'}
      {(status.state === 'waiting' || status.state === 'saving') && 'Saving…'}
      {status.state === 'failed' && (
        <>
          <span className="text-red-700">Not saved: {detailOf(status.error) ?? 'the server could not be reached.'}</span>
          <button type="button" className="btn-secondary" onClick={onRetry}>
            Try again
          </button>
        </>
      )}
    </p>
  );
}

/** A chosen file's text (FileReader: every browser, and the test environment, has it). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error(`${file.name} could not be read`));
    reader.readAsText(file);
  });
}
