// @vitest-environment jsdom
import { addBackstitch, placeKnot, placePart } from '@stitchwise/core';
import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../test/harness';
import { clickAt, dragAt, pointerAt, toolsOn } from './tool-test-support';

const BLANK = ['.....', '.....', '.....'];

const sorted = <T>(items: readonly T[]): T[] => [...items].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

describe('part stitch tools', () => {
  it('put the part of the cell the pointer is in: half by its quarter, quarter and three-quarter by its corner', () => {
    const { tool, marks, editor } = toolsOn(BLANK);
    clickAt(tool('half'), 1.8, 0.2); // top right of cell (1, 0): the / diagonal passes there
    clickAt(tool('half'), 0.2, 0.3); // top left of cell (0, 0): \
    expect(editor.current.undoLabel).toBe('Half stitch');
    clickAt(tool('quarter'), 2.7, 1.6);
    expect(editor.current.undoLabel).toBe('Quarter stitch');
    clickAt(tool('three-quarter'), 0.3, 1.8);
    expect(editor.current.undoLabel).toBe('Three-quarter stitch');
    expect(sorted(marks().parts)).toEqual(
      sorted([
        { x: 1, y: 0, kind: 'half-slash', thread: 1 },
        { x: 0, y: 0, kind: 'half-backslash', thread: 1 },
        { x: 2, y: 1, kind: 'quarter-br', thread: 1 },
        { x: 0, y: 1, kind: 'three-quarter-bl', thread: 1 },
      ]),
    );
  });

  it('takes the full stitch out of the cell it puts a part stitch in', () => {
    const { tool, rows, marks } = toolsOn(['00', '00']);
    clickAt(tool('quarter'), 1.2, 0.2);
    expect(rows()).toEqual(['0.', '00']);
    expect(marks().parts).toEqual([{ x: 1, y: 0, kind: 'quarter-tl', thread: 1 }]);
  });

  it('put one part per quarter a drag passes, even far-apart moves, as one step to undo and redo', () => {
    const { tool, marks, editor } = toolsOn(BLANK);
    // One move straight across three cells, along their top halves.
    dragAt(tool('quarter'), [
      [0.1, 0.2],
      [2.9, 0.2],
    ]);
    const drawn = sorted(marks().parts);
    expect(drawn).toEqual(sorted([0, 1, 2].flatMap((x) => ['tl', 'tr'].map((corner) => ({ x, y: 0, kind: `quarter-${corner}`, thread: 1 })))));
    expect(editor.current.undoLabel).toBe('Quarter stitch');
    act(() => editor.current.undo());
    expect(marks().parts).toEqual([]);
    expect(editor.current.canUndo).toBe(false);
    act(() => editor.current.redo());
    expect(sorted(marks().parts)).toEqual(drawn);
  });

  it('keep the first half stitch a drag put in a cell: no flipping at every quarter, no second half making a cross', () => {
    const { tool, marks } = toolsOn(BLANK);
    dragAt(tool('half'), [
      [0.2, 0.2],
      [0.8, 0.2],
      [1.2, 0.2],
    ]);
    expect(sorted(marks().parts)).toEqual(
      sorted([
        { x: 0, y: 0, kind: 'half-backslash', thread: 1 },
        { x: 1, y: 0, kind: 'half-backslash', thread: 1 },
      ]),
    );
  });

  it('ask for a thread when none is chosen, and put nothing', () => {
    const { tool, marks, refusals } = toolsOn(BLANK, null);
    clickAt(tool('half'), 0.5, 0.5);
    expect(refusals).toEqual(['Choose a thread in the palette first.']);
    expect(marks().parts).toEqual([]);
  });

  it('take back a drag that became a pinch', () => {
    const { tool, marks, editor } = toolsOn(BLANK);
    const quarter = tool('quarter');
    act(() => quarter.onDown(...pointerAt(0.2, 0.2)));
    act(() => quarter.onMove(...pointerAt(1.2, 0.2)));
    expect(marks().parts).toHaveLength(3);
    act(() => quarter.onCancel!());
    expect(marks().parts).toEqual([]);
    expect(editor.current.canUndo).toBe(false);
  });
});

describe('backstitch tool', () => {
  it('makes a segment per click after the first, snapped to the half-stitch lattice, each its own undo step', () => {
    const { tool, marks, editor } = toolsOn(BLANK);
    const backstitch = tool('backstitch');
    clickAt(backstitch, 0.05, 0.02); // the chart's corner: lattice (0, 0)
    expect(marks().backstitches).toEqual([]);
    clickAt(backstitch, 1.02, 0.97); // corner of stitch (1, 1): (2, 2)
    clickAt(backstitch, 1.6, 1.1); // nearest: the middle of stitch (1, 1)'s top edge, (3, 2)
    expect(sorted(marks().backstitches)).toEqual(
      sorted([
        { x1: 0, y1: 0, x2: 2, y2: 2, thread: 1 },
        { x1: 2, y1: 2, x2: 3, y2: 2, thread: 1 },
      ]),
    );
    expect(editor.current.undoLabel).toBe('Backstitch');
    act(() => editor.current.undo());
    expect(marks().backstitches).toEqual([{ x1: 0, y1: 0, x2: 2, y2: 2, thread: 1 }]);
    act(() => editor.current.redo());
    expect(marks().backstitches).toHaveLength(2);
  });

  it('shows the next segment as a guide that follows the pointer, until Escape ends the line', () => {
    const { tool, marks, guides } = toolsOn(BLANK);
    const backstitch = tool('backstitch');
    act(() => backstitch.onHover!({ x: 1, y: 1 }));
    expect(guides).toEqual([]); // no line yet: nothing to guide
    clickAt(backstitch, 1, 1);
    expect(guides.at(-1)).toEqual({ x1: 2, y1: 2, x2: 2, y2: 2, thread: 1 });
    act(() => backstitch.onHover!({ x: 2.4, y: 0.6 }));
    expect(guides.at(-1)).toEqual({ x1: 2, y1: 2, x2: 5, y2: 1, thread: 1 });
    const shown = guides.length;
    act(() => backstitch.onHover!({ x: 2.45, y: 0.55 })); // the same lattice point: no new guide
    expect(guides).toHaveLength(shown);

    act(() => backstitch.end!());
    expect(guides.at(-1)).toBeUndefined();
    // The next click starts a new line rather than joining the old one.
    clickAt(backstitch, 0, 0);
    expect(marks().backstitches).toEqual([]);
  });

  it('ends the line with a double click on its last point', () => {
    const { tool, marks, guides } = toolsOn(BLANK);
    const backstitch = tool('backstitch');
    clickAt(backstitch, 0, 0);
    clickAt(backstitch, 1, 0);
    clickAt(backstitch, 1.05, 0.05);
    expect(guides.at(-1)).toBeUndefined();
    clickAt(backstitch, 2, 0);
    expect(marks().backstitches).toEqual([{ x1: 0, y1: 0, x2: 2, y2: 0, thread: 1 }]);
  });

  it('erases a segment clicked with no line going, and undo brings it back', () => {
    const { tool, marks, editor, guides } = toolsOn(BLANK);
    act(() => void editor.current.apply((chart) => addBackstitch(chart, { x: 0, y: 0 }, { x: 4, y: 4 }, 2)));
    clickAt(tool('backstitch'), 0.6, 0.65);
    expect(marks().backstitches).toEqual([]);
    expect(guides).toEqual([]); // no line was started
    expect(editor.current.undoLabel).toBe('Erase backstitch');
    act(() => editor.current.undo());
    expect(marks().backstitches).toEqual([{ x1: 0, y1: 0, x2: 4, y2: 4, thread: 2 }]);
  });

  it("starts a new line at a line's end rather than erasing it", () => {
    const { tool, marks, editor } = toolsOn(BLANK);
    act(() => void editor.current.apply((chart) => addBackstitch(chart, { x: 0, y: 0 }, { x: 4, y: 0 }, 2)));
    const backstitch = tool('backstitch');
    clickAt(backstitch, 2.02, 0.03);
    clickAt(backstitch, 2, 1);
    expect(sorted(marks().backstitches)).toEqual(
      sorted([
        { x1: 0, y1: 0, x2: 4, y2: 0, thread: 2 },
        { x1: 4, y1: 0, x2: 4, y2: 2, thread: 1 },
      ]),
    );
  });

  it('draws a segment with one finger dragged from one point to another', () => {
    const { tool, marks, guides } = toolsOn(BLANK);
    dragAt(tool('backstitch'), [
      [0, 1],
      [1.5, 1.2],
      [3, 1],
    ]);
    expect(guides).toContainEqual({ x1: 0, y1: 2, x2: 3, y2: 2, thread: 1 }); // while dragging
    expect(marks().backstitches).toEqual([{ x1: 0, y1: 2, x2: 6, y2: 2, thread: 1 }]);
  });
});

describe('French knot tool', () => {
  it('puts a knot on the nearest lattice point; a click on a knot of the current thread takes it away', () => {
    const { tool, marks, editor } = toolsOn(BLANK);
    const knot = tool('knot');
    clickAt(knot, 1.1, 0.4); // nearest: the middle of stitch (1, 0)'s left edge, (2, 1)
    expect(marks().knots).toEqual([{ x: 2, y: 1, thread: 1 }]);
    expect(editor.current.undoLabel).toBe('French knot');
    clickAt(knot, 0.9, 0.6);
    expect(marks().knots).toEqual([]);
    expect(editor.current.undoLabel).toBe('Erase French knot');
    act(() => editor.current.undo());
    expect(marks().knots).toEqual([{ x: 2, y: 1, thread: 1 }]);
    act(() => editor.current.undo());
    expect(marks().knots).toEqual([]);
    act(() => editor.current.redo());
    expect(marks().knots).toEqual([{ x: 2, y: 1, thread: 1 }]);
  });

  it('gives a knot of another thread the current thread, and ignores clicks well off the chart', () => {
    const { tool, marks, editor } = toolsOn(BLANK);
    act(() => void editor.current.apply((chart) => placeKnot(chart, { x: 3, y: 3 }, 0)));
    clickAt(tool('knot'), 1.5, 1.5);
    expect(marks().knots).toEqual([{ x: 3, y: 3, thread: 1 }]);
    clickAt(tool('knot'), -2, 1);
    expect(marks().knots).toHaveLength(1);
  });
});

describe('eraser over marks', () => {
  it('takes the part stitches of the cells it passes along with their full stitches, as one step', () => {
    const { tool, marks, rows, editor } = toolsOn(['0....', '.....']);
    act(() => void editor.current.apply((chart) => placePart(chart, 1, 0, 'half-slash', 1)));
    act(() => void editor.current.apply((chart) => placePart(chart, 3, 1, 'quarter-tl', 2)));
    dragAt(tool('eraser'), [
      [0.5, 0.5],
      [2.5, 0.5],
    ]);
    expect(rows()).toEqual(['.....', '.....']);
    expect(marks().parts).toEqual([{ x: 3, y: 1, kind: 'quarter-tl', thread: 2 }]);
    act(() => editor.current.undo());
    expect(rows()[0]).toBe('0....');
    expect(marks().parts).toHaveLength(2);
  });

  it('takes away the backstitch or knot clicked, and no stitch under it', () => {
    const { tool, marks, rows, editor } = toolsOn(['000', '000']);
    act(() => void editor.current.apply((chart) => addBackstitch(chart, { x: 0, y: 2 }, { x: 6, y: 2 }, 1)));
    act(() => void editor.current.apply((chart) => placeKnot(chart, { x: 1, y: 1 }, 2)));
    clickAt(tool('eraser'), 0.55, 0.45); // on the knot
    expect(marks().knots).toEqual([]);
    expect(editor.current.undoLabel).toBe('Erase French knot');
    dragAt(tool('eraser'), [
      [1.5, 1.1],
      [2.5, 1.1],
    ]); // starts on the line: erases it, and the drag nothing else
    expect(marks().backstitches).toEqual([]);
    expect(editor.current.undoLabel).toBe('Erase backstitch');
    expect(rows()).toEqual(['000', '000']);
  });
});
