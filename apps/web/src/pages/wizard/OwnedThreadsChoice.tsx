import { BRANDS, lookAlikePairs, threadLabel, THREAD_BRANDS, type Thread, type ThreadBrand } from '@stitchwise/core';
import { Link } from 'react-router';
import { MIN_OWNED_THREADS, ownedCodesOf, ownedThreadsInUse, type OwnedThreads, type UpdateSettings, type WizardSettings } from './model';

/** "1 Anchor thread", "4 DMC threads". */
const threadsText = (count: number, brand: ThreadBrand): string => `${count} ${BRANDS[brand].name} ${count === 1 ? 'thread' : 'threads'}`;

/**
 * 'Use only threads I own' of step 2, for signed-in users with at least MIN_OWNED_THREADS threads of the
 * chart's brand on My Threads (a chart is stitched in one brand); otherwise off, with the reason and, when
 * the user owns enough of another brand, that brand. Turning it on lowers the colour count to the threads owned.
 */
export function OwnedThreadsChoice({ settings, update, owned }: { settings: WizardSettings; update: UpdateSettings; owned: OwnedThreads }) {
  const inUse = ownedThreadsInUse(settings, owned);
  const brand = settings.brand;
  const codes = ownedCodesOf(owned, brand);
  const count = codes.length;
  const enabled = owned.status === 'ready' && count >= MIN_OWNED_THREADS;
  const elsewhere = THREAD_BRANDS.filter((other) => other !== brand && ownedCodesOf(owned, other).length >= MIN_OWNED_THREADS).map(
    (other) => `${BRANDS[other].name} (${ownedCodesOf(owned, other).length})`,
  );
  let hint;
  if (owned.status === 'visitor') hint = 'Sign in to make patterns from the threads you own.';
  else if (owned.status === 'loading') hint = 'Reading your threads…';
  else if (owned.status === 'failed') hint = 'Your threads could not be read. Reload the page to try again.';
  else if (!enabled)
    hint = (
      <>
        You own {threadsText(count, brand)}; add at least {MIN_OWNED_THREADS} on{' '}
        <Link to="/threads/mine" className="inline-flex min-h-8 items-center underline">
          My Threads
        </Link>
        {elsewhere.length > 0 ? `, or choose a Thread brand you own more of: ${elsewhere.join(', ')}.` : '.'}
      </>
    );
  else
    hint = `Chooses among your ${threadsText(count, brand)} only, at most ${count} colours. Threads with no skeins left count too: the shopping list says what to buy.`;
  return (
    <div className="space-y-2 text-sm">
      <label className={`flex min-h-8 items-center gap-2 ${enabled ? '' : 'opacity-60'}`}>
        <input
          type="checkbox"
          checked={inUse !== undefined}
          disabled={!enabled}
          aria-describedby="owned-threads-hint"
          onChange={(event) =>
            update(event.target.checked ? { onlyOwnedThreads: true, colors: Math.min(settings.colors, count) } : { onlyOwnedThreads: false })
          }
          className="h-4 w-4 shrink-0 accent-violet-600"
        />
        Use only threads I own
      </label>
      {/* Beside the label, not in it: the link to My Threads is its own target. */}
      <p id="owned-threads-hint" className="ml-6 text-xs text-slate-500">
        {hint}
      </p>
      {settings.onlyOwnedThreads && enabled && <LookAlikeThreads settings={settings} update={update} codes={codes} />}
    </div>
  );
}

const threadName = (thread: Thread): string => `${threadLabel(thread)} ${thread.name}`;

/**
 * Owned threads of the chart's brand that look the same on fabric (ΔE00 below 3), pointed out before
 * generating: leaving one of a pair out takes one click, and puts it back another (generation then never
 * uses both without a word).
 */
function LookAlikeThreads({ settings, update, codes }: { settings: WizardSettings; update: UpdateSettings; codes: readonly string[] }) {
  const leftOut = settings.leftOutThreads;
  const pairs = lookAlikePairs(
    codes.filter((code) => !leftOut.includes(code)),
    settings.brand,
  );
  const kept = codes.filter((code) => !leftOut.includes(code)).length;
  // The colour count goes no higher than the threads left to choose from.
  const leave = (code: string) => update({ leftOutThreads: [...leftOut, code], colors: Math.min(settings.colors, kept - 1) });
  const putBack = (code: string) => update({ leftOutThreads: leftOut.filter((left) => left !== code) });
  if (pairs.length === 0 && leftOut.length === 0) return null;
  return (
    <div className="ml-6 space-y-2" data-testid="look-alike-threads">
      {pairs.length > 0 && (
        <div role="status" className="rounded-md border border-amber-300 bg-amber-50 p-2 text-xs text-amber-900">
          <p className="font-medium">These threads you own look the same on fabric; the chart may use both:</p>
          <ul className="mt-1 space-y-1">
            {pairs.map(({ first, second, deltaE }) => (
              <li key={`${first.code}+${second.code}`} className="flex flex-wrap items-center gap-2">
                <span>
                  {threadName(first)} and {threadName(second)} (ΔE00 {deltaE.toFixed(1)})
                </span>
                {[first, second].map((thread) => (
                  <button key={thread.code} type="button" className="btn-ghost min-h-8 px-2 py-0.5 text-xs" onClick={() => leave(thread.code)}>
                    Leave out {thread.code}
                  </button>
                ))}
              </li>
            ))}
          </ul>
        </div>
      )}
      {leftOut.length > 0 && (
        <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
          Left out this time:
          {leftOut.map((code) => (
            <button
              key={code}
              type="button"
              className="btn-ghost min-h-8 px-2 py-0.5 text-xs"
              onClick={() => putBack(code)}
              aria-label={`Put back ${threadLabel({ brand: settings.brand, code })}`}
            >
              {code} ✕
            </button>
          ))}
        </p>
      )}
    </div>
  );
}
