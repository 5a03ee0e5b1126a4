import { deltaE2000 } from '../../color/ciede2000.js';
import { rgbToLab, type Rgb } from '../../color/spaces.js';
import { blendOf, findBrandColour } from '../../threads/blends.js';
import { findBrandThread } from '../../threads/brands.js';
import { aBrandName, BRANDS, threadLabel, type ThreadBrand } from '../../threads/brand-names.js';
import { DMC_THREADS, nearestThreads, type Thread } from '../../threads/catalogue.js';
import { CHART_SYMBOLS, symbolBeside } from '../symbols.js';
import {
  activeThreads,
  ChartEditError,
  chartThreadLab,
  chartThreadOf,
  MAX_CHART_THREADS,
  requireActiveThread,
  threadName,
  type ChartThread,
  type EditableChart,
} from './chart.js';
import type { ChartMarks } from '../stitches.js';
import { finishEdit, type EditResult, type ThreadChange } from './edit.js';

/** Every stitch of `from` becomes `to`; both stay in the chart. */
export function replaceThread(chart: EditableChart, from: number, to: number): EditResult {
  const source = requireActiveThread(chart, from);
  const target = requireActiveThread(chart, to);
  return finishEdit(
    chart,
    `Replace ${threadName(source)} with ${threadName(target)}`,
    recolour(chart.cells, from, to),
    [],
    recolourMarks(chart.marks, from, to),
  );
}

/** Removes a thread: its stitches go to the nearest remaining active thread by ΔE00. The last active thread cannot go. */
export function removeThread(chart: EditableChart, index: number): EditResult {
  const thread = requireActiveThread(chart, index);
  const lab = chartThreadLab(thread);
  let nearest = -1;
  let nearestDistance = Infinity;
  for (const other of activeThreads(chart)) {
    if (other === index) continue;
    const distance = deltaE2000(lab, chartThreadLab(chart.threads[other]!));
    if (distance < nearestDistance) [nearest, nearestDistance] = [other, distance];
  }
  if (nearest < 0) throw new ChartEditError(`${threadName(thread)} is the only thread of the chart, so it cannot be removed.`);
  return finishEdit(
    chart,
    `Remove ${threadName(thread)}`,
    recolour(chart.cells, index, nearest),
    [markRemoved(chart, index)],
    recolourMarks(chart.marks, index, nearest),
  );
}

/** Merges `from` into `into`: its stitches become `into`, and `from` leaves the chart. */
export function mergeThread(chart: EditableChart, from: number, into: number): EditResult {
  const source = requireActiveThread(chart, from);
  const target = requireActiveThread(chart, into);
  if (from === into) throw new ChartEditError(`${threadName(source)} cannot be merged into itself.`);
  return finishEdit(
    chart,
    `Merge ${threadName(source)} into ${threadName(target)}`,
    recolour(chart.cells, from, into),
    [markRemoved(chart, from)],
    recolourMarks(chart.marks, from, into),
  );
}

/**
 * Adds a thread from its brand's catalogue (its name and colour from there) with a chart symbol no active
 * thread uses. A thread removed earlier comes back in its old slot, with its old symbol if that is still
 * free, so the chart keeps one slot per thread.
 */
export function addThread(chart: EditableChart, code: string, brand: ThreadBrand = 'dmc'): EditResult {
  return addColour(chart, catalogueThread(brand, code), 'thread');
}

/**
 * Adds the blend of two threads of a brand's catalogue (one strand of each; its colour their mix, see
 * threads/blends.ts), in either order, as addThread adds a thread: with a symbol of its own, back in its old
 * slot if it was removed. The two threads need not be in the chart.
 */
export function addBlend(chart: EditableChart, codeA: string, codeB: string, brand: ThreadBrand = 'dmc'): EditResult {
  const [a, b] = [catalogueThread(brand, codeA), catalogueThread(brand, codeB)];
  if (a.code === b.code) throw new ChartEditError(`A blend is two different threads: choose another thread to blend with ${threadLabel(a)}.`);
  return addColour(chart, blendOf(a, b), 'blend');
}

function catalogueThread(brand: ThreadBrand, code: string): Thread {
  const thread = findBrandThread(brand, code);
  if (!thread) throw new ChartEditError(`${BRANDS[brand].name} ${code.trim()} is not ${aBrandName(brand)} thread.`);
  return thread;
}

/** Whether a chart thread is this catalogue thread or blend, however a document wrote its code (Anchor `0403`, a blend's codes in another order). */
const isColour = (thread: ChartThread, colour: Thread): boolean =>
  thread.brand === colour.brand && (findBrandColour(thread.brand, thread.code)?.code ?? thread.code) === colour.code;

/** Whether the chart has this thread or blend among its active threads. */
export function hasColour(chart: EditableChart, colour: Thread): boolean {
  return chart.threads.some((thread) => !thread.removed && isColour(thread, colour));
}

/** Adds a thread or blend of the catalogue; its slot and symbol as addThread says. */
function addColour(chart: EditableChart, added: Thread, kind: 'thread' | 'blend'): EditResult {
  const sameCode = (thread: ChartThread): boolean => isColour(thread, added);
  if (hasColour(chart, added)) throw new ChartEditError(`${threadLabel(added)} is already in the chart.`);
  const slot = chart.threads.findIndex(sameCode);
  const existing = chart.threads[slot];
  const active = activeThreads(chart);
  // A blend is a colour of the legend like a thread, so it counts as one.
  if (active.length >= MAX_CHART_THREADS) throw new ChartEditError(`A chart can have at most ${MAX_CHART_THREADS} threads. Remove or merge one first.`);
  const used = new Set(active.map((index) => chart.threads[index]!.symbol));
  // A symbol of another family than those of the threads that look like it (symbols.ts).
  const holders = active.map((index) => {
    const { symbol, rgb } = chart.threads[index]!;
    return { symbol, lab: rgbToLab(rgb) };
  });
  const symbol = existing && !used.has(existing.symbol) ? existing.symbol : symbolBeside(added.lab, holders);
  const change: ThreadChange = existing
    ? { index: slot, before: existing, after: chartThreadOf(added, symbol) }
    : { index: chart.threads.length, before: undefined, after: chartThreadOf(added, symbol) };
  return finishEdit(chart, `Add ${kind === 'blend' ? 'blend ' : ''}${threadLabel(added)}`, chart.cells, [change]);
}

/** Gives a thread another of the chart symbols; symbols stay unique among active threads. */
export function setSymbol(chart: EditableChart, index: number, symbol: string): EditResult {
  const thread = requireActiveThread(chart, index);
  if (!CHART_SYMBOLS.includes(symbol)) throw new ChartEditError(`“${symbol}” is not one of the chart symbols.`);
  const holder = activeThreads(chart).find((other) => other !== index && chart.threads[other]!.symbol === symbol);
  if (holder !== undefined) throw new ChartEditError(`Symbol ${symbol} is already used by ${threadName(chart.threads[holder]!)}.`);
  const label = `Symbol of ${threadName(thread)}`;
  if (thread.symbol === symbol) return finishEdit(chart, label, chart.cells);
  return finishEdit(chart, label, chart.cells, [{ index, before: thread, after: { ...thread, symbol } }]);
}

export interface ThreadSuggestion {
  thread: Thread;
  /** CIEDE2000 distance from the picked colour. */
  deltaE: number;
}

/**
 * The threads nearest to a colour picked on screen, nearest first (DMC's, or those of `candidates`): the
 * catalogue's exact `nearestThreads` search, taking RGB.
 */
export function nearestThreadsToRgb(rgb: Rgb, count = 5, candidates: readonly Thread[] = DMC_THREADS): ThreadSuggestion[] {
  return nearestThreads(rgbToLab(rgb), count, candidates).map(({ thread, distance }) => ({ thread, deltaE: distance }));
}

/** A copy of the cells with every `from` turned into `to`; the same array when there is none. */
function recolour(cells: Int16Array, from: number, to: number): Int16Array {
  if (from === to) return cells;
  let next: Int16Array | undefined;
  for (let at = 0; at < cells.length; at++) {
    if (cells[at] !== from) continue;
    next ??= cells.slice();
    next[at] = to;
  }
  return next ?? cells;
}

/** The marks with thread `from` turned into `to`; the same object when there is none. */
function recolourMarks(marks: ChartMarks, from: number, to: number): ChartMarks {
  const uses = (items: readonly { thread: number }[]) => items.some((item) => item.thread === from);
  if (from === to || !(uses(marks.parts) || uses(marks.backstitches) || uses(marks.knots))) return marks;
  const recolourAll = <T extends { thread: number }>(items: readonly T[]): readonly T[] =>
    uses(items) ? items.map((item) => (item.thread === from ? { ...item, thread: to } : item)) : items;
  return { parts: recolourAll(marks.parts), backstitches: recolourAll(marks.backstitches), knots: recolourAll(marks.knots) };
}

function markRemoved(chart: EditableChart, index: number): ThreadChange {
  const before: ChartThread = chart.threads[index]!;
  return { index, before, after: { ...before, rgb: { ...before.rgb }, removed: true } };
}
