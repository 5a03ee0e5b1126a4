import {
  clipRect,
  copyRect,
  fill,
  fillRect,
  flipRect,
  paste,
  stroke,
  type ChartClipboard,
  type ChartPoint,
  type ChartRect,
  type EditableChart,
} from '@stitchwise/core';
import type { ChartGuide, ChartTool } from '../../components/chart/types';
import { backstitchTool, knotTool, markEraseAt, partTool } from './mark-tools';
import type { ChartEditor } from './use-chart-editor';

export type ToolName = 'pencil' | 'half' | 'quarter' | 'three-quarter' | 'backstitch' | 'knot' | 'eraser' | 'fill' | 'eyedropper' | 'select' | 'text' | 'pan';

/** The editor's tools in toolbar order, with their keyboard shortcut and how to use them (the tooltip's line under the name). */
export const TOOLS: readonly { name: ToolName; label: string; key: string; hint: string }[] = [
  { name: 'pencil', label: 'Pencil', key: 'p', hint: 'Draw stitches with the current thread' },
  { name: 'half', label: 'Half stitch', key: 'l', hint: '/ or \\, the diagonal through the quarter of the cell you point at' },
  { name: 'quarter', label: 'Quarter stitch', key: 'q', hint: 'In the corner of the cell you point at' },
  { name: 'three-quarter', label: 'Three-quarter stitch', key: 't', hint: 'With the short leg in the corner you point at' },
  {
    name: 'backstitch',
    label: 'Backstitch',
    key: 'b',
    hint: 'Click point after point (corners, edge middles, centres); double-click or Escape ends the line; click a line to erase it',
  },
  { name: 'knot', label: 'French knot', key: 'k', hint: 'Click a corner, edge middle or centre; click a knot again to take it away' },
  { name: 'eraser', label: 'Eraser', key: 'e', hint: 'Remove stitches, part stitches, and the backstitch or knot clicked' },
  { name: 'fill', label: 'Fill', key: 'f', hint: 'Fill a region of one thread (or of empty fabric) with the current thread' },
  { name: 'eyedropper', label: 'Eyedropper', key: 'i', hint: 'Take the thread of a stitch as the current thread' },
  { name: 'select', label: 'Select', key: 's', hint: 'Select a rectangle to fill, erase, copy, paste or flip' },
  { name: 'text', label: 'Text', key: 'x', hint: 'Type names and dates in a stitch alphabet; drag on the chart to move the text, then place it' },
  { name: 'pan', label: 'Move', key: 'h', hint: 'Drag to move around the chart (space+drag works with any tool)' },
];

export interface ToolContext {
  /** Only its functions, which stay the same while the chart changes: a tool lives through a whole drag. */
  editor: Pick<ChartEditor, 'read' | 'apply' | 'applyPart' | 'endDrag' | 'cancelDrag'>;
  /** The thread the pencil and fill use. */
  thread: number | undefined;
  onThread: (thread: number) => void;
  onSelection: (selection: ChartRect | undefined) => void;
  /** A refused edit, to tell the user. */
  onRefused: (message: string) => void;
  /** The backstitch being drawn: its next segment, to show; undefined once the line ends. */
  onGuide: (guide: ChartGuide | undefined) => void;
  /**
   * The text tool's drag: the floating text moved (dx, dy) stitches from where it was when the drag began; (0, 0) as
   * the drag begins. Totals, not steps, so pointer moves that come faster than the page renders lose nothing.
   */
  onMoveText: (dx: number, dy: number) => void;
}

/** A viewer tool, and what ends its work in progress (a backstitch line): called on Escape and when another tool is chosen. */
export type EditorTool = ChartTool & { end?: () => void };

const inside = (chart: EditableChart, { x, y }: ChartPoint): boolean => x >= 0 && y >= 0 && x < chart.width && y < chart.height;

/** The rectangle between two cells, both included, cut to the chart. */
export function rectBetween(chart: EditableChart, a: ChartPoint, b: ChartPoint): ChartRect {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return clipRect(chart, { x, y, width: Math.abs(a.x - b.x) + 1, height: Math.abs(a.y - b.y) + 1 });
}

/** What the viewer's pointer does for a tool; `pan` has none, so the viewer pans. */
export function chartTool(name: ToolName, context: ToolContext): EditorTool | undefined {
  const { editor, thread, onRefused } = context;
  const report = (refusal: string | undefined): void => {
    if (refusal) onRefused(refusal);
  };
  switch (name) {
    case 'pencil':
    case 'eraser': {
      const paint = name === 'eraser' ? -1 : thread;
      let last: ChartPoint | undefined;
      return {
        onDown(cell, _event, at) {
          if (paint === undefined) {
            onRefused('Choose a thread in the palette first.');
            return;
          }
          // A click on a backstitch line or a knot erases that, and the drag nothing more.
          const mark = paint === -1 ? markEraseAt(editor.read(), at) : undefined;
          if (mark) {
            report(editor.apply(mark));
            return;
          }
          last = cell;
          report(editor.applyPart((chart) => stroke(chart, [cell], paint)));
        },
        onMove(cell) {
          // Moves come per quarter stitch; a full stitch changes only with the cell.
          if (!last || paint === undefined || (cell.x === last.x && cell.y === last.y)) return;
          const from = last;
          last = cell;
          report(editor.applyPart((chart) => stroke(chart, [from, cell], paint)));
        },
        onUp() {
          last = undefined;
          editor.endDrag();
        },
        onCancel() {
          // The stroke became a pinch: take back what it drew.
          last = undefined;
          editor.cancelDrag();
        },
      };
    }
    case 'fill':
      return {
        onDown(cell) {
          if (thread === undefined) {
            onRefused('Choose a thread in the palette first.');
            return;
          }
          if (inside(editor.read(), cell)) report(editor.apply((chart) => fill(chart, cell.x, cell.y, thread)));
        },
        onMove() {},
        onUp() {},
        cursor: 'cell',
      };
    case 'eyedropper':
      return {
        onDown(cell) {
          const chart = editor.read();
          if (!inside(chart, cell)) return;
          const picked = chart.cells[cell.y * chart.width + cell.x]!;
          if (picked >= 0) context.onThread(picked);
        },
        onMove() {},
        onUp() {},
        cursor: 'copy',
      };
    case 'select': {
      let anchor: ChartPoint | undefined;
      const select = (from: ChartPoint, to: ChartPoint): void => {
        const rect = rectBetween(editor.read(), from, to);
        context.onSelection(rect.width > 0 && rect.height > 0 ? rect : undefined); // nothing of the chart: no selection
      };
      return {
        onDown(cell) {
          anchor = cell;
          select(cell, cell);
        },
        onMove(cell) {
          if (anchor) select(anchor, cell);
        },
        onUp() {
          anchor = undefined;
        },
      };
    }
    case 'text': {
      let from: ChartPoint | undefined;
      let last: ChartPoint | undefined;
      return {
        onDown(cell) {
          from = last = cell;
          context.onMoveText(0, 0);
        },
        onMove(cell) {
          if (!from || (cell.x === last?.x && cell.y === last.y)) return;
          last = cell;
          context.onMoveText(cell.x - from.x, cell.y - from.y);
        },
        onUp() {
          from = last = undefined;
        },
        onCancel() {
          from = last = undefined;
        },
        cursor: 'move',
      };
    }
    case 'half':
    case 'quarter':
    case 'three-quarter':
      return partTool(name, context);
    case 'backstitch':
      return backstitchTool(context);
    case 'knot':
      return knotTool(context);
    case 'pan':
      return undefined;
  }
}

/** Edits of a selected rectangle, each one undo step. */
export const selectionEdits = {
  fill: (rect: ChartRect, thread: number) => (chart: EditableChart) => fillRect(chart, rect, thread),
  erase: (rect: ChartRect) => (chart: EditableChart) => fillRect(chart, rect, -1),
  flip: (rect: ChartRect, direction: 'horizontal' | 'vertical') => (chart: EditableChart) => flipRect(chart, rect, direction),
  paste: (clipboard: ChartClipboard, at: ChartPoint) => (chart: EditableChart) => paste(chart, clipboard, at.x, at.y),
  copy: (chart: EditableChart, rect: ChartRect): ChartClipboard => copyRect(chart, rect),
};
