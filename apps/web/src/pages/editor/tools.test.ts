// @vitest-environment jsdom
import { fill, type EditableChart } from '@stitchwise/core';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../test/harness';
import { chartOf } from './editor-test-charts';
import { cellAt, clickAt, CODES, drag, dragAt, pointerAt, toolsOn } from './tool-test-support';
import { chartTool } from './tools';
import { selectionEdits } from './use-selection';
import { useChartEditor } from './use-chart-editor';

/** The painted cells form one piece, neighbours including diagonals: a line with no gaps. */
function connected(rows: readonly string[], painted: string): boolean {
  const cells = rows.flatMap((row, y) => Array.from({ length: row.length }, (_, x) => [x, y] as const).filter(([x]) => row[x] === painted));
  const seen = new Set([0]);
  const queue = [0];
  while (queue.length > 0) {
    const [x, y] = cells[queue.pop()!]!;
    cells.forEach(([u, v], index) => {
      if (!seen.has(index) && Math.abs(u - x) <= 1 && Math.abs(v - y) <= 1) {
        seen.add(index);
        queue.push(index);
      }
    });
  }
  return seen.size === cells.length;
}

const BLANK = ['........', '........', '........', '........', '........'];

describe('pencil and eraser', () => {
  it('draws a connected line through far-apart pointer positions, shown as it goes, as one undo step', () => {
    const { editor, tool, rows } = toolsOn(BLANK);
    const pencil = tool('pencil');
    act(() => pencil.onDown(...cellAt(0, 0)));
    act(() => pencil.onMove(...cellAt(6, 2)));
    // Each part shows at once, before the drag ends.
    expect(rows()[0]![0]).toBe('1');
    expect(rows()[2]![6]).toBe('1');
    act(() => pencil.onMove(...cellAt(6, 4)));
    act(() => pencil.onUp(...cellAt(6, 4)));

    const drawn = rows();
    expect(drawn.join('').split('1')).toHaveLength(1 + 7 + 2); // 7 cells to (6,2), 2 more down to (6,4): a thin line
    expect(connected(drawn, '1')).toBe(true);
    expect(drawn[4]![6]).toBe('1');

    expect(editor.current).toMatchObject({ canUndo: true, undoLabel: 'Pencil' });
    act(() => editor.current.undo());
    expect(rows()).toEqual(BLANK);
    expect(editor.current.canUndo).toBe(false);
  });

  it('keeps drawing from where the pointer left the chart and came back', () => {
    const { tool, rows } = toolsOn(['....', '....', '....']);
    drag(tool('pencil'), [
      [1, 1],
      [-5, 1],
      [3, 1],
    ]);
    expect(rows()).toEqual(['....', '1111', '....']);
  });

  it('erases a dragged line of stitches in one undo step', () => {
    const { editor, tool, rows } = toolsOn(['000', '111', '222']);
    drag(tool('eraser'), [
      [0, 0],
      [2, 2],
    ]);
    expect(rows()).toEqual(['.00', '1.1', '22.']);
    expect(editor.current.undoLabel).toBe('Eraser');
    act(() => editor.current.undo());
    expect(rows()).toEqual(['000', '111', '222']);
  });

  it('asks for a thread when none is chosen, and draws nothing', () => {
    const { editor, tool, rows, refusals } = toolsOn(BLANK, null);
    drag(tool('pencil'), [
      [0, 0],
      [3, 3],
    ]);
    expect(refusals).toEqual(['Choose a thread in the palette first.']);
    expect(rows()).toEqual(BLANK);
    expect(editor.current.canUndo).toBe(false);
  });
});

describe('a stroke that becomes a pinch', () => {
  it('takes back what the stroke drew and leaves earlier steps alone', () => {
    const { editor, tool, rows } = toolsOn(['000', '000', '000']);
    act(() => void editor.current.apply((chart: EditableChart) => fill(chart, 0, 0, 2)));
    const pencil = tool('pencil');
    act(() => pencil.onDown(...cellAt(0, 0)));
    act(() => pencil.onMove(...cellAt(2, 0)));
    expect(rows()[0]).toBe('111');
    act(() => pencil.onCancel!());
    expect(rows()).toEqual(['222', '222', '222']);
    expect(editor.current.undoLabel).toBe('Fill');
  });

  it('leaves a chart just loaded as it was: nothing to undo, nothing unsaved', () => {
    const { editor, tool, rows } = toolsOn(['000', '000']);
    const pencil = tool('pencil');
    act(() => pencil.onDown(...cellAt(0, 0)));
    act(() => pencil.onMove(...cellAt(2, 1)));
    act(() => pencil.onCancel!());
    expect(rows()).toEqual(['000', '000']);
    expect(editor.current).toMatchObject({ canUndo: false, unsaved: false });
  });

  it('leaves earlier steps alone when the stroke it cancels changed nothing', () => {
    const { editor, tool, rows } = toolsOn(['000', '000', '000']);
    act(() => void editor.current.apply((chart: EditableChart) => fill(chart, 0, 0, 1)));
    const pencil = tool('pencil');
    // The pencil's thread over stitches already of that thread: no change.
    act(() => pencil.onDown(...cellAt(0, 0)));
    act(() => pencil.onCancel!());
    expect(rows()).toEqual(['111', '111', '111']);
    expect(editor.current.undoLabel).toBe('Fill');
  });
});

describe('a fill or a knot whose press becomes a pinch', () => {
  it('takes back the fill, mirror images too, and leaves earlier steps alone', () => {
    const { editor, tool, rows } = toolsOn(['0.0', '...', '0.0'], 2, { mirror: { vertical: 3, horizontal: 3 } });
    act(() => void editor.current.apply((chart: EditableChart) => fill(chart, 0, 0, 1)));
    const filler = tool('fill');
    act(() => filler.onDown(...cellAt(1, 1)));
    expect(rows()[1]).toBe('222');
    act(() => filler.onCancel!());
    expect(rows()).toEqual(['1.0', '...', '0.0']);
    expect(editor.current.undoLabel).toBe('Fill');
    // A tap is one step, as before.
    clickAt(filler, 1.5, 1.5);
    expect(rows()[1]).toBe('222');
    expect(editor.current.undoLabel).toBe('Fill');
    act(() => editor.current.undo());
    expect(rows()).toEqual(['1.0', '...', '0.0']);
  });

  it('puts no knot', () => {
    const { editor, tool, marks } = toolsOn(['...', '...'], 1, { mirror: { vertical: 3 } });
    const knot = tool('knot');
    act(() => knot.onDown(...pointerAt(0.1, 0.1)));
    act(() => knot.onCancel!());
    expect(marks().knots).toEqual([]);
    expect(editor.current.canUndo).toBe(false);
    clickAt(knot, 0.1, 0.1);
    expect(marks().knots).toHaveLength(2);
    expect(editor.current.undoLabel).toBe('French knot');
  });
});

describe('fill', () => {
  it('fills the 4-connected region of one thread, not what touches it only at a corner', () => {
    const { editor, tool, rows } = toolsOn(['001', '010', '100'], 2);
    clickAt(tool('fill'), 0.5, 0.5);
    expect(rows()).toEqual(['221', '210', '100']);
    expect(editor.current.undoLabel).toBe('Fill');
  });

  it('fills a region of empty fabric, and does nothing outside the chart', () => {
    const { editor, tool, rows } = toolsOn(['..0', '.00', '0..'], 1);
    const fillTool = tool('fill');
    act(() => fillTool.onDown(...cellAt(7, 1)));
    expect(editor.current.canUndo).toBe(false);
    act(() => fillTool.onDown(...cellAt(0, 0)));
    expect(rows()).toEqual(['110', '100', '0..']);
  });

  it('asks for a thread when none is chosen', () => {
    const { tool, rows, refusals } = toolsOn(['..', '..'], null);
    act(() => tool('fill').onDown(...cellAt(0, 0)));
    expect(refusals).toEqual(['Choose a thread in the palette first.']);
    expect(rows()).toEqual(['..', '..']);
  });
});

describe('eyedropper', () => {
  it('picks the thread of the stitch under the pointer and changes nothing', () => {
    const { editor, tool, picked, rows } = toolsOn(['012', '.21']);
    const dropper = tool('eyedropper');
    act(() => dropper.onDown(...cellAt(1, 1)));
    act(() => dropper.onDown(...cellAt(2, 0)));
    // No stitch, and outside the chart: nothing to pick.
    act(() => dropper.onDown(...cellAt(0, 1)));
    act(() => dropper.onDown(...cellAt(3, 0)));
    expect(picked).toEqual([2, 2]);
    act(() => dropper.onDown(...cellAt(0, 0)));
    expect(picked).toEqual([2, 2, 0]);
    expect(rows()).toEqual(['012', '.21']);
    expect(editor.current.canUndo).toBe(false);
  });
});

describe('select', () => {
  it('selects the rectangle between where the drag started and the pointer, both included', () => {
    const { tool, selections } = toolsOn(BLANK);
    drag(tool('select'), [
      [1, 1],
      [2, 1],
      [4, 3],
    ]);
    expect(selections[0]).toEqual({ x: 1, y: 1, width: 1, height: 1 });
    expect(selections.at(-1)).toEqual({ x: 1, y: 1, width: 4, height: 3 });
  });

  it('selects the same rectangle when dragged backwards, and cuts it to the chart', () => {
    const { tool, selections } = toolsOn(BLANK);
    const select = tool('select');
    drag(select, [
      [4, 3],
      [1, 1],
    ]);
    expect(selections.at(-1)).toEqual({ x: 1, y: 1, width: 4, height: 3 });
    drag(select, [
      [6, 2],
      [11, -4],
    ]);
    expect(selections.at(-1)).toEqual({ x: 6, y: 0, width: 2, height: 3 });
    // After the pointer is up, moving selects nothing more.
    const count = selections.length;
    act(() => select.onMove(...cellAt(0, 0)));
    expect(selections).toHaveLength(count);
  });

  it('fills, erases, flips, copies and pastes a selection, each one undo step', () => {
    const { editor, rows } = toolsOn(['012.', '....', '....']);
    const top = { x: 0, y: 0, width: 3, height: 1 };
    act(() => void editor.current.apply(selectionEdits.flip(top, 'horizontal')));
    expect(rows()).toEqual(['210.', '....', '....']);
    const clipboard = selectionEdits.copy(editor.current.chart, top);
    act(() => void editor.current.apply(selectionEdits.paste(clipboard, { x: 1, y: 2 })));
    expect(rows()).toEqual(['210.', '....', '.210']);
    act(() => void editor.current.apply(selectionEdits.fill({ x: 0, y: 1, width: 2, height: 1 }, 1)));
    act(() => void editor.current.apply(selectionEdits.erase(top)));
    expect(rows()).toEqual(['....', '11..', '.210']);
    for (const label of ['Erase selection', 'Fill selection', 'Paste', 'Flip horizontally']) {
      expect(editor.current.undoLabel).toBe(label);
      act(() => editor.current.undo());
    }
    expect(rows()).toEqual(['012.', '....', '....']);
  });
});

describe('text', () => {
  it('reports how far a drag has gone from where it began, once per stitch, and edits nothing', () => {
    const { tool, textMoves, rows } = toolsOn(BLANK);
    const before = rows();
    dragAt(tool('text'), [
      [2.5, 2.5],
      [2.7, 2.6],
      [3.5, 2.5],
      [5.5, 3.5],
      [4.5, 1.5],
    ]);
    expect(textMoves).toEqual([
      [0, 0],
      [1, 0],
      [3, 1],
      [2, -1],
    ]);
    expect(rows()).toEqual(before);
  });
});

describe('move', () => {
  it('has no pointer tool, so the viewer pans', () => {
    const editor = renderHook(() => useChartEditor(chartOf(BLANK, CODES))).result;
    const context = {
      editor: editor.current,
      thread: 0,
      mirror: undefined,
      onThread: () => undefined,
      selection: () => undefined,
      onSelection: () => undefined,
      selectionMode: 'replace' as const,
      wandTouching: true,
      onPath: () => undefined,
      onRefused: () => undefined,
      onGuide: () => undefined,
      onMoveText: () => undefined,
    };
    expect(chartTool('pan', context)).toBeUndefined();
  });
});
