import { readWrittenThread, searchThreads, threadKey, threadLabel, threadsOf, THREAD_BRANDS, type ThreadBrand } from '@stitchwise/core';
import { useId, useMemo, useState } from 'react';
import { brandName, rememberedBrand } from '../../lib/thread-brands';
import { readCodeList, type BrandCode } from '../../lib/thread-lists';
import { ThreadSwatch } from '../../components/ThreadSwatch';

const SHOWN = 8;

/** What a search box holds: a code or name of the chosen brand, or of the brand it starts with (`Anchor 403`). */
function searchOf(query: string, brand: ThreadBrand) {
  const written = readWrittenThread(query, brand);
  const needle = written.branded ? written.code : query;
  return { brand: written.brand, exact: written.thread, found: needle.trim() ? searchThreads(needle, threadsOf(written.brand)).slice(0, SHOWN) : [] };
}

/**
 * Adding threads of a chosen brand (the stitcher's remembered one at first): by code or name from its
 * catalogue (Enter adds an exact code at once, so `403` Enter `9046` Enter fills a list quickly), or a pasted
 * list of codes, where a brand's name sets the brand of the codes after it (`Anchor 403, 9046`). `onAdd` adds
 * the threads not yet on the list and says which; what is not a code of its brand stays in the box, named, to
 * be corrected.
 */
export function AddThreads({ owned, onAdd }: { owned: ReadonlySet<string>; onAdd: (threads: BrandCode[]) => void }) {
  // Not remembered from here: choosing a brand to add a few threads of is not choosing the brand one charts in.
  const [brand, setBrand] = useState<ThreadBrand>(rememberedBrand);
  const [query, setQuery] = useState('');
  const [pasted, setPasted] = useState('');
  const [unknown, setUnknown] = useState<{ of: string; codes: string[] }>({ of: '', codes: [] });
  const search = useMemo(() => searchOf(query, brand), [query, brand]);
  const resultsId = useId();
  const name = brandName(brand);

  const addPasted = () => {
    const list = readCodeList(pasted, brand);
    if (list.threads.length > 0) onAdd(list.threads);
    // "Not Anchor codes", or, when some were of brands named in the list, "not codes of their brands".
    setUnknown({ of: list.unknownBrands.every((each) => each === brand) ? `${name} codes` : 'codes of their brands', codes: list.unknown });
    setPasted(list.unknown.join(', '));
  };

  return (
    <section className="card space-y-4" aria-labelledby="add-threads-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="add-threads-title" className="font-semibold">
          Add threads
        </h2>
        <label className="text-sm font-medium">
          Brand
          <select className="input mt-1 block" value={brand} onChange={(event) => setBrand(event.target.value as ThreadBrand)}>
            {THREAD_BRANDS.map((option) => (
              <option key={option} value={option}>
                {brandName(option)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div>
        <label className="block text-sm font-medium">
          {name} code or name
          <input
            className="input mt-1 w-full"
            type="search"
            value={query}
            placeholder={brand === 'anchor' ? 'e.g. 403 or salmon' : brand === 'madeira' ? 'e.g. 814 or rose' : 'e.g. 310 or coral'}
            aria-controls={resultsId}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              const exact = search.exact;
              if (event.key !== 'Enter' || !exact) return;
              event.preventDefault();
              onAdd([{ brand: exact.brand, code: exact.code }]);
              setQuery('');
            }}
          />
        </label>
        <ul id={resultsId} className="mt-2 divide-y divide-slate-100" aria-label="Catalogue threads">
          {search.found.map((thread) => (
            <li key={threadKey(thread)} className="flex items-center gap-2 py-1">
              <ThreadSwatch hex={thread.hex} />
              <span className="w-28 shrink-0 font-mono text-sm">{threadLabel(thread)}</span>
              <span className="min-w-0 flex-1 truncate text-sm">{thread.name}</span>
              {owned.has(threadKey(thread)) ? (
                <span className="px-3 text-xs text-slate-500">On your list</span>
              ) : (
                <button
                  type="button"
                  className="btn-secondary h-10"
                  aria-label={`Add ${threadLabel(thread)}`}
                  onClick={() => onAdd([{ brand: thread.brand, code: thread.code }])}
                >
                  Add
                </button>
              )}
            </li>
          ))}
        </ul>
        {query.trim() !== '' && search.found.length === 0 && (
          <p className="mt-2 text-sm text-slate-600">No {brandName(search.brand)} thread has that code or name.</p>
        )}
      </div>
      <div>
        <label className="block text-sm font-medium">
          Or paste a list of codes
          <textarea
            className="input mt-1 block w-full font-mono"
            rows={3}
            value={pasted}
            placeholder={brand === 'anchor' ? '403, 9046, 1006' : brand === 'madeira' ? '814, 805, Black' : '310, 321, 3865'}
            aria-describedby="paste-hint"
            onChange={(event) => setPasted(event.target.value)}
          />
        </label>
        <p id="paste-hint" className="mt-1 text-xs text-slate-500">
          Codes are read as {name} codes; a brand’s name sets the brand of the codes after it, as in “Anchor 403, 9046, DMC 310”.
        </p>
        {unknown.codes.length > 0 && (
          <p className="mt-1 text-sm text-amber-800" role="alert">
            Not {unknown.of}, left in the box to correct: {unknown.codes.join(', ')}.
          </p>
        )}
        <button type="button" className="btn-secondary mt-2" disabled={pasted.trim() === ''} onClick={addPasted}>
          Add these threads
        </button>
      </div>
    </section>
  );
}
