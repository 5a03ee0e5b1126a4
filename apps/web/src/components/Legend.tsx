import { DEFAULT_WASTE, defaultStrands, fabricByCount, SKEIN_LENGTH_MM, SKEIN_STRANDS, threadNeed, type Fabric } from '@stitchwise/core';
import type { LegendEntry } from '../api/schemas';

/** Legend entries shown at most (spec §9). */
export const LEGEND_LIMIT = 50;

/** The fabric skeins are estimated for when a chart names none: the most common one, as in the downloads. */
export const DEFAULT_LEGEND_FABRIC: Fabric = fabricByCount(14)!;

/** What the skein estimate assumes, in a stitcher's words. */
export function skeinFootnote(fabric: Fabric): string {
  return (
    `Skeins: whole DMC skeins (${SKEIN_LENGTH_MM / 1000} m of ${SKEIN_STRANDS} strands) to buy per thread, estimated for full cross ` +
    `stitches on ${fabric.label} with ${defaultStrands(fabric)} strands and ${Math.round(DEFAULT_WASTE * 100)} % spare for starts and ends.`
  );
}

/**
 * The chart's threads: symbol, colour, DMC code and name, hex, stitches and skeins to buy (on `fabric`,
 * 14-count Aida unless given). With `onSelect`, a click on a row (or its symbol button, for the
 * keyboard) selects that thread, and a second click clears it.
 */
export function Legend({
  entries,
  selected,
  onSelect,
  fabric = DEFAULT_LEGEND_FABRIC,
}: {
  entries: LegendEntry[];
  selected?: number | undefined;
  onSelect?: (index: number | undefined) => void;
  fabric?: Fabric;
}) {
  const shown = entries.slice(0, LEGEND_LIMIT);
  const toggle = onSelect && ((index: number) => onSelect(selected === index ? undefined : index));
  return (
    <section className="card" aria-labelledby="legend-title">
      <h2 id="legend-title" className="font-semibold">
        Color Legend
      </h2>
      {onSelect && shown.length > 0 && (
        <p className="mt-1 text-xs text-slate-500">Click a thread to highlight its stitches on the chart; click it again to show all.</p>
      )}
      {shown.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">No threads yet.</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-slate-500">
              <tr>
                <th className="py-1 pr-3 font-medium">Symbol</th>
                <th className="py-1 pr-3 font-medium">Colour</th>
                <th className="py-1 pr-3 font-medium">DMC</th>
                <th className="py-1 pr-3 font-medium">Name</th>
                <th className="py-1 pr-3 font-medium">Hex</th>
                <th className="py-1 pr-3 text-right font-medium">Stitches</th>
                <th className="py-1 text-right font-medium">Skeins</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((entry) => (
                <tr
                  key={entry.index}
                  className={`border-t border-slate-100 ${toggle ? 'cursor-pointer hover:bg-slate-50' : ''} ${selected === entry.index ? 'bg-violet-50 outline-2 -outline-offset-2 outline-violet-400' : ''}`}
                  data-testid="legend-row"
                  onClick={toggle && (() => toggle(entry.index))}
                >
                  <td className="py-1.5 pr-3 text-base font-bold">
                    {toggle ? (
                      <button
                        type="button"
                        className="rounded px-1 hover:bg-violet-100"
                        aria-pressed={selected === entry.index}
                        aria-label={`Highlight DMC ${entry.dmc_code} ${entry.dmc_name} on the chart`}
                        onClick={(event) => {
                          event.stopPropagation();
                          toggle(entry.index);
                        }}
                      >
                        {entry.symbol}
                      </button>
                    ) : (
                      entry.symbol
                    )}
                  </td>
                  <td className="py-1.5 pr-3">
                    <span
                      className="inline-block h-5 w-8 rounded border border-slate-200 align-middle"
                      style={{ backgroundColor: entry.hex }}
                      aria-hidden="true"
                    />
                  </td>
                  <td className="py-1.5 pr-3 font-medium">{entry.dmc_code}</td>
                  <td className="py-1.5 pr-3">{entry.dmc_name}</td>
                  <td className="py-1.5 pr-3 font-mono text-xs">{entry.hex.toUpperCase()}</td>
                  <td className="py-1.5 pr-3 text-right">{entry.stitch_count.toLocaleString('en')}</td>
                  <td className="py-1.5 text-right" data-testid="legend-skeins">
                    {threadNeed(entry.stitch_count, fabric).skeinsToBuy}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {entries.length > LEGEND_LIMIT && (
            <p className="mt-2 text-xs text-slate-500">
              Showing the {LEGEND_LIMIT} most used of {entries.length} threads.
            </p>
          )}
          <p className="mt-2 text-xs text-slate-500" data-testid="skein-footnote">
            {skeinFootnote(fabric)}
          </p>
        </div>
      )}
    </section>
  );
}
