import { describe, expect, it } from 'vitest';
import type { FrenchKnot } from '../stitches.js';
import { combineSelections, isSelected, marksInSelection, selectedCellCount, selectionOnChart } from './region.js';
import { drawn, rowsOfSelection } from './testing.js';

describe('isSelected and selectedCellCount', () => {
  it('count every cell of a rectangle, and only the masked cells of a shape', () => {
    expect(selectedCellCount({ x: 1, y: 1, width: 3, height: 2 })).toBe(6);
    expect(isSelected({ x: 1, y: 1, width: 3, height: 2 }, 3, 2)).toBe(true);
    expect(isSelected({ x: 1, y: 1, width: 3, height: 2 }, 4, 2)).toBe(false);
    const l = drawn(1, 1, ['#.', '##']);
    expect(selectedCellCount(l)).toBe(3);
    expect(rowsOfSelection(l, 4, 3)).toEqual(['....', '.#..', '.##.']);
  });

  it('take a rectangle dragged backwards, and refuse a mask that does not fit its rectangle', () => {
    expect(rowsOfSelection({ x: 3, y: 2, width: -2, height: -1 }, 4, 3)).toEqual(['....', '.##.', '....']);
    expect(() => selectedCellCount({ x: 0, y: 0, width: 2, height: 2, mask: new Uint8Array(3) })).toThrow('The selection’s cells do not fit its rectangle.');
  });
});

describe('combineSelections', () => {
  it('replaces, tidying the new selection; nothing replaces with nothing', () => {
    expect(combineSelections(drawn(0, 0, ['#']), { x: 3, y: 2, width: -2, height: -1 }, 'replace')).toEqual({ x: 1, y: 1, width: 2, height: 1 });
    expect(combineSelections(drawn(0, 0, ['#']), undefined, 'replace')).toBeUndefined();
    expect(combineSelections(undefined, drawn(0, 0, ['..', '.#']), 'replace')).toEqual({ x: 1, y: 1, width: 1, height: 1 });
  });

  it('adds (Shift): two rectangles make a shape, or a larger rectangle without a mask', () => {
    const shape = combineSelections({ x: 0, y: 0, width: 2, height: 1 }, { x: 1, y: 1, width: 2, height: 1 }, 'add');
    expect(shape).toEqual(drawn(0, 0, ['##.', '.##']));
    expect(combineSelections({ x: 0, y: 0, width: 2, height: 2 }, { x: 2, y: 0, width: 1, height: 2 }, 'add')).toEqual({ x: 0, y: 0, width: 3, height: 2 });
    expect(combineSelections(undefined, { x: 0, y: 0, width: 1, height: 1 }, 'add')).toEqual({ x: 0, y: 0, width: 1, height: 1 });
    expect(combineSelections(shape, undefined, 'add')).toEqual(shape);
  });

  it('subtracts (Alt): a hole keeps the box, a cut edge trims it, and nothing is left of all', () => {
    const square = { x: 0, y: 0, width: 3, height: 3 };
    expect(combineSelections(square, { x: 1, y: 1, width: 1, height: 1 }, 'subtract')).toEqual(drawn(0, 0, ['###', '#.#', '###']));
    expect(combineSelections(square, { x: -1, y: 0, width: 5, height: 1 }, 'subtract')).toEqual({ x: 0, y: 1, width: 3, height: 2 });
    expect(combineSelections(drawn(5, 5, ['#.', '.#']), { x: 5, y: 5, width: 1, height: 1 }, 'subtract')).toEqual({ x: 6, y: 6, width: 1, height: 1 });
    expect(combineSelections(square, square, 'subtract')).toBeUndefined();
    expect(combineSelections(undefined, square, 'subtract')).toBeUndefined();
    expect(combineSelections(square, undefined, 'subtract')).toEqual(square);
  });
});

describe('selectionOnChart', () => {
  it('clips to the chart and trims a shape to the cells left', () => {
    expect(selectionOnChart({ width: 4, height: 3 }, { x: 2, y: -5, width: 10, height: 7 })).toEqual({ x: 2, y: 0, width: 2, height: 2 });
    expect(selectionOnChart({ width: 4, height: 3 }, drawn(-1, 1, ['#..', '##.', '...']))).toEqual({ x: 0, y: 2, width: 1, height: 1 });
    expect(selectionOnChart({ width: 4, height: 3 }, drawn(-1, 1, ['#..', '#..']))).toMatchObject({ width: 0, height: 0 });
  });
});

describe('marksInSelection', () => {
  // A knot on every lattice point of a 4 × 3 chart, and lines along, across and out of the middle.
  const knots: FrenchKnot[] = [];
  for (let y = 0; y <= 6; y++) for (let x = 0; x <= 8; x++) knots.push({ x, y, thread: 0 });
  const marks = {
    parts: [
      { x: 1, y: 1, kind: 'half-slash' as const, thread: 0 },
      { x: 2, y: 1, kind: 'quarter-tl' as const, thread: 0 },
    ],
    backstitches: [
      { x1: 2, y1: 2, x2: 4, y2: 4, thread: 0 },
      { x1: 2, y1: 2, x2: 6, y2: 2, thread: 0 },
      { x1: 0, y1: 0, x2: 8, y2: 6, thread: 0 },
    ],
    knots,
  };

  it('gives a rectangle’s marks exactly as marksWithin, edges included', () => {
    for (const rect of [
      { x: 1, y: 1, width: 2, height: 1 },
      { x: 0, y: 0, width: 4, height: 3 },
      { x: 3, y: 2, width: 1, height: 1 },
    ]) {
      const shaped = marksInSelection(marks, { ...rect, mask: new Uint8Array(rect.width * rect.height).fill(1) });
      expect(shaped).toEqual(marksInSelection(marks, rect));
    }
  });

  it('takes the part stitches of selected cells, and the points and lines touching them', () => {
    // Cells (1, 1) and (2, 2): a diagonal pair, which share the lattice point (4, 4).
    const inside = marksInSelection(marks, drawn(1, 1, ['#.', '.#']));
    expect(inside.parts).toEqual([marks.parts[0]]);
    expect(inside.backstitches).toEqual([marks.backstitches[0]]);
    const points = inside.knots.map(({ x, y }) => `${x},${y}`);
    expect(points).toHaveLength(9 + 9 - 1);
    expect(points).toContain('4,4');
    expect(points).not.toContain('6,2');
  });
});
