/**
 * Mirror drawing: a drawing tool's step made again in mirror images about one axis or two, as one edit. The tool
 * says what it draws as a function of where (`draw(chart, image)`), so each image is the tool itself at the mirrored
 * place, on the chart as the images before it left it: a stroke over stitches already of its thread still paints its
 * image, the eraser's image takes the part stitches there, a knot's image toggles as a click there would.
 */
import type { PartKind } from '../stitches.js';
import { ChartEditError, OffChartError, type EditableChart } from './chart.js';
import type { ChartPoint } from './draw.js';
import { composeUndo, type EditResult } from './edit.js';
import type { LatticePoint } from './marks.js';
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

/** Where a drawing goes in one mirror image: a cell, a lattice point, a position in stitches, a part stitch's kind. */
export interface MirrorImage {
  cell(cell: ChartPoint): ChartPoint;
  point(point: LatticePoint): LatticePoint;
  /** A position in stitches (x 2.5: the middle of the third column), as the pointer gives it. */
  at(position: ChartPoint): ChartPoint;
  kind(kind: PartKind): PartKind;
}

/** The drawing itself, where it was drawn. */
export const AS_DRAWN: MirrorImage = { cell: (cell) => cell, point: (point) => point, at: (position) => position, kind: (kind) => kind };

/**
 * The mirror images, the drawing itself not counted. About a vertical axis at lattice a (a / 2 stitches), stitch
 * position s goes to a − s: so cell x (from x to x + 1) to a − x − 1, and lattice point X (X / 2 stitches) to
 * 2a − X. An odd a runs through the centres of column (a − 1) / 2, which is its own image.
 */
export function mirrorImages({ vertical: a, horizontal: b }: MirrorAxes): MirrorImage[] {
  for (const axis of [a, b])
    if (axis !== undefined && !Number.isInteger(axis)) throw new ChartEditError('A mirror’s axis must lie on the half-stitch lattice.');
  const images: MirrorImage[] = [];
  for (const [flipX, flipY] of [
    [true, false],
    [false, true],
    [true, true],
  ] as const) {
    if ((flipX && a === undefined) || (flipY && b === undefined)) continue;
    images.push({
      cell: ({ x, y }) => ({ x: flipX ? a! - x - 1 : x, y: flipY ? b! - y - 1 : y }),
      point: ({ x, y }) => ({ x: flipX ? 2 * a! - x : x, y: flipY ? 2 * b! - y : y }),
      at: ({ x, y }) => ({ x: flipX ? a! - x : x, y: flipY ? b! - y : y }),
      kind: (kind) => {
        const across = flipX ? mirroredKind(kind, 'horizontal') : kind;
        return flipY ? mirroredKind(across, 'vertical') : across;
      },
    });
  }
  return images;
}

/**
 * `draw` as drawn and in its mirror images in `axes` (none: as drawn only), as one edit with the label of the drawing
 * as drawn. The images are drawn first and the drawing as drawn last, so where they meet (a three-quarter stitch in a
 * column an axis runs through overlaps its own image) it wins. An image off the chart is left out (`OffChartError`);
 * any other refusal, of an image too (past the backstitch or knots a chart may hold), refuses the whole step. A
 * drawing must do the same when drawn twice at one place (an image on an axis is its own place): a tool that toggles
 * decides once, on the chart as clicked, and draws that.
 */
export function drawMirrored(chart: EditableChart, draw: (chart: EditableChart, image: MirrorImage) => EditResult, axes: MirrorAxes | undefined): EditResult {
  if (!axes) return draw(chart, AS_DRAWN);
  const steps: EditResult[] = [];
  let current = chart;
  for (const image of [...mirrorImages(axes), AS_DRAWN]) {
    let step: EditResult;
    try {
      step = draw(current, image);
    } catch (error) {
      if (error instanceof OffChartError && image !== AS_DRAWN) continue;
      throw error;
    }
    if (!step.changed) continue;
    steps.push(step);
    current = step.chart;
  }
  const drawn = steps.at(-1);
  if (!drawn) return draw(chart, AS_DRAWN); // nothing changed: the drawing's own unchanged result, with its label
  const label = drawn.inverse.label;
  const inverse = steps.slice(1).reduce((undo, step) => composeUndo(label, undo, step.inverse), { ...steps[0]!.inverse, label });
  return { chart: current, inverse, changed: true };
}
