import { findThread } from '@stitchwise/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { detailOf, statusOf } from '../api/client';
import { useOwnedThreads, useSaveOwnedThreads } from '../api/owned-threads';
import type { OwnedThread } from '../api/schemas';
import { useSession } from '../auth/use-session';
import { Icon } from '../components/Icon';
import { saveFile } from '../lib/save-file';
import { readThreadsCsv, sortedThreads, threadsCsv } from '../lib/thread-lists';
import { useDocumentTitle } from '../lib/use-document-title';
import { AddThreads } from './threads/AddThreads';
import { OwnedThreadRow } from './threads/OwnedThreadRow';
import { unsavedValue, useAutosave, type SaveStatus } from './threads/use-autosave';

/** A thread list is a few KB; anything much larger is not one. */
const MAX_CSV_BYTES = 1024 * 1024;

/** 'My Threads': the DMC threads the signed-in user owns, with skeins on hand, saved as they are changed. */
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
      {body}
    </div>
  );
}

/** A list kept on this device, if it still is one (storage can hold anything another version of the app wrote). */
function ownedThreadsOrNothing(value: unknown): OwnedThread[] | undefined {
  const isThread = (item: unknown) =>
    typeof item === 'object' && item !== null && typeof (item as OwnedThread).dmc_code === 'string' && Number.isInteger((item as OwnedThread).skeins);
  return Array.isArray(value) && value.every(isThread) ? (value as OwnedThread[]) : undefined;
}

/** The list as loaded, edited here and saved on every change (see useAutosave). */
function ThreadListEditor({ initial, storageKey }: { initial: OwnedThread[]; storageKey: string }) {
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
  const codes = useMemo(() => new Set(threads.map((thread) => thread.dmc_code)), [threads]);
  const skeins = threads.reduce((sum, thread) => sum + thread.skeins, 0);

  const update = (next: OwnedThread[], typing = false) => {
    setThreads(next);
    setNotice(undefined);
    autosave.change(next, { typing });
  };

  const add = (added: string[]) => {
    const fresh = added.filter((code) => !codes.has(code));
    const already = added.filter((code) => codes.has(code));
    if (fresh.length > 0) update(sortedThreads([...threads, ...fresh.map((code) => ({ dmc_code: code, skeins: 1 }))]));
    const named = (list: string[]) => list.map((code) => `${code} ${findThread(code)?.name ?? ''}`.trim()).join(', ');
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
    const counts = new Map(threads.map((thread) => [thread.dmc_code, thread.skeins]));
    const added = imported.filter((thread) => !counts.has(thread.dmc_code)).length;
    for (const thread of imported) counts.set(thread.dmc_code, thread.skeins);
    if (imported.length > 0) update(sortedThreads([...counts].map(([dmc_code, count]) => ({ dmc_code, skeins: count }))));
    const read = `Imported ${imported.length} thread${imported.length === 1 ? '' : 's'} from ${file.name} (${added} new, ${imported.length - added} counts updated).`;
    setNotice({ text: skipped.length > 0 ? `${read} Skipped ${skipped.join('; ')}.` : read, warning: skipped.length > 0 || imported.length === 0 });
  };

  return (
    <>
      <p className="text-slate-700">
        The DMC threads you own, with the skeins you have. Every project’s shopping list counts them, so you buy only what you lack. Changes are saved as you
        make them.
      </p>
      <AddThreads owned={codes} onAdd={add} />
      <section className="card space-y-3" aria-labelledby="owned-title">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="owned-title" className="font-semibold">
            Your threads: {threads.length} thread{threads.length === 1 ? '' : 's'}, {skeins} skein{skeins === 1 ? '' : 's'}
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
                key={thread.dmc_code}
                thread={thread}
                onSkeins={(count, typing) =>
                  update(
                    threads.map((t) => (t.dmc_code === thread.dmc_code ? { ...t, skeins: count } : t)),
                    typing,
                  )
                }
                onRemove={() => {
                  const before = threads;
                  update(threads.filter((t) => t.dmc_code !== thread.dmc_code));
                  const count = `${thread.skeins} skein${thread.skeins === 1 ? '' : 's'}`;
                  setNotice({ text: `Removed ${thread.dmc_code} ${findThread(thread.dmc_code)?.name ?? ''} (${count}).`, undo: () => update(before) });
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
