// @vitest-environment jsdom
import { fill, removeThread, replaceThread, stroke, type EditableChart } from '@stitchwise/core';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../test/harness';
import { chartOf, rowsOf } from './editor-test-charts';
import { useChartEditor } from './use-chart-editor';

const ROWS = ['000', '011', '...'];
const CODES = ['310', '321'];

function editorOn(chart: EditableChart = chartOf(ROWS, CODES)) {
  return renderHook(() => useChartEditor(chart)).result;
}

/** Paints one cell with a thread: a small edit that is always a change on a chart of other threads. */
const paint = (x: number, y: number, thread: number) => (chart: EditableChart) => stroke(chart, [{ x, y }], thread);

describe('useChartEditor', () => {
  it('applies an edit, undoes and redoes it, with labels for the buttons', () => {
    const editor = editorOn();
    expect(editor.current).toMatchObject({ canUndo: false, canRedo: false, undoLabel: undefined, redoLabel: undefined });

    act(() => void editor.current.apply((chart) => replaceThread(chart, 1, 0)));
    expect(rowsOf(editor.current.chart)).toEqual(['000', '000', '...']);
    expect(editor.current).toMatchObject({ canUndo: true, canRedo: false, undoLabel: 'Replace DMC 321 with DMC 310' });

    act(() => editor.current.undo());
    expect(rowsOf(editor.current.chart)).toEqual(ROWS);
    expect(editor.current).toMatchObject({ canUndo: false, canRedo: true, redoLabel: 'Replace DMC 321 with DMC 310' });

    act(() => editor.current.redo());
    expect(rowsOf(editor.current.chart)).toEqual(['000', '000', '...']);
    expect(editor.current).toMatchObject({ canUndo: true, canRedo: false });
  });

  it('forgets what could be redone once a new edit is made', () => {
    const editor = editorOn();
    act(() => void editor.current.apply(paint(0, 2, 1)));
    act(() => editor.current.undo());
    act(() => void editor.current.apply(paint(1, 2, 0)));
    expect(editor.current.canRedo).toBe(false);
    expect(rowsOf(editor.current.chart)).toEqual(['000', '011', '.0.']);
  });

  it('reads the newest chart at once, through a function that stays the same', () => {
    const editor = editorOn();
    const read = editor.current.read;
    act(() => {
      editor.current.apply(paint(0, 2, 1));
      // Still inside the event: React has not rendered, but a handler must see the edit already.
      expect(read().cells[6]).toBe(1);
    });
    expect(editor.current.read).toBe(read);
  });

  it('is unsaved after an edit, saved again after undoing back to where it was loaded', () => {
    const editor = editorOn();
    expect(editor.current.unsaved).toBe(false);
    act(() => void editor.current.apply(paint(0, 2, 1)));
    expect(editor.current.unsaved).toBe(true);
    act(() => editor.current.undo());
    expect(editor.current.unsaved).toBe(false);
    act(() => editor.current.redo());
    expect(editor.current.unsaved).toBe(true);
  });

  it('is saved after markSaved, until an undo or an edit moves away from that state', () => {
    const editor = editorOn();
    act(() => void editor.current.apply(paint(0, 2, 1)));
    act(() => editor.current.markSaved());
    expect(editor.current.unsaved).toBe(false);
    act(() => editor.current.undo());
    expect(editor.current.unsaved).toBe(true);
    act(() => editor.current.redo());
    expect(editor.current.unsaved).toBe(false);
  });

  it('stays unsaved when a new edit replaces the saved state at the same depth of history', () => {
    const editor = editorOn();
    act(() => void editor.current.apply(paint(0, 2, 1)));
    act(() => editor.current.markSaved());
    act(() => editor.current.undo());
    // One step again, as when saved, but a different chart.
    act(() => void editor.current.apply(paint(2, 2, 0)));
    expect(rowsOf(editor.current.chart)).toEqual(['000', '011', '..0']);
    expect(editor.current.unsaved).toBe(true);
  });

  it('gives back the sentence of a refused edit and changes nothing', () => {
    const editor = editorOn(chartOf(['00', '0.'], ['310']));
    const before = editor.current.chart;
    let refusal: string | undefined;
    act(() => void (refusal = editor.current.apply((chart) => removeThread(chart, 0))));
    expect(refusal).toBe('DMC 310 is the only thread of the chart, so it cannot be removed.');
    expect(editor.current.chart).toBe(before);
    expect(editor.current).toMatchObject({ canUndo: false, unsaved: false });
  });

  it('records no undo step for an edit that changes nothing', () => {
    const editor = editorOn();
    let refusal: string | undefined = 'not called';
    // Filling thread 0 with thread 0.
    act(() => void (refusal = editor.current.apply((chart) => fill(chart, 0, 0, 0))));
    expect(refusal).toBeUndefined();
    expect(editor.current).toMatchObject({ canUndo: false, unsaved: false });
  });

  it('makes a drag of many parts one undo step; undo during a drag takes the whole drag back', () => {
    const editor = editorOn();
    act(() => void editor.current.applyPart(paint(0, 2, 1)));
    act(() => void editor.current.applyPart(paint(1, 2, 1)));
    expect(rowsOf(editor.current.chart)).toEqual(['000', '011', '11.']);
    act(() => editor.current.endDrag());
    expect(editor.current).toMatchObject({ canUndo: true, undoLabel: 'Pencil', unsaved: true });
    act(() => editor.current.undo());
    expect(rowsOf(editor.current.chart)).toEqual(ROWS);
    expect(editor.current.canUndo).toBe(false);

    act(() => void editor.current.applyPart(paint(2, 2, 0)));
    act(() => editor.current.undo());
    expect(rowsOf(editor.current.chart)).toEqual(ROWS);
  });

  it('is saved again when a drag is undone while it is still going on', () => {
    const editor = editorOn();
    act(() => void editor.current.applyPart(paint(0, 2, 1)));
    act(() => editor.current.undo());
    expect(rowsOf(editor.current.chart)).toEqual(ROWS);
    expect(editor.current).toMatchObject({ canUndo: false, unsaved: false });
  });

  it('undoes at least 200 steps, back to the chart as loaded', () => {
    const loaded = chartOf(
      Array.from({ length: 10 }, () => '0'.repeat(25)),
      CODES,
    );
    const editor = editorOn(loaded);
    act(() => {
      for (let step = 0; step < 250; step++) editor.current.apply(paint(step % 25, Math.floor(step / 25), 1));
    });
    expect(rowsOf(editor.current.chart).every((row) => row === '1'.repeat(25))).toBe(true);
    const painted = () => editor.current.chart.cells.filter((thread) => thread === 1).length;
    for (let step = 0; step < 200; step++) act(() => editor.current.undo());
    // One stitch back per step.
    expect(painted()).toBe(50);
    for (let step = 0; step < 50; step++) act(() => editor.current.undo());
    expect(Array.from(editor.current.chart.cells)).toEqual(Array.from(loaded.cells));
    expect(editor.current).toMatchObject({ canUndo: false, unsaved: false });
  });
});
