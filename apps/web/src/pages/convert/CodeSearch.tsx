import { useId, useState } from 'react';
import { useThreadSearch } from '../../api/threads';
import { ThreadSwatch } from '../../components/ThreadSwatch';
import { brandName, threadLabel, type ThreadBrand } from '../../lib/thread-brands';

/**
 * One code by search: the brand's threads whose code or name matches what is typed, each a button that
 * converts it; Enter converts what was typed as a code (the server says if the brand has it).
 */
export function CodeSearch({ brand, onChoose }: { brand: ThreadBrand; onChoose: (code: string) => void }) {
  const [query, setQuery] = useState('');
  const search = useThreadSearch(brand, query);
  const suggestionsId = useId();
  const typed = query.trim();
  const found = typed === '' ? [] : (search.data ?? []);
  const choose = (code: string) => {
    onChoose(code);
    setQuery('');
  };

  return (
    <div>
      <label className="block text-sm font-medium">
        {brandName(brand)} code or name
        <input
          className="input mt-1 w-full"
          type="search"
          value={query}
          placeholder="e.g. 403 or salmon"
          aria-controls={suggestionsId}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || typed === '') return;
            event.preventDefault();
            choose(typed);
          }}
        />
      </label>
      <ul id={suggestionsId} className="mt-2 divide-y divide-slate-100" aria-label={`${brandName(brand)} threads found`}>
        {found.map((thread) => (
          <li key={thread.code}>
            <button
              type="button"
              className="flex min-h-8 w-full items-center gap-2 rounded px-1 py-1 text-left hover:bg-slate-50"
              onClick={() => choose(thread.code)}
            >
              <ThreadSwatch hex={thread.hex} />
              <span className="w-28 shrink-0 font-mono text-sm">{threadLabel(thread)}</span>
              <span className="min-w-0 flex-1 truncate text-sm">{thread.name}</span>
              <span className="text-xs font-medium text-violet-700">Convert</span>
            </button>
          </li>
        ))}
      </ul>
      {typed !== '' && search.isSuccess && !search.isPlaceholderData && found.length === 0 && (
        <p className="mt-2 text-sm text-slate-600">No {brandName(brand)} thread has that code or name.</p>
      )}
    </div>
  );
}
