import type { BrandThread, BrandThreadMatch } from '../../api/schemas';
import { ThreadSwatch } from '../../components/ThreadSwatch';
import { brandName, threadLabel, type ThreadBrand } from '../../lib/thread-brands';

/** One thread and, side by side, the nearest threads of each other brand with their ΔE00. */
export function ConversionCard({
  from,
  targets,
  matches,
}: {
  from: BrandThread;
  targets: readonly ThreadBrand[];
  matches: Record<string, BrandThreadMatch[]>;
}) {
  return (
    <li className="card" data-testid="conversion">
      <h3 className="flex items-center gap-3 font-semibold">
        <ThreadSwatch hex={from.hex} size="h-8 w-8" />
        <span>
          {threadLabel(from)} · {from.name}
        </span>
      </h3>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        {targets.map((to) => (
          <section key={to} aria-label={`Nearest ${brandName(to)} threads to ${threadLabel(from)}`}>
            <h4 className="text-sm font-medium text-slate-600">Nearest {brandName(to)}</h4>
            <ol className="mt-1 space-y-1">
              {(matches[to] ?? []).map((match) => (
                <li key={match.code} className="flex items-center gap-2 text-sm" data-testid={`match-${to}`}>
                  <ThreadSwatch hex={match.hex} />
                  <span className="shrink-0 font-medium">{threadLabel(match)}</span>
                  <span className="min-w-0 flex-1 truncate text-slate-600">{match.name}</span>
                  <span className="shrink-0 text-xs text-slate-600" title="CIEDE2000 colour difference">
                    ΔE00 {match.distance.toFixed(1)}
                  </span>
                </li>
              ))}
            </ol>
          </section>
        ))}
      </div>
    </li>
  );
}
