import { deltaE2000 } from '../color/ciede2000.js';
import type { Lab } from '../color/spaces.js';

/**
 * Chart symbols, most legible first: the most used thread gets the first free one (assignSymbols), and the
 * first 20 are clearly different shapes (a filled shape and its outline, ■ and □, only come after them). Every one exists in
 * DejaVu Sans Bold (shipped in an npm package and embedded by the renderers), so charts never depend
 * on fonts installed on a machine. Look-alikes are left out: I/l/1, O/0, Q, S/5/$, B/8, G/6, Z/2, X/✖, + /✚.
 */
export const CHART_SYMBOLS: readonly string[] = [
  '■',
  '▲',
  '●',
  '◆',
  '★',
  '♥',
  '♠',
  '♣',
  '▼',
  '✚',
  '✖',
  '⊕',
  '⊞',
  '◐',
  '✓',
  '♪',
  'A',
  'C',
  'E',
  'H',
  '□',
  '△',
  '○',
  '◇',
  '☆',
  '♡',
  '▽',
  '♦',
  '⊗',
  '⊠',
  '◑',
  '◒',
  '◓',
  '⬢',
  '◉',
  '◎',
  '▣',
  '▤',
  '▥',
  '▦',
  '▧',
  '▨',
  '✦',
  '✱',
  '⌂',
  '☀',
  'D',
  'F',
  'J',
  'K',
  'L',
  'M',
  'N',
  'P',
  'R',
  'T',
  'U',
  'V',
  'W',
  'Y',
  '3',
  '4',
  '7',
  '9',
  '#',
  '@',
  '&',
  '%',
  '=',
  '?',
  'Σ',
  'Ω',
  'Φ',
  'Ψ',
  'Ξ',
  'Π',
  '§',
  '¶',
];

/**
 * Symbols in families of shapes that differ only by rotation (45° included), mirroring or fill: a stitcher
 * tells members of one family apart only by a careful look, so threads that look alike never get two of
 * one family (see assignSymbols). Every chart symbol is in exactly one family; the rest stand alone.
 */
export const SYMBOL_FAMILIES: readonly (readonly string[])[] = [
  ['■', '□', '▣', '▤', '▥', '▦', '▧', '▨', '⊞', '⊠', '◆', '◇', '♦'],
  ['▲', '△', '▼', '▽'],
  ['●', '○', '◐', '◑', '◒', '◓', '◉', '◎', '⊕', '⊗'],
  ['★', '☆', '✦', '✱'],
  ['♥', '♡'],
  ['✚', '✖'],
  ['A', 'V'],
  ['C', 'U', 'Π'],
  ['E', 'F', '3'],
  ['J', 'L', '7'],
  ['M', 'W', 'Σ'],
  ['=', 'Ξ'],
];

const FAMILY_OF: ReadonlyMap<string, string> = new Map(
  CHART_SYMBOLS.map((symbol) => [symbol, SYMBOL_FAMILIES.find((family) => family.includes(symbol))?.[0] ?? symbol]),
);

/** The family a chart symbol belongs to, named by its first member (a symbol that stands alone names its own). */
export function symbolFamily(symbol: string): string {
  return FAMILY_OF.get(symbol) ?? symbol;
}

/** Threads closer than this (ΔE00) look alike on fabric: their symbols come from different families. */
export const LOOK_ALIKE_DELTA_E = 10;
/** The most used threads of a chart get symbols of different families whatever their colours. */
export const DISTINCT_FAMILY_RANKS = 20;

/** A thread that has its symbol, as the next one's choice needs it. */
export interface SymbolHolder {
  symbol: string;
  lab: Lab;
}

/**
 * The symbol for a thread of colour `lab` joining `holders` (threads with their symbols), at `rank` in the
 * legend: the most legible free symbol whose family no look-alike thread (ΔE00 < 10) has, and, among the 20
 * most used threads, no other thread at all. Where the families run out (a chart of very many near colours),
 * the family whose nearest holder is farthest away.
 */
export function symbolBeside(lab: Lab, holders: readonly SymbolHolder[], rank = holders.length): string {
  const taken = new Set(holders.map((holder) => holder.symbol));
  const closest = new Map<string, number>(); // family → ΔE00 to its nearest holder
  for (const holder of holders) {
    const family = symbolFamily(holder.symbol);
    const distance = rank < DISTINCT_FAMILY_RANKS ? 0 : deltaE2000(lab, holder.lab);
    closest.set(family, Math.min(closest.get(family) ?? Infinity, distance));
  }
  let best: string | undefined;
  let bestDistance = -1;
  for (const symbol of CHART_SYMBOLS) {
    if (taken.has(symbol)) continue;
    const distance = closest.get(symbolFamily(symbol)) ?? Infinity;
    if (distance >= LOOK_ALIKE_DELTA_E) return symbol;
    if (distance > bestDistance) [best, bestDistance] = [symbol, distance];
  }
  if (best === undefined) throw new RangeError(`A chart has at most ${CHART_SYMBOLS.length} symbols`);
  return best;
}

/** Symbols for a legend's threads, most used first (their colours in that order): see symbolBeside. */
export function assignSymbols(colours: readonly Lab[]): string[] {
  const holders: SymbolHolder[] = [];
  for (const lab of colours) holders.push({ symbol: symbolBeside(lab, holders), lab });
  return holders.map((holder) => holder.symbol);
}

/** The symbol for the n-th thread of a legend (0 = most stitches). */
export function symbolFor(rank: number): string {
  const symbol = CHART_SYMBOLS[rank];
  if (symbol === undefined) throw new RangeError(`A chart has at most ${CHART_SYMBOLS.length} symbols`);
  return symbol;
}
