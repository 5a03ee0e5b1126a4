import { floodFill, forEachCellOnLine, type ChartPoint } from './edit/draw.js';
import type { PartStitch } from './stitches.js';

/**
 * Marking stitches done while stitching (the done bits themselves are progress.ts's): which thread each
 * cell is stitched in, the same-thread region around a stitch, and the stitches a drag crosses.
 */

/** A chart as marking needs it (a Pattern fits): full stitches by thread index (−1 none) and the part stitches. */
export interface StitchingChart {
  width: number;
  height: number;
  cells: Int16Array;
  marks?: { parts: readonly PartStitch[] };
}

/**
 * Each cell's thread for marking: its full stitch's, or else its (first) part stitch's; −1 where nothing is
 * stitched (not markable). A cell whose part stitches use two threads lists the others in `others`.
 */
export interface CellThreads {
  width: number;
  height: number;
  thread: Int16Array;
  others: ReadonlyMap<number, readonly number[]>;
}

export function cellThreads(chart: StitchingChart): CellThreads {
  const thread = Int16Array.from(chart.cells);
  const others = new Map<number, number[]>();
  for (const part of chart.marks?.parts ?? []) {
    if (part.x < 0 || part.y < 0 || part.x >= chart.width || part.y >= chart.height) continue;
    const at = part.y * chart.width + part.x;
    const first = thread[at]!;
    if (first === -1) thread[at] = part.thread;
    else if (first !== part.thread && chart.cells[at] === -1) {
      const list = others.get(at) ?? [];
      if (!list.includes(part.thread)) list.push(part.thread);
      others.set(at, list);
    }
  }
  return { width: chart.width, height: chart.height, thread, others };
}

/** Whether cell `index` is stitched (in part) with `thread`. */
export function cellHasThread(cells: CellThreads, index: number, thread: number): boolean {
  return cells.thread[index] === thread || (cells.others.get(index)?.includes(thread) ?? false);
}

/**
 * The 4-connected region of stitches in `thread` (default: the thread of the stitch at x, y) that holds the
 * stitch at x, y, as cell indices; empty when that stitch is not in the thread or off the chart.
 */
export function sameThreadRegion(cells: CellThreads, x: number, y: number, thread?: number): number[] {
  const { width, height } = cells;
  if (!(x >= 0 && y >= 0 && x < width && y < height)) return [];
  const start = y * width + x;
  const wanted = thread ?? cells.thread[start]!;
  if (wanted === -1 || !cellHasThread(cells, start, wanted)) return [];
  const member = new Int16Array(width * height);
  for (let i = 0; i < member.length; i++) member[i] = cells.thread[i] === wanted ? 1 : 0;
  for (const [at, list] of cells.others) if (list.includes(wanted)) member[at] = 1;
  floodFill(member, width, height, start, 1, 2);
  const region: number[] = [];
  for (let i = 0; i < member.length; i++) if (member[i] === 2) region.push(i);
  return region;
}

/** The stitches (cell indices) on the line between two cells, clipped to the chart: what a drag from one to the other crosses. */
export function cellsOnLine(width: number, height: number, from: ChartPoint, to: ChartPoint): number[] {
  const line: number[] = [];
  forEachCellOnLine(width, height, from, to, (index) => line.push(index));
  return line;
}
