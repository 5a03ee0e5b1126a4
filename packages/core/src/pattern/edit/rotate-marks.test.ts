/** Every kind of stitch turned by one, two and three quarter turns, in a selection and on the whole chart. */
import { describe, expect, it } from 'vitest';
import { PART_KINDS, partQuadrants, type ChartMarks, type PartKind } from '../stitches.js';
import { rotateChart } from './chart-turn.js';
import { moved } from './clipboard.js';
import { rotateSelection } from './selection.js';
import { chartOf, reversal, snapshot, withMarks } from './testing.js';
import { mirroredKind, turnedKind } from './turn.js';

const codes = ['310', '666', '700', '307'];

// A box of 3 × 2 cells: full stitches in (0, 0) and (2, 1), part stitches in (1, 0), (2, 0) and (0, 1), (1, 1) empty;
// knots on the box's top-left corner and on the centre of cell (0, 0), a line corner to corner and one down column 1's left edge.
const BOX = ['0..', '..1'];
const MARKS: ChartMarks = {
  parts: [
    { x: 1, y: 0, kind: 'quarter-tl', thread: 1 },
    { x: 2, y: 0, kind: 'half-slash', thread: 2 },
    { x: 0, y: 1, kind: 'three-quarter-br', thread: 3 },
  ],
  backstitches: [
    { x1: 0, y1: 0, x2: 6, y2: 4, thread: 0 },
    { x1: 2, y1: 0, x2: 2, y2: 4, thread: 1 },
  ],
  knots: [
    { x: 0, y: 0, thread: 2 },
    { x: 1, y: 1, thread: 3 },
  ],
};

/** What each turn makes of the box, worked out by hand: a 2 × 3 box for a quarter turn either way. */
const TURNED: Record<1 | 2 | 3, { rows: string[]; marks: ChartMarks }> = {
  1: {
    rows: ['.0', '..', '1.'],
    marks: {
      parts: [
        { x: 1, y: 1, kind: 'quarter-tr', thread: 1 },
        { x: 1, y: 2, kind: 'half-backslash', thread: 2 },
        { x: 0, y: 0, kind: 'three-quarter-bl', thread: 3 },
      ],
      backstitches: [
        { x1: 4, y1: 0, x2: 0, y2: 6, thread: 0 },
        { x1: 4, y1: 2, x2: 0, y2: 2, thread: 1 },
      ],
      knots: [
        { x: 4, y: 0, thread: 2 },
        { x: 3, y: 1, thread: 3 },
      ],
    },
  },
  2: {
    rows: ['1..', '..0'],
    marks: {
      parts: [
        { x: 1, y: 1, kind: 'quarter-br', thread: 1 },
        { x: 0, y: 1, kind: 'half-slash', thread: 2 },
        { x: 2, y: 0, kind: 'three-quarter-tl', thread: 3 },
      ],
      backstitches: [
        { x1: 0, y1: 0, x2: 6, y2: 4, thread: 0 }, // its own image: kept as drawn
        { x1: 4, y1: 4, x2: 4, y2: 0, thread: 1 },
      ],
      knots: [
        { x: 6, y: 4, thread: 2 },
        { x: 5, y: 3, thread: 3 },
      ],
    },
  },
  3: {
    rows: ['.1', '..', '0.'],
    marks: {
      parts: [
        { x: 0, y: 1, kind: 'quarter-bl', thread: 1 },
        { x: 0, y: 0, kind: 'half-backslash', thread: 2 },
        { x: 1, y: 2, kind: 'three-quarter-tr', thread: 3 },
      ],
      backstitches: [
        { x1: 0, y1: 6, x2: 4, y2: 0, thread: 0 },
        { x1: 0, y1: 4, x2: 4, y2: 4, thread: 1 },
      ],
      knots: [
        { x: 0, y: 6, thread: 2 },
        { x: 1, y: 5, thread: 3 },
      ],
    },
  },
};

/** Rows of text placed at (x, y) on an empty chart of width × height. */
function placed(rows: readonly string[], x: number, y: number, width: number, height: number): string[] {
  return Array.from({ length: height }, (_, row) => {
    const inside = rows[row - y];
    return inside === undefined ? '.'.repeat(width) : '.'.repeat(x) + inside + '.'.repeat(width - x - inside.length);
  });
}

describe('turning a selection', () => {
  // The box at (1, 1) of an empty 6 × 6 chart: a quarter turn keeps its top-left corner (trunc of ±½ is 0).
  const chart = withMarks(chartOf(placed(BOX, 1, 1, 6, 6), codes), moved(MARKS, 1, 1));
  const box = { x: 1, y: 1, width: 3, height: 2 };

  it.each([1, 2, 3] as const)('turns every kind of stitch by %i quarter turns, undoably', (turns) => {
    const { result, found, owed } = reversal(chart, (c) => rotateSelection(c, box, turns));
    expect(found).toEqual(owed);
    const expected = withMarks(chartOf(placed(TURNED[turns].rows, 1, 1, 6, 6), codes), moved(TURNED[turns].marks, 1, 1));
    expect(snapshot(result.chart)).toEqual(snapshot(expected));
    expect(result.selection).toEqual(turns === 2 ? box : { x: 1, y: 1, width: 2, height: 3 });
    expect(result.inverse.label).toBe({ 1: 'Rotate 90° clockwise', 2: 'Rotate 180°', 3: 'Rotate 90° anticlockwise' }[turns]);
  });
});

describe('turning the chart', () => {
  const chart = withMarks(chartOf(BOX, codes), MARKS);

  it.each([1, 2, 3] as const)('turns every kind of stitch by %i quarter turns, undoably', (turns) => {
    const { result, found, owed } = reversal(chart, (c) => rotateChart(c, turns));
    expect(found).toEqual(owed);
    expect(snapshot(result.chart)).toEqual(snapshot(withMarks(chartOf(TURNED[turns].rows, codes), TURNED[turns].marks)));
    expect(result.inverse.label).toBe({ 1: 'Rotate chart 90° clockwise', 2: 'Rotate chart 180°', 3: 'Rotate chart 90° anticlockwise' }[turns]);
  });
});

describe('part stitch kinds', () => {
  // Quadrants as bits: tl 1, tr 2, bl 4, br 8.
  const clockwise = (bits: number) => ((bits & 1) << 1) | ((bits & 2) << 2) | ((bits & 8) >> 1) | ((bits & 4) >> 2);
  const leftRight = (bits: number) => ((bits & 1) << 1) | ((bits & 2) >> 1) | ((bits & 4) << 1) | ((bits & 8) >> 1);
  const topBottom = (bits: number) => ((bits & 3) << 2) | ((bits & 12) >> 2);

  it.each(PART_KINDS)('%s turns and mirrors with the quadrants it covers', (kind: PartKind) => {
    let bits = partQuadrants(kind);
    for (let turns = 1; turns <= 4; turns++) {
      bits = clockwise(bits);
      expect(partQuadrants(turnedKind(kind, turns))).toBe(bits);
    }
    expect(turnedKind(kind, 4)).toBe(kind);
    expect(partQuadrants(mirroredKind(kind, 'horizontal'))).toBe(leftRight(partQuadrants(kind)));
    expect(partQuadrants(mirroredKind(kind, 'vertical'))).toBe(topBottom(partQuadrants(kind)));
    // A half turn is both mirrors.
    expect(turnedKind(kind, 2)).toBe(mirroredKind(mirroredKind(kind, 'horizontal'), 'vertical'));
  });
});
