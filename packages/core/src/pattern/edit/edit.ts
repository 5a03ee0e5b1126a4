import { marksWithin } from '../mark-geometry.js';
import type { NamedThread } from '../model.js';
import { backstitchKey, knotKey, partKey, type ChartMarks } from '../stitches.js';
import { ChartEditError, type ChartThread, type EditableChart } from './chart.js';

/** The cells an edit changes: only cells that really change, each once. */
export interface CellChange {
  indices: Int32Array;
  before: Int16Array;
  after: Int16Array;
}

/** One thread slot: `undefined` means the slot does not exist (an append, or undoing one). */
export interface ThreadChange {
  index: number;
  before: ChartThread | undefined;
  after: ChartThread | undefined;
}

/** Part stitches, backstitches and knots taken away, then added: each must be there (or not) as stated. */
export interface MarksChange {
  remove: ChartMarks;
  add: ChartMarks;
}

/** A chart's size, in stitches. */
export interface ChartSize {
  width: number;
  height: number;
}

/**
 * A change of the chart's size. Columns come and go on the right and rows at the bottom, never left or top:
 * every stitch keeps its (x, y), and so does stitching progress saved by (x, y).
 */
export interface ChartResize {
  before: ChartSize;
  after: ChartSize;
}

/** A change to a chart, small enough to keep hundreds for undo: what it changes, never a copy of the chart. */
export interface Edit {
  /** What a user did, for "Undo …" / "Redo …". */
  label: string;
  cells?: CellChange;
  /** Applied in order. */
  threads?: ThreadChange[];
  /** Applied in order, after the cells. */
  marks?: MarksChange[];
  /**
   * The chart grows before the other changes and shrinks after them, so `cells` index a grid as wide and as
   * tall as the larger of the two sizes. Shrinking is refused unless what it cuts off holds no stitch of any kind.
   */
  resize?: ChartResize;
}

export interface EditResult {
  chart: EditableChart;
  /** The edit that gives the input chart back. */
  inverse: Edit;
  /** False when nothing changed: then there is nothing to undo either. */
  changed: boolean;
}

export function isEmptyEdit(edit: Edit): boolean {
  return (
    (edit.cells?.indices.length ?? 0) === 0 &&
    (edit.threads?.length ?? 0) === 0 &&
    (edit.marks?.length ?? 0) === 0 &&
    (!edit.resize || sameSize(edit.resize.before, edit.resize.after))
  );
}

const sameSize = (a: ChartSize, b: ChartSize): boolean => a.width === b.width && a.height === b.height;

/** The resize from the chart's size to `size`: undefined when that is its size, so that an edit holds no resize that resizes nothing. */
export function resizeTo(chart: ChartSize, size: ChartSize): ChartResize | undefined {
  if (sameSize(chart, size)) return undefined;
  return { before: { width: chart.width, height: chart.height }, after: { width: size.width, height: size.height } };
}

/** The grid a resizing edit's cells index: the larger of its two sizes, each way. */
const spanOf = ({ before, after }: ChartResize): ChartSize => ({
  width: Math.max(before.width, after.width),
  height: Math.max(before.height, after.height),
});

/**
 * The edit undoing `edit`: cells swapped, thread and mark changes swapped and in reverse order, sizes swapped
 * (a grow undoes as a shrink after the other changes are undone).
 */
export function invertEdit(edit: Edit): Edit {
  const inverse: Edit = { label: edit.label };
  if (edit.resize) inverse.resize = { before: edit.resize.after, after: edit.resize.before };
  if (edit.cells) inverse.cells = { indices: edit.cells.indices, before: edit.cells.after, after: edit.cells.before };
  if (edit.threads) inverse.threads = edit.threads.map(({ index, before, after }) => ({ index, before: after, after: before })).reverse();
  if (edit.marks) inverse.marks = edit.marks.map(({ remove, add }) => ({ remove: add, add: remove })).reverse();
  return inverse;
}

/**
 * Applies an edit's `after` values and returns its inverse. Each change must find its `before` value in
 * the chart (and a resize its `before` size): an edit recorded on another chart, or applied twice, is
 * refused rather than applied half-way.
 */
export function applyEdit(chart: EditableChart, edit: Edit): EditResult {
  if (isEmptyEdit(edit)) return { chart, inverse: invertEdit(edit), changed: false };
  const { resize } = edit;
  if (resize && !sameSize(chart, resize.before)) throw new ChartEditError('This change no longer fits the chart.');
  const span = resize ? spanOf(resize) : chart;
  const threads = applyThreadChanges(chart.threads, edit.threads ?? []);
  let cells = relaid(chart.cells, chart, span);
  if (edit.cells && edit.cells.indices.length > 0) {
    if (cells === chart.cells) cells = cells.slice();
    const { indices, before, after } = edit.cells;
    for (let k = 0; k < indices.length; k++) {
      const at = indices[k]!;
      if (cells[at] !== before[k]) throw new ChartEditError('This change no longer fits the chart.');
      const value = after[k]!;
      if (value !== -1 && (threads[value] === undefined || threads[value].removed))
        throw new ChartEditError('This change puts stitches on a thread the chart does not have.');
      cells[at] = value;
    }
  }
  const marks = (edit.marks ?? []).reduce(applyMarksChange, chart.marks);
  requireMarkThreads(marks, edit.marks ?? [], threads);
  const edited = { width: span.width, height: span.height, cells, threads, marks };
  return { chart: resize ? cutTo(edited, resize.after) : edited, inverse: invertEdit(edit), changed: true };
}

/** Row-major cells of a grid of size `from` laid into one of size `to`: what both share kept, new cells empty. */
export function relaid(cells: Int16Array, from: ChartSize, to: ChartSize): Int16Array {
  if (sameSize(from, to)) return cells;
  const next = new Int16Array(to.width * to.height).fill(-1);
  const width = Math.min(from.width, to.width);
  for (let y = 0; y < Math.min(from.height, to.height); y++) next.set(cells.subarray(y * from.width, y * from.width + width), y * to.width);
  return next;
}

/** The chart cut to `size` on the right and at the bottom; refused unless what is cut off holds no stitch of any kind. */
function cutTo(chart: EditableChart, size: ChartSize): EditableChart {
  if (sameSize(chart, size)) return chart;
  for (let y = 0; y < chart.height; y++) {
    for (let x = y < size.height ? size.width : 0; x < chart.width; x++) {
      if (chart.cells[y * chart.width + x] !== -1) throw new ChartEditError('This change no longer fits the chart.');
    }
  }
  const kept = marksWithin(chart.marks, { x0: 0, y0: 0, x1: size.width, y1: size.height });
  const count = (marks: ChartMarks) => marks.parts.length + marks.backstitches.length + marks.knots.length;
  if (count(kept) !== count(chart.marks)) throw new ChartEditError('This change no longer fits the chart.');
  return { ...chart, width: size.width, height: size.height, cells: relaid(chart.cells, chart, size) };
}

/** The marks with `change` made; a mark to remove that is not there, or one to add whose place is taken, is refused. */
function applyMarksChange(marks: ChartMarks, change: MarksChange): ChartMarks {
  const layer = <T extends { thread: number }>(items: readonly T[], remove: readonly T[], add: readonly T[], key: (item: T) => string): readonly T[] => {
    if (remove.length === 0 && add.length === 0) return items;
    const byKey = new Map(items.map((item) => [key(item), item]));
    for (const item of remove) {
      if (byKey.get(key(item))?.thread !== item.thread) throw new ChartEditError('This change no longer fits the chart.');
      byKey.delete(key(item));
    }
    for (const item of add) {
      if (byKey.has(key(item))) throw new ChartEditError('This change no longer fits the chart.');
      byKey.set(key(item), item);
    }
    return [...byKey.values()];
  };
  return {
    parts: layer(marks.parts, change.remove.parts, change.add.parts, partKey),
    backstitches: layer(marks.backstitches, change.remove.backstitches, change.add.backstitches, backstitchKey),
    knots: layer(marks.knots, change.remove.knots, change.add.knots, knotKey),
  };
}

/**
 * Refuses marks the changes leave on a thread the chart does not have. Checked on the marks they end with, as the
 * threads are (all thread changes come first): in a joined edit, a knot may be added on a thread and moved off
 * it again before a later thread change removes it. An added mark still there is the very object added.
 */
function requireMarkThreads(marks: ChartMarks, changes: readonly MarksChange[], threads: readonly ChartThread[]): void {
  if (changes.length === 0) return;
  const present = new Set<object>([...marks.parts, ...marks.backstitches, ...marks.knots]);
  for (const { add } of changes) {
    for (const item of [...add.parts, ...add.backstitches, ...add.knots]) {
      if (present.has(item) && (threads[item.thread] === undefined || threads[item.thread]!.removed))
        throw new ChartEditError('This change puts stitches on a thread the chart does not have.');
    }
  }
}

/** The change from marks `before` to `after`: what is gone or changed thread, and what is new; undefined when nothing is. */
export function diffMarks(before: ChartMarks, after: ChartMarks): MarksChange | undefined {
  if (before === after) return undefined;
  const layer = <T extends { thread: number }>(was: readonly T[], now: readonly T[], key: (item: T) => string): [T[], T[]] => {
    if (was === now) return [[], []];
    const wasByKey = new Map(was.map((item) => [key(item), item]));
    const nowByKey = new Map(now.map((item) => [key(item), item]));
    const same = (a: T | undefined, b: T) => a !== undefined && a.thread === b.thread;
    return [was.filter((item) => !same(nowByKey.get(key(item)), item)), now.filter((item) => !same(wasByKey.get(key(item)), item))];
  };
  const [removeParts, addParts] = layer(before.parts, after.parts, partKey);
  const [removeLines, addLines] = layer(before.backstitches, after.backstitches, backstitchKey);
  const [removeKnots, addKnots] = layer(before.knots, after.knots, knotKey);
  if (removeParts.length + addParts.length + removeLines.length + addLines.length + removeKnots.length + addKnots.length === 0) return undefined;
  return {
    remove: { parts: removeParts, backstitches: removeLines, knots: removeKnots },
    add: { parts: addParts, backstitches: addLines, knots: addKnots },
  };
}

function applyThreadChanges(threads: readonly ChartThread[], changes: readonly ThreadChange[]): readonly ChartThread[] {
  if (changes.length === 0) return threads;
  const next = threads.slice();
  for (const { index, before, after } of changes) {
    if (!sameThread(next[index], before)) throw new ChartEditError('This change no longer fits the chart.');
    if (after === undefined) {
      // Only the last slot can disappear, or indices of the others would move.
      if (index !== next.length - 1) throw new ChartEditError('Only the last thread slot can be taken back.');
      next.pop();
    } else {
      if (index > next.length) throw new ChartEditError('Threads can only be added at the end.');
      next[index] = after;
    }
  }
  return next;
}

export function sameThread(a: ChartThread | undefined, b: ChartThread | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return sameNamedThread(a, b) && a.symbol === b.symbol && a.removed === b.removed;
}

/** Whether two threads are named and coloured alike, a blend's two threads included. */
function sameNamedThread(a: NamedThread, b: NamedThread): boolean {
  const sameBlend = a.blend && b.blend ? sameNamedThread(a.blend[0], b.blend[0]) && sameNamedThread(a.blend[1], b.blend[1]) : !a.blend && !b.blend;
  return (
    a.brand === b.brand &&
    a.code === b.code &&
    a.name === b.name &&
    a.hex === b.hex &&
    a.rgb.r === b.rgb.r &&
    a.rgb.g === b.rgb.g &&
    a.rgb.b === b.rgb.b &&
    sameBlend
  );
}

/**
 * One edit doing `first`, then `second`. A cell both change goes from first's `before` to second's
 * `after`, and drops out when that is no change. See `composeUndo` for joining undo records.
 *
 * At most one of them may resize the chart (two resizes are refused: one edit holds one). The other's cells,
 * which index the chart as it is after a resize that comes first or before one that comes second, are moved
 * to the resizing edit's grid; its changes lie inside both sizes, so they may be made before a grow or after
 * a shrink alike.
 */
export function composeEdits(label: string, first: Edit, second: Edit): Edit {
  if (first.resize && second.resize) throw new ChartEditError('Two changes of the chart’s size cannot be joined into one step.');
  const edit: Edit = { label };
  const resize = first.resize ?? second.resize;
  if (resize) edit.resize = resize;
  const width = resize ? spanOf(resize).width : 0;
  const cells = mergeCellChanges(
    second.resize ? widened(first.cells, second.resize.before.width, width) : first.cells,
    first.resize ? widened(second.cells, first.resize.after.width, width) : second.cells,
  );
  if (cells) edit.cells = cells;
  const threads = [...(first.threads ?? []), ...(second.threads ?? [])];
  if (threads.length > 0) edit.threads = threads;
  const marks = [...(first.marks ?? []), ...(second.marks ?? [])];
  if (marks.length > 0) edit.marks = marks;
  return edit;
}

/**
 * One undo record for two operations done one after the other (the segments of a pencil drag): undoing
 * both runs the later operation's inverse first. `undo = composeUndo('Pencil', undo, segment.inverse)`.
 */
export function composeUndo(label: string, earlierInverse: Edit, laterInverse: Edit): Edit {
  return composeEdits(label, laterInverse, earlierInverse);
}

/** Merges two cell changes by index (both put in index order first); linear, so a long drag stays cheap. */
function mergeCellChanges(firstChange: CellChange | undefined, secondChange: CellChange | undefined): CellChange | undefined {
  if (!firstChange || firstChange.indices.length === 0) return secondChange;
  if (!secondChange || secondChange.indices.length === 0) return firstChange;
  const first = inIndexOrder(firstChange);
  const second = inIndexOrder(secondChange);
  const capacity = first.indices.length + second.indices.length;
  const indices = new Int32Array(capacity);
  const before = new Int16Array(capacity);
  const after = new Int16Array(capacity);
  let count = 0;
  let i = 0;
  let j = 0;
  while (i < first.indices.length || j < second.indices.length) {
    const a = i < first.indices.length ? first.indices[i]! : Infinity;
    const b = j < second.indices.length ? second.indices[j]! : Infinity;
    let from: number;
    let to: number;
    if (a < b) {
      from = first.before[i]!;
      to = first.after[i++]!;
    } else if (b < a) {
      from = second.before[j]!;
      to = second.after[j++]!;
    } else {
      from = first.before[i++]!;
      to = second.after[j++]!;
    }
    if (from === to) continue;
    indices[count] = Math.min(a, b);
    before[count] = from;
    after[count++] = to;
  }
  return { indices: indices.slice(0, count), before: before.slice(0, count), after: after.slice(0, count) };
}

/** A cell change of a grid `from` columns wide, indexing one `to` columns wide (as wide or wider) instead. */
function widened(change: CellChange | undefined, from: number, to: number): CellChange | undefined {
  if (!change || from === to) return change;
  return { ...change, indices: Int32Array.from(change.indices, (at) => Math.floor(at / from) * to + (at % from)) };
}

function inIndexOrder(change: CellChange): CellChange {
  const { indices } = change;
  let sorted = true;
  for (let k = 1; k < indices.length && sorted; k++) sorted = indices[k - 1]! < indices[k]!;
  if (sorted) return change;
  const order = Array.from(indices.keys()).sort((x, y) => indices[x]! - indices[y]!);
  return {
    indices: Int32Array.from(order, (k) => indices[k]!),
    before: Int16Array.from(order, (k) => change.before[k]!),
    after: Int16Array.from(order, (k) => change.after[k]!),
  };
}

/** The cells that differ between two grids of one size, in index order. */
export function diffCells(before: Int16Array, after: Int16Array): CellChange {
  let count = 0;
  for (let at = 0; at < before.length; at++) if (before[at] !== after[at]) count++;
  const change: CellChange = { indices: new Int32Array(count), before: new Int16Array(count), after: new Int16Array(count) };
  for (let at = 0, k = 0; k < count; at++) {
    if (before[at] === after[at]) continue;
    change.indices[k] = at;
    change.before[k] = before[at]!;
    change.after[k++] = after[at]!;
  }
  return change;
}

/**
 * The result of an operation that computed the chart's next cells (a changed copy, or the same array when
 * no cell changes), thread changes and next marks: the edit is the difference, so it holds only what really
 * changed. A cell that gets a full stitch loses its part stitches.
 */
export function finishEdit(
  chart: EditableChart,
  label: string,
  nextCells: Int16Array,
  threadChanges: ThreadChange[] = [],
  nextMarks: ChartMarks = chart.marks,
): EditResult {
  const cells = nextCells === chart.cells ? undefined : diffCells(chart.cells, nextCells);
  const edit: Edit = { label };
  if (cells && cells.indices.length > 0) edit.cells = cells;
  if (threadChanges.length > 0) edit.threads = threadChanges;
  const stitched = edit.cells && nextMarks.parts.length > 0 ? withoutPartsUnderFullStitches(nextMarks, nextCells, chart.width) : nextMarks;
  const marks = diffMarks(chart.marks, stitched);
  if (marks) edit.marks = [marks];
  if (isEmptyEdit(edit)) return { chart, inverse: { label }, changed: false };
  const threads = applyThreadChanges(chart.threads, threadChanges);
  return {
    chart: { width: chart.width, height: chart.height, cells: edit.cells ? nextCells : chart.cells, threads, marks: stitched },
    inverse: invertEdit(edit),
    changed: true,
  };
}

function withoutPartsUnderFullStitches(marks: ChartMarks, cells: Int16Array, width: number): ChartMarks {
  const parts = marks.parts.filter((part) => cells[part.y * width + part.x]! < 0);
  return parts.length === marks.parts.length ? marks : { ...marks, parts };
}
