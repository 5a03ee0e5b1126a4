import { describe, expect, it } from 'vitest';
import type { EditableChart } from './chart.js';
import { fill, stroke, type ChartPoint } from './draw.js';
import { applyEdit, composeUndo, type EditResult } from './edit.js';
import { AS_DRAWN, centredAxes, drawMirrored, mirrorImages, type MirrorAxes, type MirrorImage } from './mirror.js';
import { chartOf, reversal, rowsOf, snapshot, withMarks } from './testing.js';

const codes = ['310', '666', '700', '307'];
const empty = (width: number, height: number) => chartOf(Array<string>(height).fill('.'.repeat(width)), codes);

type Drawing = (chart: EditableChart, image: MirrorImage) => EditResult;

/** The pencil (or with −1 the eraser) along cells, as the editor draws it: each image through the mirrored cells. */
const strokeOf =
  (thread: number, ...points: [number, number][]): Drawing =>
  (chart, image) =>
    stroke(
      chart,
      points.map(([x, y]) => image.cell({ x, y })),
      thread,
    );
const pencil = (...points: [number, number][]) => strokeOf(1, ...points);
const eraser = (...points: [number, number][]) => strokeOf(-1, ...points);

/** The fill, as the editor's: each image a fill at the mirrored seed. */
const fillAt =
  (x: number, y: number, thread: number): Drawing =>
  (chart, image) => {
    const seed = image.cell({ x, y });
    return fill(chart, seed.x, seed.y, thread);
  };

/** A drawing made with mirror images, checked to undo and redo exactly, to leave its input alone and to bear the drawing's label. */
function mirrored(chart: EditableChart, draw: Drawing, axes: MirrorAxes): EditResult {
  const { result, found, owed } = reversal(chart, (before) => drawMirrored(before, draw, axes));
  expect(found).toEqual(owed);
  expect(result.inverse.label).toBe(draw(chart, AS_DRAWN).inverse.label);
  return result;
}

describe('centredAxes', () => {
  it('puts the axes through the chart’s centre, on the half-stitch lattice', () => {
    expect(centredAxes({ width: 6, height: 5 }, 'vertical')).toEqual({ vertical: 6 });
    expect(centredAxes({ width: 6, height: 5 }, 'horizontal')).toEqual({ horizontal: 5 });
    expect(centredAxes({ width: 6, height: 5 }, 'both')).toEqual({ vertical: 6, horizontal: 5 });
  });
});

describe('mirrorImages', () => {
  it('maps cells, lattice points, positions and part kinds across each axis, the drawing itself not counted', () => {
    const images = mirrorImages({ vertical: 6, horizontal: 5 });
    const at = (image: MirrorImage) => ({
      cell: image.cell({ x: 1, y: 0 }),
      point: image.point({ x: 3, y: 1 }),
      at: image.at({ x: 2.5, y: 0.25 }),
      kind: image.kind('quarter-tl'),
    });
    expect(images.map(at)).toEqual([
      { cell: { x: 4, y: 0 }, point: { x: 9, y: 1 }, at: { x: 3.5, y: 0.25 }, kind: 'quarter-tr' },
      { cell: { x: 1, y: 4 }, point: { x: 3, y: 9 }, at: { x: 2.5, y: 4.75 }, kind: 'quarter-bl' },
      { cell: { x: 4, y: 4 }, point: { x: 9, y: 9 }, at: { x: 3.5, y: 4.75 }, kind: 'quarter-br' },
    ]);
    expect(mirrorImages({ vertical: 6 })).toHaveLength(1);
    expect(mirrorImages({ horizontal: 5 })).toHaveLength(1);
    expect(mirrorImages({})).toEqual([]);
    expect(at(AS_DRAWN)).toEqual({ cell: { x: 1, y: 0 }, point: { x: 3, y: 1 }, at: { x: 2.5, y: 0.25 }, kind: 'quarter-tl' });
  });
});

describe('mirror drawing with the pencil and the eraser', () => {
  it('mirrors a stroke about a vertical axis between two columns', () => {
    expect(rowsOf(mirrored(empty(6, 2), pencil([0, 0], [1, 1]), { vertical: 6 }).chart)).toEqual(['1....1', '.1..1.']);
  });

  it('about an axis through a column’s centres, that column is its own image', () => {
    expect(rowsOf(mirrored(empty(5, 2), pencil([2, 0], [0, 1]), { vertical: 5 }).chart)).toEqual(['..1..', '11.11']);
  });

  it('mirrors about a horizontal axis, and both ways into four', () => {
    expect(rowsOf(mirrored(empty(3, 4), pencil([1, 0]), { horizontal: 4 }).chart)).toEqual(['.1.', '...', '...', '.1.']);
    expect(rowsOf(mirrored(empty(3, 5), pencil([0, 1], [1, 1]), { horizontal: 5 }).chart)).toEqual(['...', '11.', '...', '11.', '...']);
    expect(rowsOf(mirrored(empty(4, 4), pencil([0, 0], [1, 0]), centredAxes({ width: 4, height: 4 }, 'both')).chart)).toEqual(['1111', '....', '....', '1111']);
    expect(rowsOf(mirrored(empty(5, 5), pencil([0, 1]), centredAxes({ width: 5, height: 5 }, 'both')).chart)).toEqual([
      '.....',
      '1...1',
      '.....',
      '1...1',
      '.....',
    ]);
  });

  it('leaves out images that fall off the chart', () => {
    // An axis at x = 1 stitch: column 0 maps to 1, columns 3 and 4 to −2 and −3.
    expect(rowsOf(mirrored(empty(5, 1), pencil([0, 0]), { vertical: 2 }).chart)).toEqual(['11...']);
    expect(rowsOf(mirrored(empty(5, 1), pencil([3, 0], [4, 0]), { vertical: 2 }).chart)).toEqual(['...11']);
    // Column 2 maps to −1, and the stroke from 0 to 2 to columns 1 to −1: the part on the chart is drawn.
    expect(rowsOf(mirrored(empty(5, 1), pencil([0, 0], [2, 0]), { vertical: 2 }).chart)).toEqual(['111..']);
  });

  it('draws the part of a slanting image on the chart cell for cell as the mirror of the stroke', () => {
    // About x = 1.5: the stroke (4, 2) → (0, 1) takes (4, 2), (3, 2), (2, 1), (1, 1), (0, 1); its image runs from (−2, 2)
    // to (2, 1), and only (0, 1), (1, 1), (2, 1) of it are on the chart. Clipping the image before walking it started
    // it at (0, 2), a cell whose mirror (2, 2) the stroke does not take.
    expect(rowsOf(mirrored(empty(6, 3), pencil([4, 2], [0, 1]), { vertical: 3 }).chart)).toEqual(['......', '111...', '...11.']);
  });

  it('paints the mirrored cells of a stroke over stitches already of its thread (tracing a half-drawn design)', () => {
    const half = chartOf(['11....', '.1....'], codes);
    const result = mirrored(half, pencil([0, 0], [1, 0], [1, 1]), { vertical: 6 });
    expect(result.changed).toBe(true);
    expect(rowsOf(result.chart)).toEqual(['11..11', '.1..1.']);
    // Only some of it drawn already: the image is the whole stroke's, not only what changed as drawn.
    expect(rowsOf(mirrored(chartOf(['1.....'], codes), pencil([0, 0], [2, 0]), { vertical: 6 }).chart)).toEqual(['111111']);
  });

  it('erases the mirrored cells and the part stitches there', () => {
    const chart = withMarks(chartOf(['0000', '0..0'], codes), {
      parts: [
        { x: 1, y: 1, kind: 'quarter-tl', thread: 2 },
        { x: 2, y: 1, kind: 'quarter-tr', thread: 3 },
      ],
    });
    const result = mirrored(chart, eraser([0, 0], [1, 1]), { vertical: 4 });
    expect(rowsOf(result.chart)).toEqual(['.00.', '0..0']);
    expect(result.chart.marks.parts).toEqual([]);
  });

  it('the eraser’s image takes a part stitch in the mirrored cell, though there is none where it was drawn', () => {
    const chart = withMarks(chartOf(['0...', '....'], codes), {
      parts: [
        { x: 3, y: 0, kind: 'half-slash', thread: 2 },
        { x: 3, y: 1, kind: 'quarter-bl', thread: 3 },
      ],
    });
    const result = mirrored(chart, eraser([0, 0]), { vertical: 4 });
    expect(rowsOf(result.chart)).toEqual(['....', '....']);
    expect(result.chart.marks.parts).toEqual([{ x: 3, y: 1, kind: 'quarter-bl', thread: 3 }]);
    // Nothing to erase where it was drawn: the image's erasing is the step.
    const imageOnly = mirrored(withMarks(empty(4, 1), { parts: [{ x: 3, y: 0, kind: 'half-slash', thread: 2 }] }), eraser([0, 0]), { vertical: 4 });
    expect(imageOnly.changed).toBe(true);
    expect(imageOnly.chart.marks.parts).toEqual([]);
  });

  it('changes nothing when neither the drawing nor its images change anything', () => {
    const chart = chartOf(['1.1'], codes);
    const result = drawMirrored(chart, pencil([0, 0]), { vertical: 3 });
    expect(result.changed).toBe(false);
    expect(result.chart).toBe(chart);
    expect(result.inverse.label).toBe('Pencil');
    expect(drawMirrored(empty(3, 1), eraser([0, 0]), { vertical: 3 }).changed).toBe(false);
  });

  it('draws only as drawn without axes', () => {
    const result = drawMirrored(empty(4, 1), pencil([0, 0]), undefined);
    expect(rowsOf(result.chart)).toEqual(['1...']);
    expect(rowsOf(mirrored(empty(4, 1), pencil([0, 0]), {}).chart)).toEqual(['1...']);
  });
});

describe('mirror drawing with the fill', () => {
  it('fills from the mirrored seed in each image', () => {
    const chart = chartOf(['.0....', '.0....', '00....'], codes);
    // The image's seed (5, 0) is in the empty region on the right, which it fills whole.
    expect(rowsOf(mirrored(chart, fillAt(0, 0, 2), { vertical: 6 }).chart)).toEqual(['202222', '202222', '002222']);
    // About the middle of row 1: the image's seed (0, 2) is a stitch of thread 0, and its region takes the fill.
    expect(rowsOf(mirrored(chart, fillAt(0, 0, 2), { horizontal: 3 }).chart)).toEqual(['22....', '22....', '22....']);
  });

  it('fills the mirrored region even when the region as drawn is already of the thread', () => {
    const chart = chartOf(['22.0..', '22.0..'], codes);
    const result = mirrored(chart, fillAt(0, 0, 2), { vertical: 6 });
    expect(rowsOf(result.chart)).toEqual(['22.022', '22.022']);
  });
});

describe('a four-way heart drawn with pencil segments', () => {
  it('is symmetric both ways, and its joined undo gives the chart back', () => {
    const start = empty(12, 12);
    const axes = centredAxes(start, 'both');
    // The top-left quarter of a heart's outline, drawn as a drag: one edit per segment.
    const path: ChartPoint[] = [
      { x: 5, y: 2 },
      { x: 3, y: 0 },
      { x: 1, y: 0 },
      { x: 0, y: 2 },
      { x: 0, y: 3 },
      { x: 3, y: 5 },
    ];
    let chart = start;
    let undo = { label: 'Pencil' };
    for (let k = 1; k < path.length; k++) {
      const from = path[k - 1]!;
      const to = path[k]!;
      const segment = drawMirrored(chart, (c, m) => stroke(c, [m.cell(from), m.cell(to)], 1), axes);
      undo = composeUndo('Pencil', undo, segment.inverse);
      chart = segment.chart;
    }
    const rows = rowsOf(chart);
    expect(rows.map((row) => row.split('').reverse().join(''))).toEqual(rows);
    expect([...rows].reverse()).toEqual(rows);
    expect(rows[0]).toBe('.111....111.');
    expect(snapshot(applyEdit(chart, undo).chart)).toEqual(snapshot(start));
  });
});

describe('drawMirrored refuses', () => {
  it('an axis off the lattice', () => {
    const chart = empty(4, 4);
    expect(() => drawMirrored(chart, pencil([0, 0]), { vertical: 2.5 })).toThrow('A mirror’s axis must lie on the half-stitch lattice.');
    expect(() => drawMirrored(chart, pencil([0, 0]), { vertical: 4, horizontal: 0.5 })).toThrow('A mirror’s axis must lie on the half-stitch lattice.');
  });
});
