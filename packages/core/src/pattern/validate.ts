import { BLEND_STRANDS, blendOf, findBrandColour, isBlendCode } from '../threads/blends.js';
import { findBrandThread } from '../threads/brands.js';
import { aBrandName, isThreadBrand, THREAD_BRANDS, threadKey, threadLabel } from '../threads/brand-names.js';
import type { Thread } from '../threads/catalogue.js';
import { confettiShare } from './confetti.js';
import { checkMarks } from './mark-checks.js';
import { legendEntryOf, MAX_LEGEND_ENTRIES, namedThread, READABLE_PATTERN_VERSIONS, type LegendEntry, type Pattern } from './model.js';
import { markUse, renumberMarks, type ChartMarks } from './stitches.js';
import { CHART_SYMBOLS } from './symbols.js';

/** How big a pattern a client may send: stitches on either side, and threads in its legend. */
export interface PatternLimits {
  maxSide: number;
  maxThreads: number;
}

/** The largest pattern anyone may send: what generation itself can make (500 stitches, 50 threads). */
export const PATTERN_LIMITS: PatternLimits = { maxSide: 500, maxThreads: MAX_LEGEND_ENTRIES };

/** One thing wrong with a document: `field` is a path such as `legend.2.code` or `cells.41`. */
export interface PatternProblem {
  field: string;
  message: string;
}

export class PatternValidationError extends Error {
  override readonly name = 'PatternValidationError';
  constructor(readonly problems: PatternProblem[]) {
    super(`The pattern document is not valid: ${problems.map((problem) => problem.message).join('; ')}`);
  }
}

/** Bad cells named one by one; past this many the rest are counted, so a broken chart gives a short answer. */
const CELL_PROBLEMS_NAMED = 5;

const CHART_SYMBOL_SET: ReadonlySet<string> = new Set(CHART_SYMBOLS);

type UntrustedObject = Readonly<Record<string, unknown>>;

const isObject = (value: unknown): value is UntrustedObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A whole number from 1 to `max`, as a size must be. */
const isSide = (value: unknown, max: number): value is number => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= max;

/**
 * An untrusted pattern document (already JSON-parsed: the editor's download, a project saved from the
 * browser) → a Pattern the renderers can trust. Sizes, cell indices, part stitches, backstitches, knots,
 * thread brands, codes and symbols are checked; each legend entry's colour and name come from its brand's
 * catalogue and its count from the cells, whatever the client wrote (before version 3, threads are DMC, named
 * by `dmc_code`); a blend's colour must be the mix of its threads (checkBlend). The legend keeps the client's order and symbols
 * (the editor chose them) but loses threads with no stitch of any kind, cells and marks renumbered to
 * match, so every export lists only threads used. Version 1 documents (full stitches only) are accepted.
 * Throws PatternValidationError naming every problem found.
 */
export function patternFromUntrustedDocument(value: unknown, limits: PatternLimits): Pattern {
  if (!isObject(value)) throw new PatternValidationError([{ field: 'document', message: 'the document must be a JSON object: a Stitchwise pattern' }]);
  const problems: PatternProblem[] = [];
  checkHeader(value, limits, problems);
  const threads = checkLegend(value['legend'], value['version'], limits, problems);
  checkCells(value, limits, threads?.length, problems);
  if (problems.length > 0 || !threads) throw new PatternValidationError(problems);
  const width = value['width'] as number;
  const height = value['height'] as number;
  const cells = value['cells'] as readonly number[];
  const checked = checkMarks(value, { width, height, threadCount: threads.length, cells }, CELL_PROBLEMS_NAMED);
  if (checked.problems.length > 0) throw new PatternValidationError(checked.problems);
  return withUsedThreadsOnly(width, height, threads, cells, checked.marks);
}

function checkHeader(document: UntrustedObject, { maxSide }: PatternLimits, problems: PatternProblem[]): void {
  if (document['format'] !== 'stitchwise-pattern') problems.push({ field: 'format', message: 'format must be "stitchwise-pattern"' });
  if (!READABLE_PATTERN_VERSIONS.includes(document['version'] as number))
    problems.push({ field: 'version', message: `version must be one of ${READABLE_PATTERN_VERSIONS.join(', ')}` });
  else if (document['version'] === 1 && ['part_stitches', 'backstitches', 'knots'].some((field) => document[field] !== undefined))
    problems.push({ field: 'version', message: 'a version 1 document has full stitches only; part stitches, backstitches and knots need version 2' });
  for (const side of ['width', 'height'] as const) {
    if (!isSide(document[side], maxSide)) problems.push({ field: side, message: `${side} must be a whole number of stitches from 1 to ${maxSide}` });
  }
}

/** A legend entry's catalogue thread (undefined for an unknown code: the document is refused then) and its symbol. */
interface CheckedEntry {
  thread: Thread | undefined;
  symbol: string;
}

function checkLegend(legend: unknown, version: unknown, { maxThreads }: PatternLimits, problems: PatternProblem[]): CheckedEntry[] | undefined {
  if (!Array.isArray(legend)) {
    problems.push({ field: 'legend', message: 'legend must be a list of threads' });
    return undefined;
  }
  // Checked before looking at any entry, so a huge legend costs nothing.
  if (legend.length > maxThreads) {
    problems.push({ field: 'legend', message: `legend has ${legend.length} threads; at most ${maxThreads} are allowed` });
    return undefined;
  }
  const codes = new Map<string, number>();
  const symbols = new Map<string, number>();
  const checked = (legend as unknown[]).map((entry, position): CheckedEntry => {
    const field = `legend.${position}`;
    if (!isObject(entry)) {
      problems.push({ field, message: `${field} must be a thread (an object with brand, code and symbol)` });
      return { thread: undefined, symbol: '' };
    }
    if (entry['index'] !== position) problems.push({ field: `${field}.index`, message: `${field}.index must be ${position}, the entry's position` });
    // Before version 3 every thread was DMC, named by dmc_code.
    const named =
      typeof version === 'number' && version < 3
        ? { brand: 'dmc', code: entry['dmc_code'], codeField: 'dmc_code' }
        : { brand: entry['brand'], code: entry['code'], codeField: 'code' };
    const thread = isBlendEntry(entry, version) ? checkBlend(entry, field, codes, position, problems) : checkThread(named, field, codes, position, problems);
    const symbol = checkSymbol(entry['symbol'], field, symbols, position, problems);
    return { thread, symbol };
  });
  return checked;
}

function checkThread(
  { brand, code, codeField }: { brand: unknown; code: unknown; codeField: string },
  field: string,
  seen: Map<string, number>,
  position: number,
  problems: PatternProblem[],
): Thread | undefined {
  if (!isThreadBrand(brand)) {
    problems.push({ field: `${field}.brand`, message: `${field}.brand must be one of ${THREAD_BRANDS.join(', ')}` });
    return undefined;
  }
  const thread = typeof code === 'string' ? findBrandThread(brand, code) : undefined;
  if (!thread) {
    const kind = `${aBrandName(brand)} thread code`;
    const message = typeof code === 'string' ? `${field}.${codeField} ${shown(code)} is not ${kind}` : `${field}.${codeField} must be ${kind}`;
    problems.push({ field: `${field}.${codeField}`, message });
    return undefined;
  }
  return onlyOnce(thread, `${field}.${codeField}`, seen, position, problems);
}

/** The thread or blend, unless the legend has it already (compared by the catalogue's codes, so '1' and '01' are one). */
function onlyOnce(thread: Thread, field: string, seen: Map<string, number>, position: number, problems: PatternProblem[]): Thread {
  const key = threadKey(thread);
  const first = seen.get(key);
  if (first === undefined) seen.set(key, position);
  else problems.push({ field, message: `${field} ${threadLabel(thread)} is already legend.${first}` });
  return thread;
}

/** Whether a version 3 entry claims to be a blend: a code joining two (`310+413`) or more than one thread listed. */
function isBlendEntry(entry: UntrustedObject, version: unknown): boolean {
  if (typeof version !== 'number' || version < 3) return false;
  const { code, threads } = entry;
  return (typeof code === 'string' && isBlendCode(code)) || (Array.isArray(threads) && threads.length > 1);
}

/**
 * A blend entry, checked strictly: two distinct catalogue threads of the entry's brand, one strand each,
 * the code joining theirs, and the colour the model's mix of theirs (threads/blends.ts) — so a chart
 * cannot show a colour no stitcher could reach with the threads its legend names.
 */
function checkBlend(entry: UntrustedObject, field: string, seen: Map<string, number>, position: number, problems: PatternProblem[]): Thread | undefined {
  const { brand, code, threads } = entry;
  if (!isThreadBrand(brand)) {
    problems.push({ field: `${field}.brand`, message: `${field}.brand must be one of ${THREAD_BRANDS.join(', ')}` });
    return undefined;
  }
  if (!Array.isArray(threads) || threads.length !== 2) {
    problems.push({ field: `${field}.threads`, message: `${field}.threads must list the blend's two threads, one strand each` });
    return undefined;
  }
  const parts = (threads as unknown[]).map((thread, i): Thread | undefined => {
    const at = `${field}.threads.${i}`;
    if (!isObject(thread)) {
      problems.push({ field: at, message: `${at} must be a thread (an object with brand, code and strands)` });
      return undefined;
    }
    if (thread['brand'] !== brand) problems.push({ field: `${at}.brand`, message: `${at}.brand must be ${brand}: a blend's threads are of its brand` });
    if (thread['strands'] !== BLEND_STRANDS)
      problems.push({ field: `${at}.strands`, message: `${at}.strands must be ${BLEND_STRANDS}: a blend is one strand of each thread` });
    const found = typeof thread['code'] === 'string' ? findBrandThread(brand, thread['code']) : undefined;
    if (!found) problems.push({ field: `${at}.code`, message: `${at}.code ${shown(thread['code'])} is not ${aBrandName(brand)} thread code` });
    return found;
  });
  const [a, b] = parts;
  if (!a || !b) return undefined;
  if (a.code === b.code) {
    problems.push({ field: `${field}.threads`, message: `${field}.threads must be two different threads, not ${threadLabel(a)} twice` });
    return undefined;
  }
  const blend = blendOf(a, b);
  // Read as its threads' codes are ('1' is '01', either order), so it must name the same two threads.
  if (typeof code !== 'string' || findBrandColour(brand, code)?.code !== blend.code)
    problems.push({ field: `${field}.code`, message: `${field}.code must be "${blend.code}", the codes of its threads joined by +` });
  if (!sameColour(entry, blend))
    problems.push({ field: `${field}.hex`, message: `${field}.hex and rgb must be ${blend.hex}, the mix of ${threadLabel(blend)} (one strand each)` });
  return onlyOnce(blend, `${field}.code`, seen, position, problems);
}

/** Whether an entry's hex and rgb (where given) are a colour's. */
function sameColour(entry: UntrustedObject, colour: Thread): boolean {
  const { hex, rgb } = entry;
  if (typeof hex !== 'string' || hex.toUpperCase() !== colour.hex.toUpperCase()) return false;
  if (rgb === undefined) return true;
  return isObject(rgb) && rgb['r'] === colour.r && rgb['g'] === colour.g && rgb['b'] === colour.b;
}

function checkSymbol(symbol: unknown, field: string, seen: Map<string, number>, position: number, problems: PatternProblem[]): string {
  if (typeof symbol !== 'string' || !CHART_SYMBOL_SET.has(symbol)) {
    problems.push({ field: `${field}.symbol`, message: `${field}.symbol must be one of the chart symbols` });
    return '';
  }
  const first = seen.get(symbol);
  if (first === undefined) seen.set(symbol, position);
  else problems.push({ field: `${field}.symbol`, message: `${field}.symbol ${symbol} is already the symbol of legend.${first}` });
  return symbol;
}

/**
 * The cells, once the size is known to be within the limits (else there is no length to expect) and the
 * legend usable (else there are no indices to check against: `legendSize` undefined, only the length is).
 */
function checkCells(document: UntrustedObject, limits: PatternLimits, legendSize: number | undefined, problems: PatternProblem[]): void {
  const { cells, width, height } = document;
  if (!Array.isArray(cells)) {
    problems.push({ field: 'cells', message: 'cells must be a list of legend indices, row by row' });
    return;
  }
  if (!isSide(width, limits.maxSide) || !isSide(height, limits.maxSide)) return;
  // Checked before looking at any cell, so a huge list costs nothing.
  if (cells.length !== width * height) {
    problems.push({ field: 'cells', message: `cells must have width × height = ${width * height} entries, not ${cells.length}` });
    return;
  }
  if (legendSize === undefined) return;
  let bad = 0;
  for (let cell = 0; cell < cells.length; cell++) {
    const index: unknown = cells[cell];
    if (Number.isInteger(index) && (index as number) >= -1 && (index as number) < legendSize) continue;
    if (++bad > CELL_PROBLEMS_NAMED) continue;
    const x = cell % width;
    const y = (cell - x) / width;
    problems.push({
      field: `cells.${cell}`,
      message: `cells.${cell} (column ${x + 1}, row ${y + 1}) must be −1 or a legend index from 0 to ${legendSize - 1}, not ${shown(index)}`,
    });
  }
  if (bad > CELL_PROBLEMS_NAMED) problems.push({ field: 'cells', message: `${bad - CELL_PROBLEMS_NAMED} more cells name no legend entry` });
}

/** A client's value quoted in a message, kept short whatever was sent. */
function shown(value: unknown): string {
  if (typeof value === 'string') return `"${value.slice(0, 20)}${value.length > 20 ? '…' : ''}"`;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return Array.isArray(value) ? 'a list' : value === undefined ? 'nothing' : 'an object';
}

/** The checked document as a Pattern: catalogue colours and names, counts from the cells, unused threads dropped. */
function withUsedThreadsOnly(width: number, height: number, entries: readonly CheckedEntry[], source: readonly number[], marks: ChartMarks): Pattern {
  const counts = new Int32Array(entries.length);
  for (const index of source) if (index >= 0) counts[index]!++;
  const use = markUse(marks, entries.length);
  const renumbered = new Int16Array(entries.length).fill(-1);
  const legend: LegendEntry[] = [];
  entries.forEach(({ thread, symbol }, position) => {
    const { partStitches, backstitchLength, knots } = use[position]!;
    if (counts[position] === 0 && partStitches === 0 && backstitchLength === 0 && knots === 0) return;
    renumbered[position] = legend.length;
    legend.push(legendEntryOf(namedThread(thread!), legend.length, symbol, counts[position]!));
  });
  // A plain loop: Int16Array.from with a mapping function is ten times slower on 250,000 cells.
  const cells = new Int16Array(source.length);
  for (let cell = 0; cell < source.length; cell++) {
    const index = source[cell]!;
    cells[cell] = index < 0 ? -1 : renumbered[index]!;
  }
  // An edited chart has no clean-up step to compare with, and no source picture to measure colour error against.
  const confetti = confettiShare(cells, width, height);
  return {
    width,
    height,
    legend,
    cells,
    marks: renumberMarks(marks, renumbered),
    stats: { confetti_before: confetti, confetti_after: confetti, mean_delta_e: 0 },
  };
}
