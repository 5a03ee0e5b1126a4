import { describe, expect, it } from 'vitest';
import { lassoSelection, selectionOutline, wandSelection } from './select-tools.js';
import { chartOf, drawn, rowsOfSelection, withMarks } from './testing.js';

const codes = ['310', '666', '700', '307'];

describe('wandSelection', () => {
  const chart = chartOf(['00.1', '0.11', '1100'], codes);

  it('takes the cells of the tapped thread joined to it, or all of them anywhere', () => {
    const joined = wandSelection(chart, 0.5, 0.2, { contiguous: true });
    expect(joined).toEqual(drawn(0, 0, ['##', '#.']));
    expect(rowsOfSelection(wandSelection(chart, 0, 0, { contiguous: false }), 4, 3)).toEqual(['##..', '#...', '..##']);
    expect(rowsOfSelection(wandSelection(chart, 3, 1, { contiguous: true }), 4, 3)).toEqual(['...#', '..##', '....']);
  });

  it('gives nothing for an empty cell or a place off the chart', () => {
    expect(wandSelection(chart, 2, 0, { contiguous: true })).toBeUndefined();
    expect(wandSelection(chart, 4, 0, { contiguous: false })).toBeUndefined();
    expect(wandSelection(chart, -0.5, 1, { contiguous: false })).toBeUndefined();
  });

  it('counts part stitches: a cell matches when one of its part stitches is the thread, and an empty cell is tapped by its first', () => {
    const marked = withMarks(chart, {
      parts: [
        { x: 1, y: 1, kind: 'quarter-tl', thread: 2 },
        { x: 1, y: 1, kind: 'quarter-br', thread: 1 },
        { x: 2, y: 0, kind: 'half-slash', thread: 1 },
      ],
    });
    // Thread 1 from (2, 0): the half stitch there, the full stitches beside it, and through (1, 1)'s quarter on to the bottom left.
    expect(rowsOfSelection(wandSelection(marked, 2, 0, { contiguous: true }), 4, 3)).toEqual(['..##', '.###', '##..']);
    expect(wandSelection(marked, 1, 1, { contiguous: false })).toEqual({ x: 1, y: 1, width: 1, height: 1 });
  });

  it('takes the thread of the part stitch under the tap in a cell of two threads, whichever is listed first', () => {
    const two = withMarks(chartOf(['...', '1.2', '...'], codes), {
      parts: [
        { x: 1, y: 1, kind: 'three-quarter-tl', thread: 1 },
        { x: 1, y: 1, kind: 'quarter-br', thread: 2 },
      ],
    });
    // The quarter's corner (bottom right) is thread 2, with the full stitch right of it; the other quadrants thread 1.
    expect(rowsOfSelection(wandSelection(two, 1.75, 1.75, { contiguous: true }), 3, 3)).toEqual(['...', '.##', '...']);
    for (const [x, y] of [
      [1.25, 1.25],
      [1.75, 1.25],
      [1.25, 1.75],
    ])
      expect(rowsOfSelection(wandSelection(two, x!, y!, { contiguous: true }), 3, 3), `${x}, ${y}`).toEqual(['...', '##.', '...']);
    // A quadrant no part stitch covers (a half stitch's other corners) takes the first.
    const half = withMarks(chartOf(['.'], codes), { parts: [{ x: 0, y: 0, kind: 'half-slash', thread: 3 }] });
    expect(wandSelection(half, 0.25, 0.25, { contiguous: true })).toEqual({ x: 0, y: 0, width: 1, height: 1 });
  });
});

describe('lassoSelection', () => {
  const chart = chartOf(['.......', '.......', '.......', '.......', '.......', '.......', '.......'], codes);

  it('takes the cells whose centres are inside a triangle', () => {
    const triangle = lassoSelection(chart, [
      { x: 0, y: 0 },
      { x: 6, y: 0 },
      { x: 0, y: 6 },
    ]);
    expect(rowsOfSelection(triangle, 7, 7)).toEqual(['#####..', '####...', '###....', '##.....', '#......', '.......', '.......']);
  });

  it('takes a concave L shape exactly', () => {
    const l = lassoSelection(chart, [
      { x: 1, y: 1 },
      { x: 5, y: 1 },
      { x: 5, y: 3 },
      { x: 3, y: 3 },
      { x: 3, y: 6 },
      { x: 1, y: 6 },
    ]);
    expect(rowsOfSelection(l, 7, 7)).toEqual(['.......', '.####..', '.####..', '.##....', '.##....', '.##....', '.......']);
  });

  it('clips to the chart, and gives nothing for fewer than three points or no cell', () => {
    const offEdge = lassoSelection(chart, [
      { x: 5, y: -2 },
      { x: 10, y: -2 },
      { x: 10, y: 2 },
      { x: 5, y: 2 },
    ]);
    expect(offEdge).toEqual({ x: 5, y: 0, width: 2, height: 2 });
    expect(
      lassoSelection(chart, [
        { x: 0, y: 0 },
        { x: 6, y: 6 },
      ]),
    ).toBeUndefined();
    expect(
      lassoSelection(chart, [
        { x: 0.1, y: 0.1 },
        { x: 0.4, y: 0.1 },
        { x: 0.1, y: 0.4 },
      ]),
    ).toBeUndefined();
    expect(() =>
      lassoSelection(chart, [
        { x: 0, y: 0 },
        { x: NaN, y: 0 },
        { x: 0, y: 1 },
      ]),
    ).toThrow('A point of the lasso is not a position on the chart.');
  });
});

describe('selectionOutline', () => {
  it('outlines an L shape in straight runs', () => {
    expect(selectionOutline(drawn(1, 1, ['#..', '#..', '###']))).toEqual([
      { x1: 1, y1: 1, x2: 2, y2: 1 },
      { x1: 2, y1: 3, x2: 4, y2: 3 },
      { x1: 1, y1: 4, x2: 4, y2: 4 },
      { x1: 1, y1: 1, x2: 1, y2: 4 },
      { x1: 2, y1: 1, x2: 2, y2: 3 },
      { x1: 4, y1: 3, x2: 4, y2: 4 },
    ]);
  });

  it('outlines a rectangle with its four sides, and a hole inside a shape too', () => {
    expect(selectionOutline({ x: 2, y: 1, width: 3, height: 2 })).toEqual([
      { x1: 2, y1: 1, x2: 5, y2: 1 },
      { x1: 2, y1: 3, x2: 5, y2: 3 },
      { x1: 2, y1: 1, x2: 2, y2: 3 },
      { x1: 5, y1: 1, x2: 5, y2: 3 },
    ]);
    expect(selectionOutline(drawn(2, 1, ['###', '###']))).toEqual(selectionOutline({ x: 2, y: 1, width: 3, height: 2 }));
    expect(selectionOutline(drawn(0, 0, ['###', '#.#', '###']))).toHaveLength(8);
    expect(selectionOutline({ x: 0, y: 0, width: 0, height: 3 })).toEqual([]);
  });
});
