/**
 * Selections of any shape: a rectangle of cells and, optionally, a mask saying which of its cells are selected.
 * A plain rectangle is a selection of all its cells, so every selection operation takes a ChartRect as before.
 */
import { marksWithin } from '../mark-geometry.js';
import type { ChartMarks } from '../stitches.js';
import { ChartEditError } from './chart.js';

/** A rectangle of cells from its top-left cell. A negative width or height extends left or up (a selection dragged backwards). */
export interface ChartRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Selected cells: a rectangle and, optionally, which of its cells are selected (row-major over the rectangle,
 * 1 = selected). No mask: all of them. With a mask the rectangle is whole cells; dragged backwards (a negative
 * width or height), the mask is over the rectangle turned the right way round.
 */
export interface ChartSelection extends ChartRect {
  readonly mask?: Uint8Array;
}

/** A selection whose rectangle is whole cells, the right way round (x, y its top-left cell, width and height ≥ 0). */
export type CellArea = ChartSelection;

/** A box of cells larger than this is refused when selections are combined: far beyond any chart. */
const MOST_CELLS = 1 << 24;

/** The selection as whole cells the right way round; a rectangle's fractions are floored as clipRect floors them. */
export function normalised(selection: ChartSelection): CellArea {
  let { x, y, width, height } = selection;
  if (![x, y, width, height].every(Number.isFinite)) throw new ChartEditError('The selection is not a rectangle on the chart.');
  if (width < 0) [x, width] = [x + width, -width];
  if (height < 0) [y, height] = [y + height, -height];
  const { mask } = selection;
  if (!mask) {
    const left = Math.floor(x);
    const top = Math.floor(y);
    return { x: left, y: top, width: Math.floor(x + width) - left, height: Math.floor(y + height) - top };
  }
  if (![x, y, width, height].every(Number.isInteger) || mask.length !== width * height)
    throw new ChartEditError('The selection’s cells do not fit its rectangle.');
  return { x, y, width, height, mask };
}

/** Whether cell (x, y) is selected, for a selection already normalised. */
export function selectedIn(area: CellArea, x: number, y: number): boolean {
  const column = x - area.x;
  const row = y - area.y;
  if (column < 0 || row < 0 || column >= area.width || row >= area.height) return false;
  return !area.mask || area.mask[row * area.width + column] === 1;
}

export function isSelected(selection: ChartSelection, x: number, y: number): boolean {
  return Number.isInteger(x) && Number.isInteger(y) && selectedIn(normalised(selection), x, y);
}

export function selectedCellCount(selection: ChartSelection): number {
  const area = normalised(selection);
  if (!area.mask) return area.width * area.height;
  let count = 0;
  for (const bit of area.mask) if (bit === 1) count++;
  return count;
}

/**
 * The selected cells of a box at (x, y), `width` wide, given by `selected` (row-major over the box): trimmed to
 * their tight bounding box, without a mask when every cell of it is selected; undefined when none is.
 */
export function trimmed(x: number, y: number, width: number, selected: Uint8Array): ChartSelection | undefined {
  const height = width === 0 ? 0 : selected.length / width;
  let [left, top, right, bottom] = [width, height, -1, -1];
  let count = 0;
  for (let row = 0; row < height; row++) {
    for (let column = 0; column < width; column++) {
      if (selected[row * width + column] !== 1) continue;
      count++;
      left = Math.min(left, column);
      right = Math.max(right, column);
      top = Math.min(top, row);
      bottom = row;
    }
  }
  if (count === 0) return undefined;
  const box = { x: x + left, y: y + top, width: right - left + 1, height: bottom - top + 1 };
  if (count === box.width * box.height) return box;
  const mask = new Uint8Array(box.width * box.height);
  for (let row = 0; row < box.height; row++) mask.set(selected.subarray((top + row) * width + left, (top + row) * width + right + 1), row * box.width);
  return { ...box, mask };
}

/** The selection's cells as a box `area` (whole cells) marks: 1 for each selected cell. */
function maskOver(area: ChartRect, ...selections: { selection: CellArea; keep: boolean }[]): Uint8Array {
  if (area.width * area.height > MOST_CELLS) throw new ChartEditError('The selection is too large.');
  const mask = new Uint8Array(area.width * area.height);
  for (const { selection, keep } of selections) {
    const left = Math.max(area.x, selection.x);
    const right = Math.min(area.x + area.width, selection.x + selection.width);
    for (let y = Math.max(area.y, selection.y); y < Math.min(area.y + area.height, selection.y + selection.height); y++) {
      for (let x = left; x < right; x++) if (selectedIn(selection, x, y)) mask[(y - area.y) * area.width + x - area.x] = keep ? 1 : 0;
    }
  }
  return mask;
}

/** The selection on the chart: the part of it inside the chart, trimmed to its selected cells when it has a mask. */
export function selectionOnChart(chart: { width: number; height: number }, selection: ChartSelection): CellArea {
  const area = normalised(selection);
  const left = Math.max(0, area.x);
  const top = Math.max(0, area.y);
  const box = {
    x: left,
    y: top,
    width: Math.max(0, Math.min(chart.width, area.x + area.width) - left),
    height: Math.max(0, Math.min(chart.height, area.y + area.height) - top),
  };
  if (!area.mask || box.width === 0 || box.height === 0) return box;
  return trimmed(box.x, box.y, box.width, maskOver(box, { selection: area, keep: true })) ?? { ...box, width: 0, height: 0 };
}

/**
 * Shift adds, Alt subtracts; result trimmed to its tight bounding box, a mask dropped when every cell of the box
 * is selected; undefined when nothing is left.
 */
export function combineSelections(
  current: ChartSelection | undefined,
  next: ChartSelection | undefined,
  how: 'replace' | 'add' | 'subtract',
): ChartSelection | undefined {
  const tidy = (selection: ChartSelection | undefined) => selection && combined(normalised(selection), []);
  if (how === 'replace') return tidy(next);
  if (!current || !next) return how === 'add' || !next ? tidy(current ?? next) : undefined;
  const [a, b] = [normalised(current), normalised(next)];
  if (how === 'subtract') return combined(a, [{ selection: b, keep: false }]);
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  const box = { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
  return combined({ ...box, mask: maskOver(box, { selection: a, keep: true }, { selection: b, keep: true }) }, []);
}

/** `first` with the other selections added or taken away in turn, trimmed, over first's box. */
function combined(first: CellArea, others: { selection: CellArea; keep: boolean }[]): ChartSelection | undefined {
  if (first.width === 0 || first.height === 0) return undefined;
  if (!first.mask && others.length === 0) return first;
  return trimmed(first.x, first.y, first.width, maskOver(first, { selection: first, keep: true }, ...others));
}

/**
 * The marks a selection on the chart (`selectionOnChart`) holds: part stitches in its cells, knots on a lattice
 * point touching a selected cell, lines with both ends on such points. For a rectangle this is `marksWithin`.
 */
export function marksInSelection(marks: ChartMarks, area: CellArea): ChartMarks {
  if (!area.mask) return marksWithin(marks, { x0: area.x, y0: area.y, x1: area.x + area.width, y1: area.y + area.height });
  // Lattice point X touches columns ⌊(X − 1)/2⌋ and ⌊X/2⌋ (the same one when X is odd, the middle of a column).
  const pointIn = (x: number, y: number): boolean => {
    for (const column of [Math.floor((x - 1) / 2), Math.floor(x / 2)]) {
      for (const row of [Math.floor((y - 1) / 2), Math.floor(y / 2)]) if (selectedIn(area, column, row)) return true;
    }
    return false;
  };
  return {
    parts: marks.parts.filter((part) => selectedIn(area, part.x, part.y)),
    backstitches: marks.backstitches.filter((line) => pointIn(line.x1, line.y1) && pointIn(line.x2, line.y2)),
    knots: marks.knots.filter((knot) => pointIn(knot.x, knot.y)),
  };
}
