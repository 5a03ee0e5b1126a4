/** The ways of choosing cells besides a rectangle (the magic wand and the lasso), and a selection's outline for drawing. */
import { partQuadrants } from '../stitches.js';
import { ChartEditError, type EditableChart } from './chart.js';
import { floodFill, type ChartPoint } from './draw.js';
import { normalised, selectedIn, trimmed, type ChartSelection } from './region.js';

/**
 * Magic wand: the cells holding the thread of the tapped cell (its full stitch, or when it has none, the thread of
 * the part stitch under the tap, (x, y) in stitches, else of its first part stitch) — 4-connected to it, or anywhere
 * when `contiguous` is false. A cell matches when its full stitch or one of its part stitches is that thread.
 * Undefined for an empty cell or one off the chart.
 */
export function wandSelection(chart: EditableChart, x: number, y: number, options: { contiguous: boolean }): ChartSelection | undefined {
  const { width, height } = chart;
  const column = Math.floor(x);
  const row = Math.floor(y);
  if (!(column >= 0 && row >= 0 && column < width && row < height)) return undefined;
  const start = row * width + column;
  const thread = chart.cells[start]! >= 0 ? chart.cells[start]! : tappedPart(chart, x, y);
  if (thread < 0) return undefined;
  // 1 for each cell holding the thread; the flood then turns those joined to the tapped one into 2.
  const matches = new Int16Array(width * height);
  for (let at = 0; at < matches.length; at++) if (chart.cells[at] === thread) matches[at] = 1;
  for (const part of chart.marks.parts) if (part.thread === thread) matches[part.y * width + part.x] = 1;
  const wanted = options.contiguous ? 2 : 1;
  if (options.contiguous) floodFill(matches, width, height, start, 1, 2);
  return trimmed(
    0,
    0,
    width,
    Uint8Array.from(matches, (match) => (match === wanted ? 1 : 0)),
  );
}

/** The thread of the part stitch covering the tapped quadrant of cell (⌊x⌋, ⌊y⌋), else of its first one; −1 when it has none. */
function tappedPart(chart: EditableChart, x: number, y: number): number {
  const [column, row] = [Math.floor(x), Math.floor(y)];
  const inCell = chart.marks.parts.filter((part) => part.x === column && part.y === row);
  // A cell may hold two threads' part stitches (a three-quarter and a quarter): the tap says which one.
  const quadrant = (y - row >= 0.5 ? 4 : 1) << (x - column >= 0.5 ? 1 : 0);
  return (inCell.find((part) => partQuadrants(part.kind) & quadrant) ?? inCell[0])?.thread ?? -1;
}

/** Lasso: the cells whose centres lie inside the polygon (points in stitches, even–odd rule); undefined when fewer than 3 points or no cell. */
export function lassoSelection(chart: EditableChart, polygon: readonly ChartPoint[]): ChartSelection | undefined {
  if (polygon.length < 3) return undefined;
  if (!polygon.every((point) => Number.isFinite(point.x) && Number.isFinite(point.y)))
    throw new ChartEditError('A point of the lasso is not a position on the chart.');
  const { width, height } = chart;
  const selected = new Uint8Array(width * height);
  for (let row = 0; row < height; row++) {
    // Where the row's line of centres crosses the polygon's edges; the centres between the 1st and 2nd crossing, the 3rd and 4th… are inside.
    const centre = row + 0.5;
    const crossings: number[] = [];
    polygon.forEach((from, k) => {
      const to = polygon[(k + 1) % polygon.length]!;
      if (from.y > centre !== to.y > centre) crossings.push(from.x + ((centre - from.y) * (to.x - from.x)) / (to.y - from.y));
    });
    crossings.sort((a, b) => a - b);
    for (let k = 0; k + 1 < crossings.length; k += 2) {
      // Column i's centre is i + 0.5: inside when crossings[k] ≤ i + 0.5 < crossings[k + 1].
      const first = Math.max(0, Math.ceil(crossings[k]! - 0.5));
      const last = Math.min(width - 1, Math.ceil(crossings[k + 1]! - 0.5) - 1);
      if (first <= last) selected.fill(1, row * width + first, row * width + last + 1);
    }
  }
  return trimmed(0, 0, width, selected);
}

/** A straight piece of outline, in stitches. */
export interface OutlineSegment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/**
 * The selection's outline for drawing: unit edges between a selected and an unselected cell, joined into
 * straight runs, in stitches. Horizontal runs first, top to bottom, then vertical ones, left to right.
 */
export function selectionOutline(selection: ChartSelection): OutlineSegment[] {
  const area = normalised(selection);
  const { x, y, width, height } = area;
  if (width === 0 || height === 0) return [];
  if (!area.mask) {
    return [
      { x1: x, y1: y, x2: x + width, y2: y },
      { x1: x, y1: y + height, x2: x + width, y2: y + height },
      { x1: x, y1: y, x2: x, y2: y + height },
      { x1: x + width, y1: y, x2: x + width, y2: y + height },
    ];
  }
  const segments: OutlineSegment[] = [];
  // An edge between cells `before` and `after`: part of the outline when one is selected and the other not.
  const runs = (
    lines: number,
    length: number,
    edge: (line: number, step: number) => boolean,
    segment: (line: number, from: number, to: number) => OutlineSegment,
  ) => {
    for (let line = 0; line <= lines; line++) {
      let start = -1;
      for (let step = 0; step <= length; step++) {
        const on = step < length && edge(line, step);
        if (on && start < 0) start = step;
        if (!on && start >= 0) {
          segments.push(segment(line, start, step));
          start = -1;
        }
      }
    }
  };
  runs(
    height,
    width,
    (row, column) => selectedIn(area, x + column, y + row - 1) !== selectedIn(area, x + column, y + row),
    (row, from, to) => ({ x1: x + from, y1: y + row, x2: x + to, y2: y + row }),
  );
  runs(
    width,
    height,
    (column, row) => selectedIn(area, x + column - 1, y + row) !== selectedIn(area, x + column, y + row),
    (column, from, to) => ({ x1: x + column, y1: y + from, x2: x + column, y2: y + to }),
  );
  return segments;
}
