import { Link } from 'react-router';
import { MIN_OWNED_THREADS, ownedThreadsInUse, type OwnedThreads, type UpdateSettings, type WizardSettings } from './model';

const threadsText = (count: number): string => `${count} ${count === 1 ? 'thread' : 'threads'}`;

/**
 * 'Use only threads I own' of step 2, for signed-in users with at least MIN_OWNED_THREADS threads on
 * My Threads; otherwise off, with the reason. Turning it on lowers the colour count to the threads owned.
 */
export function OwnedThreadsChoice({ settings, update, owned }: { settings: WizardSettings; update: UpdateSettings; owned: OwnedThreads }) {
  const inUse = ownedThreadsInUse(settings, owned);
  const count = owned.status === 'ready' ? owned.codes.length : 0;
  const enabled = owned.status === 'ready' && count >= MIN_OWNED_THREADS;
  let hint;
  if (owned.status === 'visitor') hint = 'Sign in to make patterns from the threads you own.';
  else if (owned.status === 'loading') hint = 'Reading your threads…';
  else if (owned.status === 'failed') hint = 'Your threads could not be read. Reload the page to try again.';
  else if (!enabled)
    hint = (
      <>
        You own {threadsText(count)}; add at least {MIN_OWNED_THREADS} on{' '}
        <Link to="/threads/mine" className="underline">
          My Threads
        </Link>
        .
      </>
    );
  else
    hint = `Chooses among your ${threadsText(count)} only, at most ${count} colours. Threads with no skeins left count too: the shopping list says what to buy.`;
  return (
    <div className="text-sm">
      <label className={`flex items-start gap-2 ${enabled ? '' : 'opacity-60'}`}>
        <input
          type="checkbox"
          checked={inUse !== undefined}
          disabled={!enabled}
          aria-describedby="owned-threads-hint"
          onChange={(event) =>
            update(event.target.checked ? { onlyOwnedThreads: true, colors: Math.min(settings.colors, count) } : { onlyOwnedThreads: false })
          }
          className="mt-0.5 h-4 w-4 accent-violet-600"
        />
        Use only threads I own
      </label>
      {/* Beside the label, not in it: the link to My Threads is its own target. */}
      <p id="owned-threads-hint" className="ml-6 text-xs text-slate-500">
        {hint}
      </p>
    </div>
  );
}
