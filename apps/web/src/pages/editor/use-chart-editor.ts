import { applyEdit, ChartEditError, composeUndo, EditHistory, type Edit, type EditableChart, type EditResult } from '@stitchwise/core';
import { useCallback, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

/** Undo keeps this many steps at least (the issue asks for 200), within this much memory of changes. */
export const UNDO_STEPS = 500;
const UNDO_BYTES = 64 * 1024 * 1024;

export interface ChartEditor {
  chart: EditableChart;
  /** The chart as of now, for event handlers that outlive a render (the same function throughout). */
  read: () => EditableChart;
  /** Runs an edit operation; a refusal comes back as its sentence (and nothing changes). */
  apply: (operation: (chart: EditableChart) => EditResult) => string | undefined;
  /** A drag made of many operations (pencil, eraser): each part shows at once, and the whole drag is one undo step. */
  applyPart: (operation: (chart: EditableChart) => EditResult) => string | undefined;
  endDrag: () => void;
  /** Takes back a drag in progress without a step to undo or redo (a stroke that became a pinch). */
  cancelDrag: () => void;
  undo: () => void;
  redo: () => void;
  canUndo: boolean;
  canRedo: boolean;
  undoLabel: string | undefined;
  redoLabel: string | undefined;
  /** Steps since the chart was loaded or last marked saved. */
  unsaved: boolean;
  markSaved: () => void;
}

/**
 * The editor's state: the chart (immutable; every operation returns a new one) and its undo history,
 * which keeps the operations' inverses, never copies of the chart. The core's operations do the work;
 * this only records them.
 */
export function useChartEditor(initial: EditableChart): ChartEditor {
  const [chart, setChart] = useState(initial);
  const current = useRef(chart);
  const history = useRef(new EditHistory(UNDO_STEPS, UNDO_BYTES)).current;
  const dragUndo = useRef<Edit | undefined>(undefined);
  // Saved state: the number of steps on the undo stack when last saved; −1 once that state cannot be reached by undo.
  const [savedAt, setSavedAt] = useState(0);
  // Bumped whenever the history changes, which a drag's end does without changing the chart.
  const [historyVersion, setHistoryVersion] = useState(0);

  // Rendered at once, inside the input event (pointer, key), so the viewer draws the change in this frame
  // rather than the next: React would otherwise schedule updates from native listeners for later.
  const show = useCallback((next: EditableChart) => {
    current.current = next;
    flushSync(() => setChart(next));
  }, []);

  const run = useCallback((operation: (chart: EditableChart) => EditResult): EditResult | string => {
    try {
      return operation(current.current);
    } catch (error) {
      if (error instanceof ChartEditError) return error.message;
      throw error;
    }
  }, []);

  const record = useCallback(
    (inverse: Edit) => {
      const stepsBefore = history.undoSteps;
      history.record(inverse);
      // A new step after undoing past the saved state, or dropping the oldest steps, loses the way back to it.
      const oldestDropped = history.undoSteps <= stepsBefore;
      setSavedAt((saved) => (saved > stepsBefore || oldestDropped ? -1 : saved));
      setHistoryVersion((version) => version + 1);
    },
    [history],
  );

  const endDrag = useCallback(() => {
    const inverse = dragUndo.current;
    dragUndo.current = undefined;
    if (inverse) record(inverse);
  }, [record]);

  const cancelDrag = useCallback(() => {
    const inverse = dragUndo.current;
    dragUndo.current = undefined;
    if (inverse) show(applyEdit(current.current, inverse).chart);
  }, [show]);

  const apply = useCallback(
    (operation: (chart: EditableChart) => EditResult) => {
      endDrag();
      const result = run(operation);
      if (typeof result === 'string') return result;
      if (!result.changed) return undefined;
      record(result.inverse);
      show(result.chart);
      return undefined;
    },
    [endDrag, record, run, show],
  );

  const applyPart = useCallback(
    (operation: (chart: EditableChart) => EditResult) => {
      const result = run(operation);
      if (typeof result === 'string') return result;
      if (!result.changed) return undefined;
      dragUndo.current = dragUndo.current ? composeUndo(result.inverse.label, dragUndo.current, result.inverse) : result.inverse;
      show(result.chart);
      return undefined;
    },
    [run, show],
  );

  // The history's version is set before the chart is shown, so that both are one render, inside the event.
  const undo = useCallback(() => {
    endDrag();
    const next = history.undo(current.current);
    setHistoryVersion((version) => version + 1);
    if (next) show(next);
  }, [endDrag, history, show]);
  const redo = useCallback(() => {
    endDrag();
    const next = history.redo(current.current);
    setHistoryVersion((version) => version + 1);
    if (next) show(next);
  }, [endDrag, history, show]);
  const read = useCallback(() => current.current, []);

  return useMemo(
    () => ({
      chart,
      read,
      apply,
      applyPart,
      endDrag,
      cancelDrag,
      undo,
      redo,
      canUndo: history.canUndo,
      canRedo: history.canRedo,
      undoLabel: history.undoLabel,
      redoLabel: history.redoLabel,
      unsaved: savedAt !== history.undoSteps,
      markSaved: () => setSavedAt(history.undoSteps),
    }),
    // history's getters change with `historyVersion`.
    [chart, historyVersion, savedAt, read, apply, applyPart, endDrag, cancelDrag, undo, redo],
  );
}
