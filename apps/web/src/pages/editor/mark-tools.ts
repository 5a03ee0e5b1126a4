import {
  addBackstitch,
  backstitchNear,
  nearestLatticePoint,
  partAt,
  placeKnot,
  placePart,
  removeBackstitch,
  removeKnot,
  type Backstitch,
  type EditableChart,
  type FrenchKnot,
  type LatticePoint,
} from '@stitchwise/core';
import type { CellPoint } from '../../components/chart/types';
import { drawing, type Drawing, type EditorTool, type ToolContext } from './tools';

/** How near (in stitches) a click must be to a backstitch line or a knot to pick it. */
const MARK_REACH = 0.25;
/** A click this near (in stitches) to a line's end starts a new line there rather than erasing that one. */
const END_REACH = 0.15;

const NO_THREAD = 'Choose a thread in the palette first.';

/** Tells the user an edit the chart refused (a sentence from the core), if it was. */
const reporting =
  (onRefused: (message: string) => void) =>
  (refusal: string | undefined): void => {
    if (refusal) onRefused(refusal);
  };

const samePoint = (a: LatticePoint, b: LatticePoint): boolean => a.x === b.x && a.y === b.y;

/** Whether a position is on the chart or within snapping reach of its edge (a click in the margin around it is not). */
const nearChart = (chart: EditableChart, at: CellPoint): boolean =>
  at.x >= -MARK_REACH && at.y >= -MARK_REACH && at.x <= chart.width + MARK_REACH && at.y <= chart.height + MARK_REACH;

/** The knot within reach of a position (positions in stitches, knots on the half-stitch lattice). */
function knotNear(chart: EditableChart, at: CellPoint): FrenchKnot | undefined {
  const point = nearestLatticePoint(chart, at.x, at.y);
  const knot = chart.marks.knots.find((candidate) => samePoint(candidate, point));
  return knot && Math.hypot(knot.x / 2 - at.x, knot.y / 2 - at.y) <= MARK_REACH ? knot : undefined;
}

/** The backstitch a click at `at` is on, leaving out a click at one of its ends (where a new line may start). */
function lineUnder(chart: EditableChart, at: CellPoint): Backstitch | undefined {
  const line = backstitchNear(chart, at.x, at.y, MARK_REACH);
  if (!line) return undefined;
  const fromEnd = (x: number, y: number) => Math.hypot(x / 2 - at.x, y / 2 - at.y);
  return Math.min(fromEnd(line.x1, line.y1), fromEnd(line.x2, line.y2)) <= END_REACH ? undefined : line;
}

const eraseLine =
  (line: Backstitch): Drawing =>
  (chart, image) =>
    removeBackstitch(chart, image.point({ x: line.x1, y: line.y1 }), image.point({ x: line.x2, y: line.y2 }));

/** The drawing taking away the knot or backstitch under a click (knots first: they sit on top), if there is one. */
export function markEraseAt(chart: EditableChart, at: CellPoint): Drawing | undefined {
  const knot = knotNear(chart, at);
  if (knot) return (current, image) => removeKnot(current, image.point(knot));
  const line = backstitchNear(chart, at.x, at.y, MARK_REACH);
  return line && eraseLine(line);
}

/** The positions every quarter stitch along the way from `from` to `to` (`to` included), so a fast drag misses no part of a cell. */
function along(from: CellPoint, to: CellPoint): CellPoint[] {
  const steps = Math.max(1, Math.ceil(Math.hypot(to.x - from.x, to.y - from.y) / 0.25));
  return Array.from({ length: steps }, (_, k) => ({ x: from.x + ((to.x - from.x) * (k + 1)) / steps, y: from.y + ((to.y - from.y) * (k + 1)) / steps }));
}

/**
 * Half, quarter and three-quarter stitches: a click puts the part of the cell the pointer is in; a drag puts
 * one in each cell (quarters: each quarter of a cell) it passes, as one undo step. A drag puts one half or
 * three-quarter per cell, the first: moving on across the cell neither flips it nor adds the other half.
 */
export function partTool(kind: 'half' | 'quarter' | 'three-quarter', context: ToolContext): EditorTool {
  const { editor, thread, onRefused } = context;
  const report = reporting(onRefused);
  let last: CellPoint | undefined;
  // The cells (quarters: cells and corners) this drag has put a part in.
  let placed = new Set<string>();
  const put = (at: CellPoint, paint: number) => {
    const chart = editor.read();
    const part = partAt(at.x, at.y, kind);
    if (part.x < 0 || part.y < 0 || part.x >= chart.width || part.y >= chart.height) return;
    const place = kind === 'quarter' ? `${part.x},${part.y},${part.kind}` : `${part.x},${part.y}`;
    if (placed.has(place)) return;
    placed.add(place);
    report(
      editor.applyPart(
        drawing(context, (current, image) => {
          const cell = image.cell(part);
          return placePart(current, cell.x, cell.y, image.kind(part.kind), paint);
        }),
      ),
    );
  };
  const reset = () => {
    last = undefined;
    placed = new Set();
  };
  return {
    onDown(_cell, _event, at) {
      if (thread === undefined) {
        onRefused(NO_THREAD);
        return;
      }
      last = at;
      put(at, thread);
    },
    onMove(_cell, _event, at) {
      if (!last || thread === undefined) return;
      for (const point of along(last, at)) put(point, thread);
      last = at;
    },
    onUp() {
      reset();
      editor.endDrag();
    },
    onCancel() {
      reset();
      editor.cancelDrag();
    },
  };
}

/**
 * Backstitch, on the half-stitch lattice: the first click starts a line, each further click adds the segment
 * from the point before (one undo step each); a one-finger drag adds the segment from where it went down to
 * where it is let go. A second click on the last point (a double click), Escape (`end`) or another tool ends
 * the line. With no line going, a click on a line erases it. While a line is going, the guide shows the
 * segment the next click would add.
 */
export function backstitchTool(context: ToolContext): EditorTool {
  const { editor, thread, onRefused, onGuide } = context;
  const report = reporting(onRefused);
  // The line's last point, while one is being drawn; and whether the pointer is down.
  let last: LatticePoint | undefined;
  let pressed = false;
  let guideEnd: LatticePoint | undefined;
  const showGuide = (to: LatticePoint) => {
    if (!last || thread === undefined || (guideEnd && samePoint(guideEnd, to))) return;
    guideEnd = to;
    onGuide({ x1: last.x, y1: last.y, x2: to.x, y2: to.y, thread });
  };
  const end = () => {
    if (!last) return;
    last = undefined;
    guideEnd = undefined;
    onGuide(undefined);
  };
  const goTo = (point: LatticePoint, paint: number) => {
    if (last) {
      if (samePoint(point, last)) {
        end();
        return;
      }
      const from = last;
      report(editor.apply(drawing(context, (chart, image) => addBackstitch(chart, image.point(from), image.point(point), paint))));
    }
    last = point;
    guideEnd = undefined;
    showGuide(point);
  };
  const pointAt = (at: CellPoint) => nearestLatticePoint(editor.read(), at.x, at.y);
  return {
    onDown(_cell, _event, at) {
      const chart = editor.read();
      if (!nearChart(chart, at)) return;
      const line = last ? undefined : lineUnder(chart, at);
      if (line) {
        report(editor.apply(drawing(context, eraseLine(line))));
        return;
      }
      if (thread === undefined) {
        onRefused(NO_THREAD);
        return;
      }
      pressed = true;
      goTo(pointAt(at), thread);
    },
    onMove(_cell, _event, at) {
      if (pressed) showGuide(pointAt(at));
    },
    onUp(_cell, _event, at) {
      if (!pressed || thread === undefined) return;
      pressed = false;
      const point = pointAt(at);
      // Let go where it went down: a click, which only started or extended the line.
      if (last && !samePoint(point, last)) goTo(point, thread);
    },
    onHover(at) {
      if (last) showGuide(pointAt(at));
    },
    onCancel() {
      pressed = false;
    },
    end,
  };
}

/** French knots: a click puts one on the nearest lattice point; a click on a knot of the current thread takes it away. */
export function knotTool(context: ToolContext): EditorTool {
  const { editor, thread, onRefused } = context;
  const report = reporting(onRefused);
  return {
    onDown(_cell, _event, at) {
      const chart = editor.read();
      if (!nearChart(chart, at)) return;
      const point = nearestLatticePoint(chart, at.x, at.y);
      if (thread === undefined) {
        onRefused(NO_THREAD);
        return;
      }
      // Taking away or putting is decided once, where clicked, and each mirror image does the same: decided per image,
      // a knot on an axis (its own image) would be put and taken away again.
      const there = chart.marks.knots.find((knot) => samePoint(knot, point));
      const toggle: Drawing = (current, image) =>
        there?.thread === thread ? removeKnot(current, image.point(point)) : placeKnot(current, image.point(point), thread);
      // Part of a drag until the press lifts: the first finger of a pinch (cancelled) is taken back.
      report(editor.applyPart(drawing(context, toggle)));
    },
    onMove() {},
    onUp() {
      editor.endDrag();
    },
    onCancel() {
      editor.cancelDrag();
    },
  };
}
