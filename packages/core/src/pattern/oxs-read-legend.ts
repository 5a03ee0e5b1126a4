/**
 * The legend of a chart read from OXS: the palette colours its stitches and marks use, each kept as its own
 * thread or matched to one (colours that land on one thread share its entry), with chart symbols (the file's
 * own where they are chart symbols and unique), cells and marks renumbered to it, and the report of how each
 * colour was matched.
 */
import { threadKey } from '../threads/brand-names.js';
import type { ThreadBrand } from '../threads/brand-names.js';
import { legendEntryOf, namedThread, type LegendEntry } from './model.js';
import { marksByLegend } from './oxs-marks.js';
import { ChartImportError } from './oxs-read-error.js';
import { threadFor, type PaletteEntry, type ThreadChoice } from './oxs-read-palette.js';
import type { ChartMarks } from './stitches.js';
import { CHART_SYMBOLS } from './symbols.js';

/** How one colour of the file became a thread of the chart, for the stitcher to check. */
export interface ThreadMapping {
  /** The thread as the file names it: `DMC 310`, `Anchor 403`. */
  source: string;
  brand: ThreadBrand;
  code: string;
  name: string;
  /** ΔE00 from the file's colour to the thread's; 0 when matched by its brand and code. */
  delta_e: number;
  matched_by: 'code' | 'colour';
}

/** A chart's legend as imported, with its cells and marks by legend index and each source colour's mapping. */
export interface ImportedLegend {
  legend: LegendEntry[];
  cells: Int16Array;
  marks: ChartMarks;
  mappings: ThreadMapping[];
}

/**
 * Threads in palette order, each source colour kept as itself or matched to a thread of `fallback` (threadFor),
 * colours on the same thread merged; cells and marks (by palette index) renumbered to them. A thread with marks
 * only is in the legend, with no stitches. More threads than `threadLimit` (or than there are chart symbols)
 * are refused.
 */
export function importedLegend(
  byPaletteIndex: Int32Array,
  paletteMarks: ChartMarks,
  palette: ReadonlyMap<number, PaletteEntry>,
  threadLimit: number,
  fallback: ThreadBrand = 'dmc',
): ImportedLegend {
  const used = new Set<number>();
  for (const paletteIndex of byPaletteIndex) if (paletteIndex > 0) used.add(paletteIndex);
  for (const items of [paletteMarks.parts, paletteMarks.backstitches, paletteMarks.knots]) for (const { thread } of items) used.add(thread);
  const sources = [...used]
    .sort((a, b) => a - b)
    .map((paletteIndex) => {
      const entry = palette.get(paletteIndex)!;
      return { entry, choice: threadFor(entry, fallback) };
    });
  const position = new Map<number, number>();
  const threads: { choice: ThreadChoice; symbols: (string | undefined)[] }[] = [];
  const byCode = new Map<string, number>();
  for (const { entry, choice } of sources) {
    let at = byCode.get(threadKey(choice.thread));
    if (at === undefined) {
      at = threads.push({ choice, symbols: [] }) - 1;
      byCode.set(threadKey(choice.thread), at);
    }
    threads[at]!.symbols.push(entry.symbol);
    position.set(entry.index, at);
  }
  // Each thread needs a chart symbol of its own, so no limit can allow more threads than there are symbols.
  const maxThreads = Math.min(threadLimit, CHART_SYMBOLS.length);
  if (threads.length > maxThreads) {
    throw new ChartImportError('threads', `The chart uses ${threads.length} threads (as imported); at most ${maxThreads} can be imported.`);
  }
  const cells = new Int16Array(byPaletteIndex.length);
  const counts = new Int32Array(threads.length);
  for (let cell = 0; cell < cells.length; cell++) {
    const paletteIndex = byPaletteIndex[cell]!;
    const at = paletteIndex < 0 ? -1 : position.get(paletteIndex)!;
    cells[cell] = at;
    if (at >= 0) counts[at]!++;
  }
  const symbols = chooseSymbols(threads.map((thread) => thread.symbols.find((symbol) => symbol !== undefined && CHART_SYMBOL_SET.has(symbol))));
  const legend = threads.map(({ choice: { thread } }, index): LegendEntry => legendEntryOf(namedThread(thread), index, symbols[index]!, counts[index]!));
  const mappings = sources.map(({ entry, choice }) => ({
    source: entry.source,
    brand: choice.thread.brand,
    code: choice.thread.code,
    name: choice.thread.name,
    delta_e: choice.delta_e,
    matched_by: choice.matched_by,
  }));
  return { legend, cells, marks: marksByLegend(paletteMarks, position), mappings };
}

const CHART_SYMBOL_SET: ReadonlySet<string> = new Set(CHART_SYMBOLS);

/** Each thread's own symbol where it has one no earlier thread took; chart symbols in order for the rest. */
function chooseSymbols(wanted: readonly (string | undefined)[]): string[] {
  const taken = new Set<string>();
  const kept = wanted.map((symbol) => {
    if (symbol === undefined || taken.has(symbol)) return undefined;
    taken.add(symbol);
    return symbol;
  });
  const spare = CHART_SYMBOLS.filter((symbol) => !taken.has(symbol));
  let next = 0;
  return kept.map((symbol) => symbol ?? spare[next++]!);
}
