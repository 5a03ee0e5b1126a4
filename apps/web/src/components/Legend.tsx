import {
  backstitchOnly,
  BRANDS,
  codeLabel,
  fabricByCount,
  isBlendEntry,
  legendSkeins,
  markUse,
  MAX_LEGEND_ENTRIES,
  skeinFootnote,
  threadLabel,
  type ChartMarks,
  type Fabric,
  type MarkUse,
  type ThreadUse,
} from '@stitchwise/core';
import type { LegendEntry } from '../api/schemas';
import { blendColours, blendStrandsText, swatchStyle } from './swatch';

/** Legend entries shown at most (spec §9). */
export const LEGEND_LIMIT = MAX_LEGEND_ENTRIES;

/** The fabric skeins are estimated for when a chart names none: the most common one, as in the downloads. */
export const DEFAULT_LEGEND_FABRIC: Fabric = fabricByCount(14)!;

/**
 * The chart's threads: symbol, colour, DMC code and name, hex, stitches and skeins to buy (on `fabric`,
 * 14-count Aida unless given). A chart with part stitches, backstitch or French knots (`marks`, by legend
 * index, or entries that carry their MarkUse) gets a column for each, counts them in the skeins, and marks
 * a thread used for backstitch only. With `onSelect`, a click on a row (or its symbol button, for the
 * keyboard) selects that thread, and a second click clears it.
 */
export function Legend({
  entries,
  marks,
  selected,
  onSelect,
  fabric = DEFAULT_LEGEND_FABRIC,
}: {
  entries: (LegendEntry & Partial<MarkUse>)[];
  marks?: ChartMarks | undefined;
  selected?: number | undefined;
  onSelect?: (index: number | undefined) => void;
  fabric?: Fabric;
}) {
  const uses = marks && markUse(marks, Math.max(0, ...entries.map((entry) => entry.index + 1)));
  const shown = entries.slice(0, LEGEND_LIMIT).map((entry) => ({ ...entry, ...uses?.[entry.index] }));
  const withMarks = shown.some((use) => !!use.partStitches || !!use.backstitchLength || !!use.knots);
  // Skeins per thread to buy, as the PDF counts them: a thread's own stitches and its strand in blends added
  // up in its own row; a blend's row has none, and a thread stitched only in blends gets a row after the legend.
  const { skeinsOfEntry, inBlendsOnly } = legendSkeins(shown, fabric);
  const toggle = onSelect && ((index: number) => onSelect(selected === index ? undefined : index));
  // A chart in one brand heads the code column with it ('DMC', 'Anchor'); a mixed one names each thread's brand.
  const brands = new Set(entries.map((entry) => entry.brand));
  const oneBrand = brands.size <= 1;
  const brandColumn = oneBrand ? BRANDS[entries[0]?.brand ?? 'dmc'].name : 'Thread';
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
                <th className="py-1 pr-3 font-medium">{brandColumn}</th>
                <th className="py-1 pr-3 font-medium">Name</th>
                <th className="py-1 pr-3 font-medium">Hex</th>
                <th className="py-1 pr-3 text-right font-medium">Stitches</th>
                {withMarks && (
                  <>
                    <th className="py-1 pr-3 text-right font-medium">Part stitches</th>
                    <th className="py-1 pr-3 text-right font-medium" title="Backstitch length, in stitch widths">
                      Backstitch
                    </th>
                    <th className="py-1 pr-3 text-right font-medium">Knots</th>
                  </>
                )}
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
                        className="inline-flex min-h-8 min-w-8 items-center justify-center rounded px-1 hover:bg-violet-100"
                        aria-pressed={selected === entry.index}
                        aria-label={`Highlight ${threadLabel(entry)} ${entry.name} on the chart`}
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
                      className={`inline-block w-8 align-middle ${backstitchOnly(entry) ? 'h-1 rounded-full' : 'h-5 rounded border border-slate-200'}`}
                      style={swatchStyle(entry.hex, blendColours(entry))}
                      data-blend={blendColours(entry)?.join(' ')}
                      aria-hidden="true"
                    />
                  </td>
                  <td className="py-1.5 pr-3 font-medium">
                    <span className="whitespace-nowrap">{oneBrand ? codeLabel(entry.code) : threadLabel(entry)}</span>
                    {blendStrandsText(entry) && <span className="block text-xs font-normal whitespace-nowrap text-slate-500">{blendStrandsText(entry)}</span>}
                  </td>
                  <td className="py-1.5 pr-3">{entry.name}</td>
                  <td className="py-1.5 pr-3 font-mono text-xs">{entry.hex.toUpperCase()}</td>
                  <td className="py-1.5 pr-3 text-right">{backstitchOnly(entry) ? 'backstitch only' : entry.stitch_count.toLocaleString('en')}</td>
                  {withMarks && <MarkCells use={entry} />}
                  <td className="py-1.5 text-right" data-testid="legend-skeins" title={isBlendEntry(entry) ? "In its threads' skeins" : undefined}>
                    {isBlendEntry(entry) ? '–' : (skeinsOfEntry.get(entry.index) ?? 0)}
                  </td>
                </tr>
              ))}
              {inBlendsOnly.map((thread) => (
                <tr key={threadLabel(thread)} className="border-t border-slate-100" data-testid="legend-blend-thread">
                  <td className="py-1.5 pr-3" />
                  <td className="py-1.5 pr-3">
                    <span
                      className="inline-block h-5 w-8 rounded border border-slate-200 align-middle"
                      style={{ backgroundColor: thread.hex }}
                      aria-hidden="true"
                    />
                  </td>
                  <td className="py-1.5 pr-3 font-medium whitespace-nowrap">{oneBrand ? thread.code : threadLabel(thread)}</td>
                  <td className="py-1.5 pr-3">{thread.name}</td>
                  <td className="py-1.5 pr-3 font-mono text-xs">{thread.hex.toUpperCase()}</td>
                  <td className="py-1.5 pr-3 text-right">in blends only</td>
                  {withMarks && <td colSpan={3} />}
                  <td className="py-1.5 text-right" data-testid="legend-skeins">
                    {thread.need.skeinsToBuy}
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
            {skeinFootnote(fabric, entries)}
          </p>
        </div>
      )}
    </section>
  );
}

/** A thread's part stitches, backstitch length (in stitch widths) and knots; blank where it has none. */
function MarkCells({ use }: { use: ThreadUse }) {
  const count = (value: number | undefined) => (value ? value.toLocaleString('en') : '');
  const length = use.backstitchLength ? (Math.round(use.backstitchLength * 10) / 10).toLocaleString('en') : '';
  return (
    <>
      <td className="py-1.5 pr-3 text-right">{count(use.partStitches)}</td>
      <td className="py-1.5 pr-3 text-right">{length}</td>
      <td className="py-1.5 pr-3 text-right">{count(use.knots)}</td>
    </>
  );
}
