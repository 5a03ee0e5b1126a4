import {
  clipRect,
  combineSelections,
  drawMirrored,
  fill,
  lassoSelection,
  nearestLatticePoint,
  stroke,
  wandSelection,
  type ChartPoint,
  type ChartRect,
  type ChartSelection,
  type EditableChart,
  type EditResult,
  type LatticePoint,
  type MirrorAxes,
  type MirrorImage,
} from '@stitchwise/core';
import type { Dispatch, SetStateAction } from 'react';
import type { CellPoint, ChartGuide, ChartTool } from '../../components/chart/types';
import { backstitchTool, knotTool, markEraseAt, partTool } from './mark-tools';
import type { ChartEditor } from './use-chart-editor';

export type ToolName =
  'pencil' | 'half' | 'quarter' | 'three-quarter' | 'backstitch' | 'knot' | 'eraser' | 'fill' | 'eyedropper' | 'select' | 'wand' | 'lasso' | 'text' | 'pan';

/** The tools that select stitches. */
export const SELECTING_TOOLS: readonly ToolName[] = ['select', 'wand', 'lasso'];

/** What a new selection does to the one there is: Shift adds, Alt subtracts, whatever the bar says. */
export type SelectionMode = 'replace' | 'add' | 'subtract';

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
  { name: 'select', label: 'Select', key: 's', hint: 'Select a rectangle to fill, erase, copy, paste, flip or turn (Shift adds, Alt subtracts)' },
  { name: 'wand', label: 'Magic wand', key: 'w', hint: 'Select the stitches of the thread you tap that touch it, or all of them (Shift adds, Alt subtracts)' },
  { name: 'lasso', label: 'Lasso', key: 'o', hint: 'Draw round the stitches to select (Shift adds, Alt subtracts)' },
  { name: 'text', label: 'Text', key: 'x', hint: 'Type names and dates in a stitch alphabet; drag on the chart to move the text, then place it' },
  { name: 'pan', label: 'Move', key: 'h', hint: 'Drag to move around the chart (space+drag works with any tool)' },
];

export interface ToolContext {
  /** Only its functions, which stay the same while the chart changes: a tool lives through a whole drag. */
  editor: Pick<ChartEditor, 'read' | 'apply' | 'applyPart' | 'endDrag' | 'cancelDrag'>;
  /** The thread the pencil and fill use. */
  thread: number | undefined;
  /** Mirror drawing's axes: the drawing tools draw in their mirror images too, in the same step. */
  mirror: MirrorAxes | undefined;
  onThread: (thread: number) => void;
  /** The selection there is, and what changes it (a value or an update of the one there is). */
  selection: () => ChartSelection | undefined;
  onSelection: Dispatch<SetStateAction<ChartSelection | undefined>>;
  /** How the selecting tools combine a new selection with the one there is, when no key says otherwise. */
  selectionMode: SelectionMode;
  /** The magic wand takes only the stitches touching the one tapped (else every stitch of its thread). */
  wandTouching: boolean;
  /** The lasso's path being drawn, in stitches; undefined once it ends. */
  onPath: (path: readonly ChartPoint[] | undefined) => void;
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

/** What a drawing tool draws, as a function of where: as drawn, or in a mirror image (core `drawMirrored`). */
export type Drawing = (chart: EditableChart, image: MirrorImage) => EditResult;

/** A drawing tool's step: the drawing, and its mirror images when mirror drawing is on. */
export const drawing =
  (context: Pick<ToolContext, 'mirror'>, draw: Drawing) =>
  (chart: EditableChart): EditResult =>
    drawMirrored(chart, draw, context.mirror);

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
            report(editor.apply(drawing(context, mark)));
            return;
          }
          last = cell;
          report(editor.applyPart(drawing(context, (chart, image) => stroke(chart, [image.cell(cell)], paint))));
        },
        onMove(cell) {
          // Moves come per quarter stitch; a full stitch changes only with the cell.
          if (!last || paint === undefined || (cell.x === last.x && cell.y === last.y)) return;
          const from = last;
          last = cell;
          report(editor.applyPart(drawing(context, (chart, image) => stroke(chart, [image.cell(from), image.cell(cell)], paint))));
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
          if (!inside(editor.read(), cell)) return;
          const filled: Drawing = (chart, image) => {
            const seed = image.cell(cell);
            return fill(chart, seed.x, seed.y, thread);
          };
          // Part of a drag until the press lifts: the first finger of a pinch (cancelled) is taken back.
          report(editor.applyPart(drawing(context, filled)));
        },
        onMove() {},
        onUp() {
          editor.endDrag();
        },
        onCancel() {
          editor.cancelDrag();
        },
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
      let before: ChartSelection | undefined;
      let combine: (picked: ChartSelection | undefined) => ChartSelection | undefined = (picked) => picked;
      const select = (from: ChartPoint, to: ChartPoint): void => {
        const rect = rectBetween(editor.read(), from, to);
        context.onSelection(combine(rect.width > 0 && rect.height > 0 ? rect : undefined)); // nothing of the chart: no selection
      };
      return {
        onDown(cell, event) {
          anchor = cell;
          before = context.selection();
          combine = combining(context, event);
          select(cell, cell);
        },
        onMove(cell) {
          if (anchor) select(anchor, cell);
        },
        onUp() {
          anchor = undefined;
        },
        onCancel() {
          // The drag became a pinch: the selection goes back to what it was before it.
          if (anchor) context.onSelection(before);
          anchor = undefined;
        },
      };
    }
    case 'wand': {
      // The tap's place and how it combines, from its press: the wand selects as the finger or button lifts, so
      // the first finger of a pinch (cancelled) selects nothing. The place within the stitch picks between two
      // threads' part stitches there.
      let tapped: { at: ChartPoint; combine: (picked: ChartSelection | undefined) => ChartSelection | undefined } | undefined;
      return {
        onDown(_cell, event, at) {
          tapped = { at, combine: combining(context, event) };
        },
        onMove() {},
        onUp() {
          if (!tapped) return;
          const { at, combine } = tapped;
          tapped = undefined;
          const picked = wandSelection(editor.read(), at.x, at.y, { contiguous: context.wandTouching });
          if (!picked) onRefused('Tap a stitch to select its thread.');
          else context.onSelection(combine(picked));
        },
        onCancel() {
          tapped = undefined;
        },
        cursor: 'cell',
      };
    }
    case 'lasso': {
      let path: ChartPoint[] | undefined;
      let combine: (picked: ChartSelection | undefined) => ChartSelection | undefined = (picked) => picked;
      return {
        onDown(_cell, event, at) {
          path = [at];
          combine = combining(context, event);
          context.onPath(path);
        },
        onMove(_cell, _event, at) {
          const last = path?.[path.length - 1];
          // A point every quarter stitch is smooth enough, and keeps a long loop short.
          if (!path || !last || Math.hypot(at.x - last.x, at.y - last.y) < 0.25) return;
          path = [...path, at];
          context.onPath(path);
        },
        onUp() {
          if (!path) return;
          const drawn = path;
          path = undefined;
          context.onPath(undefined);
          const picked = lassoSelection(editor.read(), drawn);
          if (picked || drawn.length > 2) context.onSelection(combine(picked));
        },
        onCancel() {
          path = undefined;
          context.onPath(undefined);
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

/** How a selection made now combines with the one there is: Shift adds, Alt subtracts, otherwise as the bar says. */
function combining(context: ToolContext, event: PointerEvent): (picked: ChartSelection | undefined) => ChartSelection | undefined {
  const mode: SelectionMode = event.shiftKey ? 'add' : event.altKey ? 'subtract' : context.selectionMode;
  // The selection as the gesture began: a drag's rectangle is combined with that, not with its own last frame.
  const base = mode === 'replace' ? undefined : context.selection();
  return (picked) => combineSelections(base, picked, mode);
}

/** Placing the mirror axes: a tap puts them through the nearest corner, edge middle or centre of a stitch. */
export function axesTool(chart: () => EditableChart, onPlace: (point: LatticePoint) => void): EditorTool {
  // Placed as the finger or button lifts, where it was pressed: the first finger of a pinch (cancelled) places nothing.
  let pressed: CellPoint | undefined;
  return {
    onDown(_cell, _event, at) {
      pressed = at;
    },
    onMove() {},
    onUp() {
      if (!pressed) return;
      const at = pressed;
      pressed = undefined;
      onPlace(nearestLatticePoint(chart(), at.x, at.y));
    },
    onCancel() {
      pressed = undefined;
    },
  };
}
