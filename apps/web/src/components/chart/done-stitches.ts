import { isDone, type Rgb } from '@stitchwise/core';
import {
  cellPaints,
  DIM_TOWARDS_WHITE,
  FABRIC,
  inkOn,
  markPaints,
  packRgb,
  printTone,
  threadRgb,
  towardsWhite,
  type CellPaint,
  type MarkPaint,
} from './thread-colors';
import type { ChartDone, ChartMode, DoneStyle, ViewerChart, ViewerThread } from './types';

/**
 * Stitches marked done, drawn without touching the renderer's fast paths: the chart is drawn with each
 * thread twice — index t not done, index t + T done — so the one-pixel-per-stitch image and the cell tiles
 * simply have twice the threads. Backstitches and knots keep their thread (they are never marked).
 */

/** 'dimmed': how far a done stitch fades towards white. */
const DONE_FADE = 0.8;
/** 'filled': how far a stitch still to do fades, so the done ones stand out in full colour. */
const TO_DO_FADE = 0.6;
/** What a filled done stitch shows instead of its symbol. */
export const DONE_SYMBOL = '✓';

/** The chart with done stitches (full and part) moved to the second set of threads; backstitches and knots as they are. */
export function withDoneThreads(chart: ViewerChart, done: ChartDone): ViewerChart {
  const count = chart.threads.length;
  const { bits } = done;
  const cells = chart.cells.slice();
  const limit = Math.min(bits.length, Math.ceil(cells.length / 8));
  // Bytes with no mark (most of them, early on) are skipped whole.
  for (let byte = 0; byte < limit; byte++) {
    const value = bits[byte]!;
    if (value === 0) continue;
    for (let bit = 0; bit < 8; bit++) {
      const at = byte * 8 + bit;
      if ((value & (1 << bit)) !== 0 && at < cells.length && cells[at]! >= 0) cells[at]! += count;
    }
  }
  const doneThreads = chart.threads.map((thread): ViewerThread => ({ ...thread, symbol: done.style === 'filled' ? DONE_SYMBOL : thread.symbol }));
  const marks = chart.marks && {
    ...chart.marks,
    parts: chart.marks.parts.map((part) => {
      const at = part.y * chart.width + part.x;
      return isDone(bits, at) ? { ...part, thread: part.thread + count } : part;
    }),
  };
  return { ...chart, cells, threads: [...chart.threads, ...doneThreads], marks };
}

/** One thread's look while stitching: a cell's colour and symbol colour (symbols drawn), and its colour when too small for symbols. */
interface Look {
  fill: Rgb;
  ink: Rgb;
  block: Rgb;
}

const fade = (look: Look, share: number): Look => ({
  fill: towardsWhite(look.fill, share),
  ink: towardsWhite(look.ink, share),
  block: towardsWhite(look.block, share),
});

/** A thread not done and done, in a mode and style; both faded further when a filter shows another thread. */
function looksOf(thread: ViewerThread, paint: CellPaint, mode: ChartMode, style: DoneStyle, filteredOut: boolean): [Look, Look] {
  const colour = threadRgb(thread);
  const usual: Look = { fill: paint.fill, ink: paint.ink, block: mode === 'print' ? printTone(colour) : colour };
  let looks: [Look, Look];
  if (style === 'dimmed') looks = [usual, fade(usual, DONE_FADE)];
  else {
    // As on the fabric: what is stitched in its colour, the rest pale (as printed it stays white with its symbol).
    const pale = towardsWhite(colour, TO_DO_FADE);
    const toDo = mode === 'print' ? usual : { fill: pale, ink: inkOn(pale), block: pale };
    looks = [toDo, { fill: colour, ink: inkOn(colour), block: colour }];
  }
  return filteredOut ? [fade(looks[0], DIM_TOWARDS_WHITE), fade(looks[1], DIM_TOWARDS_WHITE)] : looks;
}

export interface DonePaints {
  /** Per thread of withDoneThreads' chart (2T), then the fabric. */
  cells: CellPaint[];
  blocks: Uint32Array;
  /** Per thread of withDoneThreads' chart: part stitches in the cells' colours, lines and knots as usual. */
  marks: MarkPaint[];
}

/** The paints for withDoneThreads' chart, given the chart's own T threads; `highlight` (a thread filter) fades the others. */
export function donePaints(
  threads: readonly ViewerThread[],
  mode: ChartMode,
  highlight: number | undefined,
  style: DoneStyle,
  withSymbols: boolean,
): DonePaints {
  const usual = cellPaints(threads, mode, undefined);
  const lines = markPaints(threads, mode, highlight, withSymbols);
  const looks = threads.map((thread, index) => looksOf(thread, usual[index]!, mode, style, highlight !== undefined && highlight !== index));
  const all = [...looks.map(([toDo]) => toDo), ...looks.map(([, done]) => done)];
  const markOf = (look: Look, index: number): MarkPaint => ({ ...lines[index % threads.length]!, fill: withSymbols ? look.fill : look.block, ink: look.ink });
  const blocks = new Uint32Array(all.length + 1);
  all.forEach((look, index) => {
    blocks[index] = packRgb(look.block);
  });
  blocks[all.length] = packRgb(FABRIC);
  return {
    cells: [...all.map((look) => ({ fill: look.fill, ink: look.ink })), { fill: FABRIC, ink: FABRIC }],
    blocks,
    marks: all.map(markOf),
  };
}
