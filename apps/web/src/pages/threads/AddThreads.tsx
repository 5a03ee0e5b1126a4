import { findThread, searchThreads } from '@stitchwise/core';
import { useId, useMemo, useState } from 'react';
import { readCodeList } from '../../lib/thread-lists';
import { ThreadSwatch } from '../../components/ThreadSwatch';

const SHOWN = 8;

/**
 * Adding threads: by code or name from the catalogue (Enter adds an exact code at once, so `310` Enter
 * `321` Enter fills a list quickly), or a pasted list of codes. `onAdd` adds the codes not yet on the list
 * and says which; what is not a DMC code stays in the box, named, to be corrected.
 */
export function AddThreads({ owned, onAdd }: { owned: ReadonlySet<string>; onAdd: (codes: string[]) => void }) {
  const [query, setQuery] = useState('');
  const [pasted, setPasted] = useState('');
  const [unknown, setUnknown] = useState<string[]>([]);
  const found = useMemo(() => (query.trim() ? searchThreads(query).slice(0, SHOWN) : []), [query]);
  const resultsId = useId();

  const addPasted = () => {
    const list = readCodeList(pasted);
    if (list.codes.length > 0) onAdd(list.codes);
    setUnknown(list.unknown);
    setPasted(list.unknown.join(', '));
  };

  return (
    <section className="card space-y-4" aria-labelledby="add-threads-title">
      <h2 id="add-threads-title" className="font-semibold">
        Add threads
      </h2>
      <div>
        <label className="block text-sm font-medium">
          DMC code or name
          <input
            className="input mt-1 w-full"
            type="search"
            value={query}
            placeholder="e.g. 310 or coral"
            aria-controls={resultsId}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              const exact = findThread(query);
              if (event.key !== 'Enter' || !exact) return;
              event.preventDefault();
              onAdd([exact.code]);
              setQuery('');
            }}
          />
        </label>
        <ul id={resultsId} className="mt-2 divide-y divide-slate-100" aria-label="Catalogue threads">
          {found.map((thread) => (
            <li key={thread.code} className="flex items-center gap-2 py-1">
              <ThreadSwatch hex={thread.hex} />
              <span className="w-14 font-mono text-sm">{thread.code}</span>
              <span className="min-w-0 flex-1 truncate text-sm">{thread.name}</span>
              {owned.has(thread.code) ? (
                <span className="px-3 text-xs text-slate-500">On your list</span>
              ) : (
                <button type="button" className="btn-secondary h-10" aria-label={`Add DMC ${thread.code}`} onClick={() => onAdd([thread.code])}>
                  Add
                </button>
              )}
            </li>
          ))}
        </ul>
        {query.trim() !== '' && found.length === 0 && <p className="mt-2 text-sm text-slate-600">No DMC thread has that code or name.</p>}
      </div>
      <div>
        <label className="block text-sm font-medium">
          Or paste a list of codes
          <textarea
            className="input mt-1 block w-full font-mono"
            rows={3}
            value={pasted}
            placeholder="310, 321, 3865"
            onChange={(event) => setPasted(event.target.value)}
          />
        </label>
        {unknown.length > 0 && (
          <p className="mt-1 text-sm text-amber-800" role="alert">
            Not DMC codes, left in the box to correct: {unknown.join(', ')}.
          </p>
        )}
        <button type="button" className="btn-secondary mt-2" disabled={pasted.trim() === ''} onClick={addPasted}>
          Add these threads
        </button>
      </div>
    </section>
  );
}
