import type { Lab } from '../../color/spaces.js';
import { rgbToLab } from '../../color/spaces.js';
import { findBrandColour } from '../../threads/blends.js';
import { threadLabel } from '../../threads/brand-names.js';
import type { Thread } from '../../threads/catalogue.js';
import {
  isBlendEntry,
  legendEntryOf,
  MAX_LEGEND_ENTRIES,
  namedThread,
  namedThreadOf,
  type LegendEntry,
  type NamedThread,
  type Pattern,
  type PatternStats,
} from '../model.js';
import { markUse, renumberMarks, type ChartMarks, type MarkUse } from '../stitches.js';

/**
 * A thread of the chart being edited: a thread or a blend of two (`blend`, see threads/blends.ts), named as
 * the legend names it. Its index in `threads` never changes while editing, so cells and undo records stay valid.
 */
export interface ChartThread extends NamedThread {
  symbol: string;
  /** Removed from the chart: it has no stitches and is not in the legend, but keeps its slot. */
  removed: boolean;
}

/** The chart being edited: cells hold an index into `threads`, or −1 for no stitch. Treated as immutable: operations return a new chart. */
export interface EditableChart {
  readonly width: number;
  readonly height: number;
  /** Row by row, `y * width + x`. */
  readonly cells: Int16Array;
  readonly threads: readonly ChartThread[];
  /** Part stitches, backstitches and knots, by index into `threads`. */
  readonly marks: ChartMarks;
}

/** At most this many threads are active at once (the spec's legend limit). */
export const MAX_CHART_THREADS = MAX_LEGEND_ENTRIES;

/** An edit the chart cannot take, with a sentence a user can read. */
export class ChartEditError extends Error {
  override readonly name: string = 'ChartEditError';
}

/** A stitch or point asked for off the chart: what a mirror image falling off the chart meets (see mirror.ts). */
export class OffChartError extends ChartEditError {
  override readonly name = 'OffChartError';
}

/** "DMC 310", "Anchor 403": how messages and labels name a thread. */
export function threadName(thread: ChartThread): string {
  return threadLabel(thread);
}

/** The chart thread of a catalogue thread or blend. */
export function chartThreadOf(thread: Thread, symbol: string): ChartThread {
  return { ...namedThread(thread), symbol, removed: false };
}

/** The thread's CIELAB colour: the catalogue's (a blend's modelled mix), or from its RGB for a code the catalogue does not know. */
export function chartThreadLab(thread: Pick<ChartThread, 'brand' | 'code' | 'rgb'>): Lab {
  return findBrandColour(thread.brand, thread.code)?.lab ?? rgbToLab(thread.rgb);
}

/** The editable chart of a pattern: threads in legend order (so cells need no renumbering), symbols kept. */
export function chartFromPattern(pattern: Pattern): EditableChart {
  const { width, height, legend } = pattern;
  if (pattern.cells.length !== width * height) throw new ChartEditError(`The chart has ${pattern.cells.length} stitches, not ${width} × ${height}.`);
  for (const index of pattern.cells) {
    if (index < -1 || index >= legend.length) throw new ChartEditError('A stitch of the chart names no thread of its legend.');
  }
  return { width, height, cells: pattern.cells.slice(), threads: legend.map(legendThread), marks: pattern.marks };
}

/** The chart thread of a legend entry (a blend when it lists two threads), with its symbol. */
export function legendThread(entry: LegendEntry): ChartThread {
  // A blend takes its colour from the model, as a save checks it, whatever its document held.
  const blend = isBlendEntry(entry) ? findBrandColour(entry.brand, entry.code) : undefined;
  return { ...namedThreadOf(entry), ...(blend && namedThread(blend)), symbol: entry.symbol, removed: false };
}

/** Stitches per thread index. */
export function threadCounts(chart: EditableChart): Int32Array {
  const counts = new Int32Array(chart.threads.length);
  const { cells } = chart;
  // An indexed loop: iterating a typed array with for…of is several times slower, and this runs on every stroke.
  for (let at = 0; at < cells.length; at++) {
    const index = cells[at]!;
    if (index >= 0) counts[index]!++;
  }
  return counts;
}

/** Indices of the threads not removed, in index order. */
export function activeThreads(chart: EditableChart): number[] {
  const active: number[] = [];
  chart.threads.forEach((thread, index) => {
    if (!thread.removed) active.push(index);
  });
  return active;
}

const NO_STATS: PatternStats = { confetti_before: 0, confetti_after: 0, mean_delta_e: 0 };

/**
 * The active threads as legend entries with their part stitches, backstitch and knots, in index order (as
 * activeThreads), without building the pattern: what the editor counts skeins from as a stroke goes on.
 */
export function activeLegend(chart: EditableChart, counts: Int32Array, uses: readonly MarkUse[]): (LegendEntry & MarkUse)[] {
  return activeThreads(chart).map((index, rank) => {
    const thread = chart.threads[index]!;
    return { ...legendEntryOf(thread, rank, thread.symbol, counts[index]!), ...uses[index]! };
  });
}

/** Whether each thread index has any stitch: full, part, backstitch or knot. */
export function threadsInUse(counts: Int32Array, marks: ChartMarks): boolean[] {
  const use = markUse(marks, counts.length);
  return Array.from(counts, (count, index) => count > 0 || use[index]!.partStitches > 0 || use[index]!.backstitchLength > 0 || use[index]!.knots > 0);
}

/**
 * The pattern of a chart, as exports and the pattern document take it: a legend of the active threads
 * that have stitches of any kind, most full stitches first (ties by code, as the generator orders them),
 * each keeping its symbol; cells and marks renumbered to legend positions.
 */
export function patternFromChart(chart: EditableChart, stats: PatternStats = NO_STATS): Pattern {
  const counts = threadCounts(chart);
  const { threads } = chart;
  const used = threadsInUse(counts, chart.marks);
  const order = threads
    .map((_, index) => index)
    .filter((index) => used[index])
    .sort((x, y) => counts[y]! - counts[x]! || threads[x]!.code.localeCompare(threads[y]!.code));
  const position = new Int16Array(threads.length).fill(-1);
  const legend = order.map((threadIndex, rank): LegendEntry => {
    const thread = threads[threadIndex]!;
    // Operations never leave stitches on a removed thread; a chart that has some was built by hand, wrongly.
    if (thread.removed) throw new ChartEditError(`${threadName(thread)} was removed but still has stitches.`);
    position[threadIndex] = rank;
    return legendEntryOf(thread, rank, thread.symbol, counts[threadIndex]!);
  });
  const cells = chart.cells.map((index) => (index < 0 ? -1 : position[index]!));
  return { width: chart.width, height: chart.height, legend, cells, marks: renumberMarks(chart.marks, position), stats: { ...stats } };
}

/** The thread at `index` if it is active; otherwise a refusal. */
export function requireActiveThread(chart: EditableChart, index: number): ChartThread {
  const thread = Number.isInteger(index) ? chart.threads[index] : undefined;
  if (!thread) throw new ChartEditError(`There is no thread number ${index} in this chart.`);
  if (thread.removed) throw new ChartEditError(`${threadName(thread)} was removed from the chart. Add it again to use it.`);
  return thread;
}

/** A thread to draw with: an active thread, or −1 for no stitch (the eraser). */
export function requirePaint(chart: EditableChart, thread: number): void {
  if (thread !== -1) requireActiveThread(chart, thread);
}
