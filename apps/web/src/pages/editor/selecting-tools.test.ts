// @vitest-environment jsdom
import { isSelected, placePart, type ChartSelection, type LatticePoint } from '@stitchwise/core';
import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../test/harness';
import { cellAt, clickAt, dragAt, pointerAt, toolsOn } from './tool-test-support';
import { axesTool } from './tools';

/** The selection as rows of text: '#' selected, '.' not, over a chart `width` × `height`. */
function picture(selection: ChartSelection | undefined, width: number, height: number): string[] {
  return Array.from({ length: height }, (_, y) => Array.from({ length: width }, (_, x) => (selection && isSelected(selection, x, y) ? '#' : '.')).join(''));
}

const CHART = ['0011.', '0.1..', '..100', '22.00'];

describe('magic wand', () => {
  it('selects the stitches of the tapped thread that touch it', () => {
    const { tool, selections } = toolsOn(CHART);
    clickAt(tool('wand'), 0.5, 0.5);
    expect(picture(selections.at(-1), 5, 4)).toEqual(['##...', '#....', '.....', '.....']);
  });

  it('selects every stitch of the thread when told to', () => {
    const { tool, selections } = toolsOn(CHART, 1, { wandTouching: false });
    clickAt(tool('wand'), 0.5, 0.5);
    expect(picture(selections.at(-1), 5, 4)).toEqual(['##...', '#....', '...##', '...##']);
  });

  it('adds with Shift and subtracts with Alt', () => {
    const { tool, selections } = toolsOn(CHART);
    const wand = tool('wand');
    clickAt(wand, 0.5, 0.5);
    act(() => wand.onDown(...pointerAt(0.5, 3.5, { shiftKey: true })));
    act(() => wand.onUp(...pointerAt(0.5, 3.5)));
    expect(picture(selections.at(-1), 5, 4)).toEqual(['##...', '#....', '.....', '##...']);
    act(() => wand.onDown(...pointerAt(1.5, 0.5, { altKey: true })));
    act(() => wand.onUp(...pointerAt(1.5, 0.5)));
    // Alt on a 0 stitch takes away the 0s that touch it: the 2s stay.
    expect(picture(selections.at(-1), 5, 4)).toEqual(['.....', '.....', '.....', '##...']);
  });

  it('selects nothing and says nothing when its press becomes a pinch', () => {
    // On a phone the first finger of a pinch reaches the tool before the second turns the gesture into a zoom.
    const { tool, selections, refusals } = toolsOn(CHART);
    const wand = tool('wand');
    clickAt(wand, 0.5, 0.5);
    act(() => wand.onDown(...pointerAt(3.5, 2.5)));
    act(() => wand.onCancel!());
    act(() => wand.onDown(...pointerAt(1.5, 1.5)));
    act(() => wand.onCancel!());
    expect(selections).toHaveLength(1);
    expect(picture(selections.at(-1), 5, 4)).toEqual(['##...', '#....', '.....', '.....']);
    expect(refusals).toEqual([]);
  });

  it('takes the thread of the part stitch under the tap where a stitch holds two threads', () => {
    const { tool, editor, selections } = toolsOn(['....', '....']);
    act(() => void editor.current.apply((chart) => placePart(chart, 1, 0, 'three-quarter-tl', 0)));
    act(() => void editor.current.apply((chart) => placePart(chart, 1, 0, 'quarter-br', 2)));
    act(() => void editor.current.apply((chart) => placePart(chart, 2, 0, 'quarter-tl', 2)));
    const wand = tool('wand');
    clickAt(wand, 1.8, 0.8); // the quarter stitch's corner: its thread, which its neighbour shares
    expect(picture(selections.at(-1), 4, 2)).toEqual(['.##.', '....']);
    clickAt(wand, 1.2, 0.2); // the three-quarter stitch's corner
    expect(picture(selections.at(-1), 4, 2)).toEqual(['.#..', '....']);
  });

  it('says what to do when an empty place is tapped, and leaves the selection', () => {
    const { tool, selections, refusals } = toolsOn(CHART);
    clickAt(tool('wand'), 1.5, 1.5);
    expect(selections).toEqual([]);
    expect(refusals).toEqual(['Tap a stitch to select its thread.']);
  });
});

describe('lasso', () => {
  it('selects the stitches whose middles lie inside the drawn loop, and shows the loop while it is drawn', () => {
    const { tool, selections, paths } = toolsOn(['.....', '.....', '.....', '.....']);
    // A triangle (0,0)–(4.2,0)–(0,4.2): the stitches whose middles are inside it, x + y + 1 < 4.2.
    dragAt(tool('lasso'), [
      [0, 0],
      [4.2, 0],
      [0, 4.2],
    ]);
    expect(paths.at(0)).toHaveLength(1);
    expect(paths.at(-2)).toHaveLength(3);
    expect(paths.at(-1)).toBeUndefined(); // the loop goes once the selection is made
    expect(picture(selections.at(-1), 5, 4)).toEqual(['####.', '###..', '##...', '#....']);
  });

  it('subtracts a loop drawn with Alt from a rectangle', () => {
    const { tool, selections } = toolsOn(['....', '....', '....']);
    dragAt(tool('select'), [
      [0.5, 0.5],
      [3.5, 2.5],
    ]);
    const lasso = tool('lasso');
    act(() => lasso.onDown(...pointerAt(1, 0, { altKey: true })));
    act(() => lasso.onMove(...pointerAt(3, 0)));
    act(() => lasso.onMove(...pointerAt(3, 2)));
    act(() => lasso.onMove(...pointerAt(1, 2)));
    act(() => lasso.onUp(...pointerAt(1, 2)));
    expect(picture(selections.at(-1), 4, 3)).toEqual(['#..#', '#..#', '####']);
  });
});

describe('select', () => {
  it('adds a rectangle with Shift to the selection there is, as the drag goes', () => {
    const { tool, selections } = toolsOn(['....', '....', '....']);
    const select = tool('select');
    dragAt(select, [
      [0.5, 0.5],
      [1.5, 0.5],
    ]);
    act(() => select.onDown(...pointerAt(3.5, 2.5, { shiftKey: true })));
    act(() => select.onMove(...cellAt(2, 1)));
    act(() => select.onUp(...cellAt(2, 1)));
    expect(picture(selections.at(-1), 4, 3)).toEqual(['##..', '..##', '..##']);
  });

  it('gives back the selection there was when its drag becomes a pinch', () => {
    const { tool, selections } = toolsOn(['....', '....', '....']);
    const select = tool('select');
    dragAt(select, [
      [0.5, 0.5],
      [1.5, 0.5],
    ]);
    act(() => select.onDown(...cellAt(3, 2)));
    act(() => select.onCancel!());
    expect(picture(selections.at(-1), 4, 3)).toEqual(['##..', '....', '....']);
  });
});

describe('placing the mirror axes', () => {
  it('places them where the tap was, and not when the press becomes a pinch', () => {
    const { editor } = toolsOn(['....', '....']);
    const placed: LatticePoint[] = [];
    const axes = axesTool(
      () => editor.current.chart,
      (point) => placed.push(point),
    );
    act(() => axes.onDown(...pointerAt(1.1, 0.9)));
    act(() => axes.onCancel!());
    expect(placed).toEqual([]);
    clickAt(axes, 1.1, 0.9);
    expect(placed).toEqual([{ x: 2, y: 2 }]);
  });
});
