/**
 * Mirror drawing: an edit made by any drawing tool, repeated in mirror images about one axis or two. It mirrors
 * the change the edit made, so every tool gets mirroring without code of its own.
 */
import { markLimits } from '../mark-checks.js';
import { NO_MARKS, backstitchLength, type Backstitch, type ChartMarks, type PartKind } from '../stitches.js';
import { ChartEditError, type EditableChart } from './chart.js';
import { diffCells, diffMarks, finishEdit, invertEdit, type EditResult } from './edit.js';
import { MarkPlaces } from './mark-places.js';
import { mirroredKind } from './turn.js';

/** Mirror axes for drawing, in half stitches (the lattice): a vertical axis at x = vertical / 2 stitches, a horizontal one at y = horizontal / 2. */
export interface MirrorAxes {
  vertical?: number;
  horizontal?: number;
}

/** Axes through the chart's centre: 'vertical', 'horizontal' or 'both' (four-way). */
export function centredAxes(chart: { width: number; height: number }, which: 'vertical' | 'horizontal' | 'both'): MirrorAxes {
  const axes: MirrorAxes = {};
  if (which !== 'horizontal') axes.vertical = chart.width;
  if (which !== 'vertical') axes.horizontal = chart.height;
  return axes;
}

/** A mirror image: where a cell, a lattice point and a part stitch's kind go. */
interface Image {
  cell(x: number, y: number): [number, number];
  point(x: number, y: number): [number, number];
  kind(kind: PartKind): PartKind;
}

/**
 * About a vertical axis at lattice a (a / 2 stitches), stitch position s goes to a − s: so cell x (from x to x + 1)
 * to a − x − 1, and lattice point X (X / 2 stitches) to 2a − X. An odd a runs through the centres of column
 * (a − 1) / 2, which is its own image.
 */
function imagesOf({ vertical: a, horizontal: b }: MirrorAxes): Image[] {
  for (const axis of [a, b])
    if (axis !== undefined && !Number.isInteger(axis)) throw new ChartEditError('A mirror’s axis must lie on the half-stitch lattice.');
  const images: Image[] = [];
  const mirrorX = a !== undefined;
  const mirrorY = b !== undefined;
  for (const [flipX, flipY] of [
    [true, false],
    [false, true],
    [true, true],
  ] as const) {
    if ((flipX && !mirrorX) || (flipY && !mirrorY)) continue;
    images.push({
      cell: (x, y) => [flipX ? a! - x - 1 : x, flipY ? b! - y - 1 : y],
      point: (x, y) => [flipX ? 2 * a! - x : x, flipY ? 2 * b! - y : y],
      kind: (kind) => {
        const across = flipX ? mirroredKind(kind, 'horizontal') : kind;
        return flipY ? mirroredKind(across, 'vertical') : across;
      },
    });
  }
  return images;
}

const IDENTITY: Image = { cell: (x, y) => [x, y], point: (x, y) => [x, y], kind: (kind) => kind };

/**
 * `result` (an edit made on `before` by any drawing operation) together with its mirror images in the axes (2 images
 * for one axis, 4 for both), as one edit from `before` with result's label; images falling off the chart are left out.
 *
 * The change is mirrored: the cells that changed get their new value at the mirrored cell; marks taken away are taken
 * away at the mirrored place whatever their thread; marks added are added mirrored, replacing what is at that place
 * as the tools do (a part stitch takes the full stitch and the part stitches it overlaps in its cell). The images
 * are made first and the edit itself last, so where they disagree (a three-quarter stitch in a column an axis runs
 * through overlaps its own image) the edit as drawn wins. Where the chart is not symmetric already, cells the edit
 * left as they were are not mirrored either: a pencil over stitches already of its thread paints no image there.
 */
export function withMirrorImages(before: EditableChart, result: EditResult, axes: MirrorAxes): EditResult {
  const images = imagesOf(axes);
  if (!result.changed || images.length === 0) return result;
  const { width, height } = before;
  if (result.chart.width !== width || result.chart.height !== height) throw new ChartEditError('Mirror drawing cannot follow a change of the chart’s size.');
  const cellChange = diffCells(before.cells, result.chart.cells);
  const { remove, add } = diffMarks(before.marks, result.chart.marks) ?? { remove: NO_MARKS, add: NO_MARKS };
  const cells = before.cells.slice();
  const places = new MarkPlaces(before.marks);
  const isCell = ([x, y]: [number, number]) => x >= 0 && y >= 0 && x < width && y < height;
  const isPoint = ([x, y]: [number, number]) => x >= 0 && y >= 0 && x <= 2 * width && y <= 2 * height;
  const line = (image: Image, stitch: Backstitch): Backstitch | undefined => {
    const from = image.point(stitch.x1, stitch.y1);
    const to = image.point(stitch.x2, stitch.y2);
    return isPoint(from) && isPoint(to) ? { ...stitch, x1: from[0], y1: from[1], x2: to[0], y2: to[1] } : undefined;
  };
  for (const image of [...images, IDENTITY]) {
    for (let k = 0; k < cellChange.indices.length; k++) {
      const at = cellChange.indices[k]!;
      const place = image.cell(at % width, Math.floor(at / width));
      if (isCell(place)) cells[place[1] * width + place[0]] = cellChange.after[k]!;
    }
    for (const part of remove.parts) {
      const place = image.cell(part.x, part.y);
      if (isCell(place)) places.removePart({ x: place[0], y: place[1], kind: image.kind(part.kind) });
    }
    for (const stitch of remove.backstitches) {
      const mirrored = line(image, stitch);
      if (mirrored) places.removeLine(mirrored);
    }
    for (const knot of remove.knots) {
      const place = image.point(knot.x, knot.y);
      if (isPoint(place)) places.removeKnot({ x: place[0], y: place[1] });
    }
    for (const part of add.parts) {
      const place = image.cell(part.x, part.y);
      if (!isCell(place)) continue;
      cells[place[1] * width + place[0]] = -1;
      places.putPart({ ...part, x: place[0], y: place[1], kind: image.kind(part.kind) });
    }
    for (const stitch of add.backstitches) {
      const mirrored = line(image, stitch);
      if (mirrored) places.putLine(mirrored);
    }
    for (const knot of add.knots) {
      const place = image.point(knot.x, knot.y);
      if (isPoint(place)) places.putKnot({ ...knot, x: place[0], y: place[1] });
    }
  }
  const marks = places.marks();
  requireWithinLimits(before, marks, add);
  return finishEdit(before, result.inverse.label, cells, invertEdit(result.inverse).threads ?? [], marks);
}

/** Refuses, as adding a line or a knot does, marks past what a chart of its size may hold, when the edit adds some of that kind. */
function requireWithinLimits(chart: EditableChart, marks: ChartMarks, added: ChartMarks): void {
  const limits = markLimits(chart.width, chart.height);
  const length = () => marks.backstitches.reduce((sum, line) => sum + backstitchLength(line), 0);
  if (added.backstitches.length > 0 && (marks.backstitches.length > limits.backstitches || length() > limits.backstitchLength))
    throw new ChartEditError(`This chart already has all the backstitch a chart of ${chart.width} × ${chart.height} stitches can hold.`);
  if (added.knots.length > 0 && marks.knots.length > limits.knots)
    throw new ChartEditError(`A chart of ${chart.width} × ${chart.height} stitches holds at most ${limits.knots.toLocaleString('en')} French knots.`);
}
