/**
 * Test support for the tools' tests (not used by the app): a real editor on a chart written as text, the
 * tools as the editor screen makes them, what they report, and pointer positions as the viewer gives them.
 */
import type { ChartSelection, MirrorAxes } from '@stitchwise/core';
import { act, renderHook } from '@testing-library/react';
import type { CellPoint, ChartGuide } from '../../components/chart/types';
import { chartOf, rowsOf } from './editor-test-charts';
import { chartTool, type EditorTool, type SelectionMode, type ToolName } from './tools';
import { useChartEditor } from './use-chart-editor';

export const CODES = ['310', '321', '798'];
// The tools read only the pointer event's Shift and Alt keys.
const EVENT = new Event('pointermove') as PointerEvent;

/** The viewer's arguments for a pointer at chart position (x, y), in stitches: the stitch it is in, the event, the position. */
export const pointerAt = (x: number, y: number, keys: { shiftKey?: boolean; altKey?: boolean } = {}): [CellPoint, PointerEvent, CellPoint] => [
  { x: Math.floor(x), y: Math.floor(y) },
  keys.shiftKey || keys.altKey ? (Object.assign(new Event('pointerdown'), keys) as PointerEvent) : EVENT,
  { x, y },
];
/** The same for the middle of stitch (x, y). */
export const cellAt = (x: number, y: number) => pointerAt(x + 0.5, y + 0.5);

/**
 * A real editor on a chart, and the tools as the editor screen makes them (drawing with `thread`; null: none chosen;
 * selecting as `options` say), with what they report. The selection is kept as the screen keeps it.
 */
export function toolsOn(
  rows: readonly string[],
  thread: number | null = 1,
  options: { selectionMode?: SelectionMode; wandTouching?: boolean; mirror?: MirrorAxes } = {},
) {
  const editor = renderHook(() => useChartEditor(chartOf(rows, CODES))).result;
  const picked: number[] = [];
  let selection: ChartSelection | undefined;
  const selections: (ChartSelection | undefined)[] = [];
  const paths: (readonly CellPoint[] | undefined)[] = [];
  const refusals: string[] = [];
  const guides: (ChartGuide | undefined)[] = [];
  const textMoves: [number, number][] = [];
  const tool = (name: ToolName): EditorTool => {
    const made = chartTool(name, {
      editor: editor.current,
      thread: thread ?? undefined,
      mirror: options.mirror,
      onThread: (index) => picked.push(index),
      selection: () => selection,
      onSelection: (next) => {
        selection = typeof next === 'function' ? next(selection) : next;
        selections.push(selection);
      },
      selectionMode: options.selectionMode ?? 'replace',
      wandTouching: options.wandTouching ?? true,
      onPath: (path) => paths.push(path),
      onRefused: (message) => refusals.push(message),
      onGuide: (guide) => guides.push(guide),
      onMoveText: (dx, dy) => textMoves.push([dx, dy]),
    });
    if (!made) throw new Error(`${name} has no pointer tool`);
    return made;
  };
  return {
    editor,
    tool,
    picked,
    selections,
    paths,
    refusals,
    guides,
    textMoves,
    rows: () => rowsOf(editor.current.chart),
    marks: () => editor.current.chart.marks,
  };
}

/** Pointer down at the first chart position, moves through the rest, up at the last, each in its own event. */
export function dragAt(tool: EditorTool, positions: readonly [number, number][]) {
  const points = positions.map(([x, y]) => pointerAt(x, y));
  act(() => tool.onDown(...points[0]!));
  for (const point of points.slice(1)) act(() => tool.onMove(...point));
  act(() => tool.onUp(...points.at(-1)!));
}

/** A click (down and up) at a chart position. */
export const clickAt = (tool: EditorTool, x: number, y: number) => dragAt(tool, [[x, y]]);

/** A drag through the middles of stitches. */
export const drag = (tool: EditorTool, cells: readonly [number, number][]) =>
  dragAt(
    tool,
    cells.map(([x, y]) => [x + 0.5, y + 0.5]),
  );
