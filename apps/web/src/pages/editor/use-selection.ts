import {
  copyRect,
  fillRect,
  flipRect,
  paste,
  recolourSelection,
  rotateSelection,
  type ChartClipboard,
  type ChartSelection,
  type EditableChart,
  type EditResult,
} from '@stitchwise/core';
import { useCallback, useRef, useState } from 'react';

/** Edits of the selected stitches (a rectangle, or the wand's or lasso's shape), each one undo step. */
export const selectionEdits = {
  fill: (selection: ChartSelection, thread: number) => (chart: EditableChart) => fillRect(chart, selection, thread),
  erase: (selection: ChartSelection) => (chart: EditableChart) => fillRect(chart, selection, -1),
  recolour: (selection: ChartSelection, thread: number) => (chart: EditableChart) => recolourSelection(chart, selection, thread),
  flip: (selection: ChartSelection, direction: 'horizontal' | 'vertical') => (chart: EditableChart) => flipRect(chart, selection, direction),
  rotate: (selection: ChartSelection, turns: 1 | 2 | 3) => (chart: EditableChart) => rotateSelection(chart, selection, turns),
  paste: (clipboard: ChartClipboard, at: { x: number; y: number }) => (chart: EditableChart) => paste(chart, clipboard, at.x, at.y),
  copy: (chart: EditableChart, selection: ChartSelection): ChartClipboard => copyRect(chart, selection),
};

export type SelectionActions = ReturnType<typeof useSelection>['actions'];

/**
 * The editor's selection, its clipboard, and what can be done with them. `edit` makes an edit and says whether
 * the chart took it; a flip or a turn moves the selection with the stitches.
 */
export function useSelection(read: () => EditableChart, edit: (operation: (chart: EditableChart) => EditResult) => boolean, thread: number | undefined) {
  const [selection, setSelection] = useState<ChartSelection | undefined>();
  const [clipboard, setClipboard] = useState<ChartClipboard | undefined>();
  const latest = useRef(selection);
  latest.current = selection;
  // The same function throughout: the tools made with it live through a drag and a backstitch line.
  const current = useCallback(() => latest.current, []);
  const moving = (operation: (chart: EditableChart) => EditResult & { selection: ChartSelection }) => {
    let moved: ChartSelection | undefined;
    const done = edit((chart) => {
      const result = operation(chart);
      moved = result.selection;
      return result;
    });
    if (done && moved) setSelection(moved);
  };
  const actions = {
    fill: () => selection && thread !== undefined && edit(selectionEdits.fill(selection, thread)),
    recolour: () => selection && thread !== undefined && edit(selectionEdits.recolour(selection, thread)),
    erase: () => selection && edit(selectionEdits.erase(selection)),
    copy: () => selection && setClipboard(selectionEdits.copy(read(), selection)),
    paste: () => selection && clipboard && edit(selectionEdits.paste(clipboard, selection)),
    flip: (direction: 'horizontal' | 'vertical') => selection && moving(selectionEdits.flip(selection, direction)),
    rotate: (turns: 1 | 2 | 3) => selection && moving(selectionEdits.rotate(selection, turns)),
    clear: () => setSelection(undefined),
  };
  return { selection, setSelection, current, clipboard, actions };
}
