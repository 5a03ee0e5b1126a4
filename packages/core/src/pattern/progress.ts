import { boxMap, type BoxMap, type Turn } from './edit/turn.js';
import type { Pattern } from './model.js';
import type { PartKind } from './stitches.js';

/**
 * Stitching progress: one bit per cell of a chart, row by row (cell y·width + x), bit i in byte i >> 3 at
 * bit i & 7, least significant first. A 500 × 500 chart is 31,250 bytes, 41,668 characters of base64.
 * Only cells with a full stitch or a part stitch can be marked done; backstitches and knots are not cells.
 * Runs in the browser and on the server alike (no Buffer, no atob).
 */

/** Bytes of the bitset of a width × height chart. */
export function progressBytes(width: number, height: number): number {
  return Math.ceil((width * height) / 8);
}

/** An empty bitset: nothing done. */
export function emptyProgress(width: number, height: number): Uint8Array {
  return new Uint8Array(progressBytes(width, height));
}

export function isDone(bits: Uint8Array, cell: number): boolean {
  return ((bits[cell >> 3] ?? 0) & (1 << (cell & 7))) !== 0;
}

/** Marks a cell done (or not done) in place. */
export function setDone(bits: Uint8Array, cell: number, done: boolean): void {
  const byte = cell >> 3;
  if (byte >= bits.length) return;
  if (done) bits[byte]! |= 1 << (cell & 7);
  else bits[byte]! &= ~(1 << (cell & 7));
}

/** Bits set: a bitset already limited to markable cells counts the done stitches. */
export function countDone(bits: Uint8Array): number {
  let count = 0;
  for (const byte of bits) count += BITS_IN_BYTE[byte]!;
  return count;
}

const BITS_IN_BYTE = Uint8Array.from({ length: 256 }, (_, byte) => {
  let count = 0;
  for (let rest = byte; rest !== 0; rest >>= 1) count += rest & 1;
  return count;
});

/** The cells that can be marked done: those with a full stitch or a part stitch. */
export function markableCells(pattern: Pattern): Uint8Array {
  const bits = emptyProgress(pattern.width, pattern.height);
  pattern.cells.forEach((thread, cell) => {
    if (thread >= 0) bits[cell >> 3]! |= 1 << (cell & 7);
  });
  for (const part of pattern.marks.parts) setDone(bits, part.y * pattern.width + part.x, true);
  return bits;
}

/** Only the bits that are set in both: marks limited to the markable cells. */
export function keepMarkable(bits: Uint8Array, markable: Uint8Array): Uint8Array {
  return markable.map((allowed, byte) => allowed & (bits[byte] ?? 0));
}

/**
 * What one device changed, against the bits it last had from the server (`base`, same chart version): the
 * cells it marked since (`set`) and those it unmarked since (`clear`). Applied to what is stored now, they
 * keep what another device changed meanwhile: a three-way merge, so two devices never undo each other.
 */
export interface ProgressChanges {
  set: Uint8Array;
  clear: Uint8Array;
}

/** The changes that make `base` into `done` (bitsets of one chart version). */
export function progressChanges(base: Uint8Array, done: Uint8Array): ProgressChanges {
  return {
    set: done.map((byte, i) => byte & ~(base[i] ?? 0)),
    clear: base.map((byte, i) => byte & ~(done[i] ?? 0)),
  };
}

/** `stored` with the changes made: cleared cells unmarked, set cells marked, every other cell as stored. */
export function applyProgressChanges(stored: Uint8Array, { set, clear }: ProgressChanges): Uint8Array {
  return stored.map((byte, i) => (byte & ~(clear[i] ?? 0)) | (set[i] ?? 0));
}

/** The three-way merge: `server` with the cells where `local` differs from `base` taken from `local`. */
export function overlayProgress(server: Uint8Array, base: Uint8Array, local: Uint8Array): Uint8Array {
  return applyProgressChanges(server, progressChanges(base, local));
}

/** Whether two bitsets of one chart version differ in any cell. */
export function progressDiffers(a: Uint8Array, b: Uint8Array): boolean {
  if (a === b) return false;
  if (a.length !== b.length) return true;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return true;
  return false;
}

/** Cells whose bit differs between two bitsets of one chart version (marks and unmarks not yet sent, say). */
export function countChanged(a: Uint8Array, b: Uint8Array): number {
  return a === b ? 0 : countDone(a.map((byte, i) => byte ^ (b[i] ?? 0)));
}

/** A base64 bitset as exactly the bytes of a width × height chart: missing bytes (or unreadable text) are nothing done. */
export function progressOfSize(text: string, width: number, height: number): Uint8Array {
  const bits = emptyProgress(width, height);
  const decoded = decodeProgress(text);
  if (decoded) bits.set(decoded.subarray(0, bits.length));
  return bits;
}

/**
 * A legend thread as the same thread in any version of a chart: its brand and code (`anchor:403`, a DMC blend
 * `dmc:310+413`), whatever its legend index. Not `dmc_code`, which is empty for every other brand's thread.
 */
function threadKey(pattern: Pattern, thread: number): string {
  const entry = pattern.legend[thread];
  return entry ? `${entry.brand}:${entry.code}` : '';
}

/** Per cell index with part stitches, what they are: kinds (as `kind` maps them) and threads (threadKey), in a fixed order. */
function partsByCell(pattern: Pattern, kind: (kind: PartKind) => PartKind = (same) => same): Map<number, string> {
  const lists = new Map<number, string[]>();
  for (const part of pattern.marks.parts) {
    const cell = part.y * pattern.width + part.x;
    const list = lists.get(cell) ?? [];
    list.push(`${kind(part.kind)}:${threadKey(pattern, part.thread)}`);
    lists.set(cell, list);
  }
  return new Map([...lists].map(([cell, list]) => [cell, list.sort().join('|')]));
}

/**
 * Marks made on `before` as marks on `after` (an edit of it): a cell keeps its mark when its stitches did
 * not change — the same thread as full stitch, by brand and code (legend numbering may differ), and the same
 * part stitches of the same threads. Cells are matched by position (a resized chart keeps the marks inside both sizes),
 * or, when the whole chart was turned or mirrored, through that turn (see chartTurnOf), so the marks go
 * with their stitches. One pass over the done cells, after the turn is found.
 */
export function carryProgress(before: Pattern, after: Pattern, bits: Uint8Array): Uint8Array {
  const carried = emptyProgress(after.width, after.height);
  const beforeCodes = before.legend.map((_, thread) => threadKey(before, thread));
  const afterCodes = after.legend.map((_, thread) => threadKey(after, thread));
  const afterParts = partsByCell(after);
  const turn = chartTurnOf(before, after, beforeCodes, afterCodes, afterParts);
  const beforeParts = partsByCell(before, turn?.kind);
  const fullCode = (codes: string[], thread: number): string | undefined => (thread < 0 ? undefined : codes[thread]);
  const limit = Math.min(bits.length * 8, before.width * before.height);
  for (let cell = 0; cell < limit; cell++) {
    if ((bits[cell >> 3]! & (1 << (cell & 7))) === 0) {
      if ((cell & 7) === 0 && bits[cell >> 3] === 0) cell += 7; // a byte with no marks at all
      continue;
    }
    const column = cell % before.width;
    const row = (cell - column) / before.width;
    const [x, y] = turn ? turn.cell(column, row) : [column, row];
    if (x >= after.width || y >= after.height) continue;
    const target = y * after.width + x;
    const full = fullCode(afterCodes, after.cells[target]!);
    const parts = afterParts.get(target);
    if (full === undefined && parts === undefined) continue; // nothing to mark there now
    if (full !== fullCode(beforeCodes, before.cells[cell]!) || parts !== beforeParts.get(cell)) continue;
    carried[target >> 3]! |= 1 << (target & 7);
  }
  return carried;
}

/**
 * The turn or mirror image of the whole chart that `after` is of `before`, if it is one (after any further edits):
 * of the seven, the one under which the most stitched cells keep their stitches (the same full stitch's thread and
 * the same part stitches, turned, as carryProgress asks), if they are at least half of `before`'s stitched cells and
 * twice as many as keep them in place. Counted on the stitched cells among an even sample of about TURN_SAMPLE
 * cells (of the stitched cells alone when most of those are empty, so a chart of few stitches is sampled as well as
 * a full one), so a save of a 500 × 500 chart does not walk it eight times; turns that come close on the sample (a
 * design symmetric but for a detail the sample missed) are then told apart on every stitched cell. Undefined when
 * the chart was not turned — a chart that is its own image (a symmetric design) stays as it is.
 */
function chartTurnOf(before: Pattern, after: Pattern, beforeCodes: string[], afterCodes: string[], afterParts: Map<number, string>): BoxMap | undefined {
  const candidates = wholeChartTurns(before.width, before.height).filter((map) => map.width === after.width && map.height === after.height);
  if (candidates.length === 0) return undefined;
  const beforeParts = partsByCell(before);
  const isStitched = (cell: number): boolean => before.cells[cell]! >= 0 || beforeParts.has(cell);
  const cellCount = before.cells.length;
  // Every stitched cell, listed only when needed: a sparse chart's sample, or telling close turns apart.
  let listed: Int32Array | undefined;
  const stitched = (): Int32Array => {
    if (listed) return listed;
    const all = new Int32Array(cellCount);
    let count = 0;
    for (let cell = 0; cell < cellCount; cell++) if (isStitched(cell)) all[count++] = cell;
    return (listed = all.subarray(0, count));
  };
  // An even sample with a fractional stride, which drifts across the columns rather than keeping to a few of them;
  // when fewer than half of the cells it hits are stitched, a sample of the stitched cells alone.
  const evenly = (size: number, at: (i: number) => number): number[] =>
    Array.from({ length: Math.min(size, TURN_SAMPLE) }, (_, i) => at(Math.floor((i * size) / Math.min(size, TURN_SAMPLE))));
  let sample = evenly(cellCount, (cell) => cell).filter(isStitched);
  if (sample.length * 2 < Math.min(cellCount, TURN_SAMPLE)) {
    const all = stitched();
    sample = evenly(all.length, (i) => all[i]!);
  }
  /** How many of `cells` keep their stitches where `cell` takes them, their part stitches turned as in `turnedParts`. */
  const agreeing = (cells: ArrayLike<number>, cell: BoxMap['cell'], turnedParts: Map<number, string>): number => {
    let count = 0;
    for (let i = 0; i < cells.length; i++) {
      const from = cells[i]!;
      const [x, y] = cell(from % before.width, Math.floor(from / before.width));
      if (x >= after.width || y >= after.height) continue;
      const target = y * after.width + x;
      const full = before.cells[from]!;
      const other = after.cells[target]!;
      if (full < 0 ? other >= 0 : other < 0 || afterCodes[other] !== beforeCodes[full]) continue;
      if (turnedParts.get(from) === afterParts.get(target)) count++;
    }
    return count;
  };
  const inPlace = agreeing(sample, (x, y) => [x, y], beforeParts);
  if (inPlace === sample.length) return undefined; // nothing moved: the usual save
  const counted = candidates.map((map) => {
    const turnedParts = partsByCell(before, map.kind);
    return { map, turnedParts, count: agreeing(sample, map.cell, turnedParts) };
  });
  const best = Math.max(...counted.map(({ count }) => count));
  if (best === 0 || best * 2 < sample.length || best < 2 * inPlace) return undefined;
  // Those within an eighth of the best on the sample: counted again on every stitched cell, the first of the most kept.
  const close = counted.filter(({ count }) => count * 8 >= best * 7);
  if (close.length === 1 || sample.length === stitched().length) return close.find(({ count }) => count === best)!.map;
  let chosen = close[0]!;
  for (const contender of close) contender.count = agreeing(stitched(), contender.map.cell, contender.turnedParts);
  for (const contender of close) if (contender.count > chosen.count) chosen = contender;
  return chosen.map;
}

/** Cells compared when looking for a turn of the chart: enough to tell, few enough to be quick. */
const TURN_SAMPLE = 4096;

/** The seven ways a width × height chart can be turned or mirrored as a whole (the identity left out). */
function wholeChartTurns(width: number, height: number): BoxMap[] {
  const turns: Turn[] = [{ quarterTurns: 1 }, { quarterTurns: 2 }, { quarterTurns: 3 }, { flip: 'horizontal' }, { flip: 'vertical' }];
  const maps = turns.map((turn) => boxMap(turn, width, height));
  // The two diagonal mirror images: a quarter turn, then a flip.
  const quarter = maps[0]!;
  const transposes = (['horizontal', 'vertical'] as const).map((direction): BoxMap => {
    const flip = boxMap({ flip: direction }, quarter.width, quarter.height);
    return {
      width: flip.width,
      height: flip.height,
      cell: (x, y) => flip.cell(...quarter.cell(x, y)),
      point: (u, v) => flip.point(...quarter.point(u, v)),
      kind: (kind) => flip.kind(quarter.kind(kind)),
    };
  });
  return [...maps, ...transposes];
}

/** Per legend index: cells using the thread and how many of them are done; a cell with two threads' part stitches counts for each. */
export function progressByThread(pattern: Pattern, bits: Uint8Array): { done: number; total: number }[] {
  const counts = pattern.legend.map(() => ({ done: 0, total: 0 }));
  const count = (thread: number, cell: number): void => {
    const entry = counts[thread];
    if (!entry) return;
    entry.total++;
    if (isDone(bits, cell)) entry.done++;
  };
  for (let cell = 0; cell < pattern.cells.length; cell++) count(pattern.cells[cell]!, cell);
  const seen = new Set<string>();
  for (const part of pattern.marks.parts) {
    const cell = part.y * pattern.width + part.x;
    const key = `${cell},${part.thread}`;
    if (seen.has(key)) continue; // two part stitches of one thread in a cell: one cell
    seen.add(key);
    count(part.thread, cell);
  }
  return counts;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** Each character's value, by character code ('=' is 0). */
const BASE64_VALUE = new Uint8Array(128);
for (let value = 0; value < 64; value++) BASE64_VALUE[BASE64.charCodeAt(value)] = value;
const BASE64_TEXT = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Standard base64 with padding (RFC 4648 §4). */
export function encodeProgress(bits: Uint8Array): string {
  const parts: string[] = [];
  for (let i = 0; i < bits.length; i += 3) {
    const n = (bits[i]! << 16) | ((bits[i + 1] ?? 0) << 8) | (bits[i + 2] ?? 0);
    parts.push(
      BASE64[n >> 18]! + BASE64[(n >> 12) & 63]! + (i + 1 < bits.length ? BASE64[(n >> 6) & 63]! : '=') + (i + 2 < bits.length ? BASE64[n & 63]! : '='),
    );
  }
  return parts.join('');
}

/** Standard base64 with padding back to bytes; undefined for anything else (other characters, white space, no padding). */
export function decodeProgress(text: string): Uint8Array | undefined {
  if (!BASE64_TEXT.test(text)) return undefined;
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const bytes = new Uint8Array((text.length / 4) * 3 - padding);
  let byte = 0;
  for (let i = 0; i < text.length; i += 4) {
    const value = (offset: number): number => BASE64_VALUE[text.charCodeAt(i + offset)]!;
    const n = (value(0) << 18) | (value(1) << 12) | (value(2) << 6) | value(3);
    bytes[byte++] = n >> 16;
    if (byte < bytes.length) bytes[byte++] = (n >> 8) & 255;
    if (byte < bytes.length) bytes[byte++] = n & 255;
  }
  return bytes;
}
