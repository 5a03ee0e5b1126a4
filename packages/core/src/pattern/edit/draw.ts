import { ChartEditError, requirePaint, type EditableChart } from './chart.js';
import { finishEdit, type EditResult } from './edit.js';

/** A cell position: x is the column, y the row, from the top left. Fractions are floored (the cell a point is in). */
export interface ChartPoint {
  x: number;
  y: number;
}

/**
 * Draws a connected line through the points with a thread, or erases with −1: consecutive points are
 * joined by a Bresenham line, so a fast pointer that reports far-apart points leaves no gaps. Parts
 * outside the grid are clipped.
 */
export function stroke(chart: EditableChart, points: readonly ChartPoint[], thread: number): EditResult {
  requirePaint(chart, thread);
  const label = thread === -1 ? 'Eraser' : 'Pencil';
  if (points.length === 0) return finishEdit(chart, label, chart.cells);
  const cells = chart.cells.slice();
  const cellPoints = points.map(cellOf);
  const drawPath = (target: Int16Array, value: number) => {
    drawLine(target, chart.width, chart.height, cellPoints[0]!, cellPoints[0]!, value);
    for (let k = 1; k < cellPoints.length; k++) drawLine(target, chart.width, chart.height, cellPoints[k - 1]!, cellPoints[k]!, value);
  };
  drawPath(cells, thread);
  // The eraser also takes the part stitches it passes over (a pencil's full stitches replace them anyway).
  if (thread !== -1 || chart.marks.parts.length === 0) return finishEdit(chart, label, cells);
  const passed = new Int16Array(cells.length);
  drawPath(passed, 1);
  const parts = chart.marks.parts.filter((part) => passed[part.y * chart.width + part.x] === 0);
  return finishEdit(chart, label, cells, [], { ...chart.marks, parts });
}

function cellOf(point: ChartPoint): ChartPoint {
  if (!Number.isFinite(point.x) || !Number.isFinite(point.y)) throw new ChartEditError('A point of the line is not a position on the chart.');
  return { x: Math.floor(point.x), y: Math.floor(point.y) };
}

function drawLine(cells: Int16Array, width: number, height: number, from: ChartPoint, to: ChartPoint, value: number): void {
  forEachCellOnLine(width, height, from, to, (at) => {
    cells[at] = value;
  });
}

/**
 * Calls `visit` with the index (y × width + x) of each cell of the Bresenham line between two cells (a position
 * within a stitch taken as that stitch; nothing for one that is not a finite number), in order, clipped to the
 * grid: the cells a pencil stroke takes (also the stitches a drag marks done).
 */
export function forEachCellOnLine(width: number, height: number, from: ChartPoint, to: ChartPoint, visit: (index: number) => void): void {
  // Whole cells (a position within a stitch is that stitch): the walk ends only on its end cell exactly.
  if (![from.x, from.y, to.x, to.y].every(Number.isFinite)) return;
  from = { x: Math.floor(from.x), y: Math.floor(from.y) };
  to = { x: Math.floor(to.x), y: Math.floor(to.y) };
  // Within a grid's size of it, the line is walked whole (cells off the grid skipped), so it takes the same cells as
  // its mirror image (mirror drawing draws a stroke's image partly off the chart); clipped endpoints, rounded, would
  // take others. Only lines from farther off are clipped first, so they cost no more than one across the grid.
  const margin = Math.max(width, height);
  const near = (p: ChartPoint): boolean => p.x >= -margin && p.y >= -margin && p.x < width + margin && p.y < height + margin;
  let x0 = from.x;
  let y0 = from.y;
  let x1 = to.x;
  let y1 = to.y;
  if (!near(from) || !near(to)) {
    const clipped = clipSegment(from, to, width - 1, height - 1);
    if (!clipped) return;
    [x0, y0, x1, y1] = clipped.map(Math.round) as [number, number, number, number];
  }
  const dx = Math.abs(x1 - x0);
  const dy = -Math.abs(y1 - y0);
  const stepX = x0 < x1 ? 1 : -1;
  const stepY = y0 < y1 ? 1 : -1;
  let error = dx + dy;
  for (;;) {
    if (x0 >= 0 && y0 >= 0 && x0 < width && y0 < height) visit(y0 * width + x0);
    if (x0 === x1 && y0 === y1) return;
    const doubled = 2 * error;
    if (doubled >= dy) {
      error += dy;
      x0 += stepX;
    }
    if (doubled <= dx) {
      error += dx;
      y0 += stepY;
    }
  }
}

/** Liang–Barsky: the part of a segment within [0, maxX] × [0, maxY], or undefined when none is. */
function clipSegment(from: ChartPoint, to: ChartPoint, maxX: number, maxY: number): [number, number, number, number] | undefined {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  let enter = 0;
  let leave = 1;
  const edges: [number, number][] = [
    [-dx, from.x],
    [dx, maxX - from.x],
    [-dy, from.y],
    [dy, maxY - from.y],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return undefined;
      continue;
    }
    const t = q / p;
    if (p < 0) enter = Math.max(enter, t);
    else leave = Math.min(leave, t);
    if (enter > leave) return undefined;
  }
  return [from.x + enter * dx, from.y + enter * dy, from.x + leave * dx, from.y + leave * dy];
}

/**
 * Flood-fills the 4-connected region of cells equal to the one at (x, y) (one thread's stitches, or
 * empty cells) with a thread, or −1 to erase it. Scanline fill with an explicit stack of run seeds in a
 * typed array: no recursion, so any region size is safe, and each cell is visited a few times at most.
 */
export function fill(chart: EditableChart, x: number, y: number, thread: number): EditResult {
  requirePaint(chart, thread);
  const { width, height } = chart;
  const column = Math.floor(x);
  const row = Math.floor(y);
  if (!(column >= 0 && row >= 0 && column < width && row < height)) return finishEdit(chart, 'Fill', chart.cells);
  const target = chart.cells[row * width + column]!;
  if (target === thread) return finishEdit(chart, 'Fill', chart.cells);
  const cells = chart.cells.slice();
  floodFill(cells, width, height, row * width + column, target, thread);
  return finishEdit(chart, 'Fill', cells);
}

/**
 * Sets the 4-connected run of cells equal to `target` around `start` (an index, y × width + x) to `value`
 * (which must differ from `target`), in place.
 */
export function floodFill(cells: Int16Array, width: number, height: number, start: number, target: number, value: number): void {
  let stack = new Int32Array(1024);
  let size = 0;
  const push = (at: number): void => {
    if (size === stack.length) {
      const grown = new Int32Array(stack.length * 2);
      grown.set(stack);
      stack = grown;
    }
    stack[size++] = at;
  };
  push(start);
  while (size > 0) {
    const seed = stack[--size]!;
    if (cells[seed] !== target) continue; // filled since it was pushed
    const rowStart = seed - (seed % width);
    let left = seed;
    while (left > rowStart && cells[left - 1] === target) left--;
    let right = seed;
    while (right < rowStart + width - 1 && cells[right + 1] === target) right++;
    cells.fill(value, left, right + 1);
    // One seed per run of the target in the rows above and below this run.
    for (const offset of [-width, width]) {
      const neighbourRow = rowStart + offset;
      if (neighbourRow < 0 || neighbourRow >= width * height) continue;
      let inRun = false;
      for (let at = left + offset; at <= right + offset; at++) {
        if (cells[at] === target) {
          if (!inRun) push(at);
          inRun = true;
        } else inRun = false;
      }
    }
  }
}
