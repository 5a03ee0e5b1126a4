import { MAX_PARTS_PER_CELL, partQuadrants, backstitchKey, backstitchLength, knotKey, type Backstitch, type PartKind, type PartStitch } from '../stitches.js';
import { markLimits } from '../mark-checks.js';
import { ChartEditError, OffChartError, requireActiveThread, type EditableChart } from './chart.js';
import { finishEdit, type EditResult } from './edit.js';

/** A point of the half-stitch lattice: (2x, 2y) is the top-left corner of stitch (x, y). */
export interface LatticePoint {
  x: number;
  y: number;
}

const isCell = (chart: EditableChart, x: number, y: number): boolean =>
  Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x < chart.width && y < chart.height;

function requireCell(chart: EditableChart, x: number, y: number): void {
  if (!isCell(chart, x, y)) throw new OffChartError('That place is not a stitch of the chart.');
}

function requireLatticePoint(chart: EditableChart, { x, y }: LatticePoint): void {
  if (!(Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x <= 2 * chart.width && y <= 2 * chart.height))
    throw new OffChartError('That point is not on the chart.');
}

const PART_LABEL: Record<string, string> = { half: 'Half stitch', quarter: 'Quarter stitch', three: 'Three-quarter stitch' };

/**
 * Puts a part stitch of `thread` in cell (x, y). A full stitch there goes (a cell holds either); a part stitch
 * it overlaps goes; and when the cell already holds two others, the older one goes.
 */
export function placePart(chart: EditableChart, x: number, y: number, kind: PartKind, thread: number): EditResult {
  requireCell(chart, x, y);
  requireActiveThread(chart, thread);
  const label = PART_LABEL[kind.split('-')[0]!]!;
  const at = y * chart.width + x;
  const cells = chart.cells[at]! >= 0 ? chart.cells.slice() : chart.cells;
  if (cells !== chart.cells) cells[at] = -1;
  const inCell = chart.marks.parts.filter((part) => part.x === x && part.y === y);
  let staying = inCell.filter((part) => (partQuadrants(part.kind) & partQuadrants(kind)) === 0);
  if (staying.length >= MAX_PARTS_PER_CELL) staying = staying.slice(staying.length - MAX_PARTS_PER_CELL + 1);
  const parts = [...chart.marks.parts.filter((part) => part.x !== x || part.y !== y), ...staying, { x, y, kind, thread }];
  return finishEdit(chart, label, cells, [], { ...chart.marks, parts });
}

/** Takes away the part stitches (not the full stitches) of the cells at `cells` (x, y pairs); places off the chart are passed over. */
export function erasePartsAt(chart: EditableChart, cells: readonly { x: number; y: number }[]): EditResult {
  // Off-chart places are left out, or x = width would name the first cell of the next row.
  const erased = new Set(cells.filter(({ x, y }) => isCell(chart, x, y)).map(({ x, y }) => y * chart.width + x));
  const parts = chart.marks.parts.filter((part) => !erased.has(part.y * chart.width + part.x));
  return finishEdit(chart, 'Eraser', chart.cells, [], parts.length === chart.marks.parts.length ? chart.marks : { ...chart.marks, parts });
}

/** Removes the part stitch of `kind` from cell (x, y), or all of its part stitches when `kind` is not given. */
export function removePart(chart: EditableChart, x: number, y: number, kind?: PartKind): EditResult {
  requireCell(chart, x, y);
  const parts = chart.marks.parts.filter((part: PartStitch) => part.x !== x || part.y !== y || (kind !== undefined && part.kind !== kind));
  return finishEdit(chart, 'Erase part stitch', chart.cells, [], parts.length === chart.marks.parts.length ? chart.marks : { ...chart.marks, parts });
}

/** Adds a backstitch line from `from` to `to` (a line already between those points takes the new thread). */
export function addBackstitch(chart: EditableChart, from: LatticePoint, to: LatticePoint, thread: number): EditResult {
  requireLatticePoint(chart, from);
  requireLatticePoint(chart, to);
  requireActiveThread(chart, thread);
  if (from.x === to.x && from.y === to.y) throw new ChartEditError('A backstitch needs two different points.');
  const line: Backstitch = { x1: from.x, y1: from.y, x2: to.x, y2: to.y, thread };
  const key = backstitchKey(line);
  const backstitches = [...chart.marks.backstitches.filter((other) => backstitchKey(other) !== key), line];
  const limits = markLimits(chart.width, chart.height);
  if (backstitches.length > limits.backstitches || totalLength(backstitches) > limits.backstitchLength) {
    throw new ChartEditError(`This chart already has all the backstitch a chart of ${chart.width} × ${chart.height} stitches can hold.`);
  }
  return finishEdit(chart, 'Backstitch', chart.cells, [], { ...chart.marks, backstitches });
}

/** Stitch widths of backstitch in all, as the chart's limit counts them. */
const totalLength = (lines: readonly Backstitch[]): number => lines.reduce((sum, line) => sum + backstitchLength(line), 0);

/** Removes the backstitch line between `from` and `to`, either way round. */
export function removeBackstitch(chart: EditableChart, from: LatticePoint, to: LatticePoint): EditResult {
  const key = backstitchKey({ x1: from.x, y1: from.y, x2: to.x, y2: to.y });
  const backstitches = chart.marks.backstitches.filter((line) => backstitchKey(line) !== key);
  const marks = backstitches.length === chart.marks.backstitches.length ? chart.marks : { ...chart.marks, backstitches };
  return finishEdit(chart, 'Erase backstitch', chart.cells, [], marks);
}

/**
 * The backstitch line nearest to a point given in stitches (x 2.5 is the middle of the third column), if one
 * passes within `reach` stitches of it: what a click on a line picks.
 */
export function backstitchNear(chart: EditableChart, x: number, y: number, reach = 0.3): Backstitch | undefined {
  let nearest: Backstitch | undefined;
  let nearestDistance = reach;
  for (const line of chart.marks.backstitches) {
    const distance = distanceToSegment(x, y, line.x1 / 2, line.y1 / 2, line.x2 / 2, line.y2 / 2);
    if (distance <= nearestDistance) [nearest, nearestDistance] = [line, distance];
  }
  return nearest;
}

function distanceToSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** Puts a French knot of `thread` on a lattice point (a knot already there takes the new thread). */
export function placeKnot(chart: EditableChart, point: LatticePoint, thread: number): EditResult {
  requireLatticePoint(chart, point);
  requireActiveThread(chart, thread);
  const key = knotKey(point);
  const knots = [...chart.marks.knots.filter((knot) => knotKey(knot) !== key), { x: point.x, y: point.y, thread }];
  const { knots: most } = markLimits(chart.width, chart.height);
  if (knots.length > most)
    throw new ChartEditError(`A chart of ${chart.width} × ${chart.height} stitches holds at most ${most.toLocaleString('en')} French knots.`);
  return finishEdit(chart, 'French knot', chart.cells, [], { ...chart.marks, knots });
}

/** Removes the French knot on a lattice point, if there is one. */
export function removeKnot(chart: EditableChart, point: LatticePoint): EditResult {
  const key = knotKey(point);
  const knots = chart.marks.knots.filter((knot) => knotKey(knot) !== key);
  return finishEdit(chart, 'Erase French knot', chart.cells, [], knots.length === chart.marks.knots.length ? chart.marks : { ...chart.marks, knots });
}

/** The lattice point nearest to a point given in stitches: where a click puts a knot or a backstitch end. */
export function nearestLatticePoint(chart: EditableChart, x: number, y: number): LatticePoint {
  const clamp = (value: number, max: number) => Math.max(0, Math.min(max, Math.round(value * 2)));
  return { x: clamp(x, 2 * chart.width), y: clamp(y, 2 * chart.height) };
}

/** The part of a cell a point given in stitches falls in, for the part-stitch tools: its corner, and the half diagonal through it. */
export function partAt(x: number, y: number, tool: 'half' | 'quarter' | 'three-quarter'): { x: number; y: number; kind: PartKind } {
  const column = Math.floor(x);
  const row = Math.floor(y);
  const right = x - column >= 0.5;
  const bottom = y - row >= 0.5;
  const corner = `${bottom ? 'b' : 't'}${right ? 'r' : 'l'}` as const;
  if (tool === 'half') {
    // The diagonal through the pointer's quarter: / through top-right and bottom-left, \ through the others.
    return { x: column, y: row, kind: corner === 'tr' || corner === 'bl' ? 'half-slash' : 'half-backslash' };
  }
  return { x: column, y: row, kind: `${tool}-${corner}` };
}
