import { deltaE2000 } from '../color/ciede2000.js';
import type { Lab } from '../color/spaces.js';
import { threadKey, type ThreadBrand } from '../threads/brand-names.js';
import { blendOf, findBrandColour } from '../threads/blends.js';
import { threadsOf } from '../threads/brands.js';
import { nearestThreads, type Thread } from '../threads/catalogue.js';
import { chartFromPattern, chartThreadLab, chartThreadOf, patternFromChart, type ChartThread } from './edit/chart.js';
import type { LegendEntry, Pattern } from './model.js';
import { renumberMarks } from './stitches.js';
import { LOOK_ALIKE_DELTA_E, symbolBeside, symbolFamily, type SymbolHolder } from './symbols.js';

/** A thread as a conversion report names it. */
export interface ConvertedThread {
  brand: ThreadBrand;
  code: string;
  name: string;
  /** `#RRGGBB`; a blend's, the mix of its threads. */
  hex: string;
  /** A blend's two threads; absent for a plain thread. */
  blend?: ConvertedThreadPart[];
}

/** One thread of a blend in a conversion report. */
export type ConvertedThreadPart = Omit<ConvertedThread, 'blend'>;

/** What one legend thread became: the nearest thread of the target brand by ΔE00 (itself when already of it). */
export interface BrandMapping {
  from: ConvertedThread;
  to: ConvertedThread;
  /** CIEDE2000 between the two threads' catalogue colours; 0 for a thread that stays. */
  delta_e: number;
}

export interface BrandConversion {
  /** The chart in the target brand: look-alike targets merged, legend in the generator's order. */
  pattern: Pattern;
  /** One per legend entry of the original chart, in its legend order. */
  mappings: BrandMapping[];
}

interface Target {
  thread: ChartThread;
  lab: Lab;
  deltaE: number;
}

/**
 * The chart in another brand: each legend thread becomes the thread of `to` nearest to it by CIEDE2000 on the
 * catalogues' CIELAB (the catalogue's exact search), a thread already of `to` stays. These are nearest screen
 * colours, never official equivalents. Threads that land on the same thread become one legend entry: its cells
 * and marks (part stitches, backstitch, knots) are renumbered, counts recomputed and the legend ordered as
 * the generator orders it (most full stitches first, ties by code). Each thread keeps the symbol of the
 * thread it came from (the most used one, where several merged) unless a look-alike (ΔE00 < 10) now has one
 * of the same family; those get a new symbol as generation would choose it (symbolBeside).
 */
export function convertPatternBrand(pattern: Pattern, to: ThreadBrand): BrandConversion {
  const chart = chartFromPattern(pattern); // its threads in legend order, so the first of a merge is the most used
  const candidates = threadsOf(to);
  const nearestOf = (lab: Lab): Thread => nearestThreads(lab, 1, candidates)[0]!.thread;
  const targets = chart.threads.map((thread): Target => {
    const lab = chartThreadLab(thread);
    if (thread.brand === to) return { thread, lab, deltaE: 0 };
    // A blend stays a blend of the threads its own two become (nothing more to buy), unless both become one.
    const [a, b] = thread.blend?.map((part) => nearestOf(chartThreadLab(part))) ?? [];
    const target = a && b ? (a === b ? a : blendOf(a, b)) : nearestOf(lab);
    return { thread: chartThreadOf(target, thread.symbol), lab: target.lab, deltaE: deltaE2000(lab, target.lab) };
  });

  const slotOf = new Map<string, number>();
  const threads: ChartThread[] = [];
  const labs: Lab[] = [];
  const renumber = targets.map(({ thread, lab }) => {
    const key = sameThreadKey(thread);
    let slot = slotOf.get(key);
    if (slot === undefined) {
      slot = threads.push(thread) - 1;
      labs.push(lab);
      slotOf.set(key, slot);
    }
    return slot;
  });
  const converted = patternFromChart(
    {
      width: chart.width,
      height: chart.height,
      cells: chart.cells.map((index) => (index < 0 ? -1 : renumber[index]!)),
      threads,
      marks: renumberMarks(chart.marks, renumber),
    },
    pattern.stats,
  );
  // patternFromChart keeps each thread's symbol; the legend's colours, by position, for the look-alike check.
  const legendLabs = converted.legend.map((entry) => labs[slotOf.get(sameThreadKey(entry))!]!);
  const symbols = keptSymbols(converted.legend, legendLabs);
  const legend = converted.legend.map((entry, rank) => (entry.symbol === symbols[rank] ? entry : { ...entry, symbol: symbols[rank]! }));

  const part = ({ brand, code, name, hex }: ConvertedThreadPart): ConvertedThreadPart => ({ brand, code, name, hex });
  const named = (thread: ChartThread): ConvertedThread =>
    thread.blend ? { ...part(thread), blend: [part(thread.blend[0]), part(thread.blend[1])] } : part(thread);
  const mappings = chart.threads.map((thread, index) => ({ from: named(thread), to: named(targets[index]!.thread), delta_e: targets[index]!.deltaE }));
  return { pattern: { ...converted, legend }, mappings };
}

/** One key per thread of a brand, whatever way a document wrote its code (Anchor `0403` is `403`). */
function sameThreadKey({ brand, code }: { brand: ThreadBrand; code: string }): string {
  return threadKey({ brand, code: findBrandColour(brand, code)?.code ?? code });
}

/**
 * The legend's symbols: each entry's own where no entry before it has that symbol or, being a look-alike, one
 * of its family; the rest chosen after, as generation chooses, beside all the kept ones.
 */
function keptSymbols(legend: readonly LegendEntry[], labs: readonly Lab[]): string[] {
  const kept: SymbolHolder[] = [];
  const symbols = legend.map((entry, rank) => {
    const clash = kept.some(
      (holder) =>
        holder.symbol === entry.symbol ||
        (symbolFamily(holder.symbol) === symbolFamily(entry.symbol) && deltaE2000(holder.lab, labs[rank]!) < LOOK_ALIKE_DELTA_E),
    );
    if (clash) return undefined;
    kept.push({ symbol: entry.symbol, lab: labs[rank]! });
    return entry.symbol;
  });
  const holders = [...kept];
  return symbols.map((symbol, rank) => {
    if (symbol !== undefined) return symbol;
    const chosen = symbolBeside(labs[rank]!, holders, rank);
    holders.push({ symbol: chosen, lab: labs[rank]! });
    return chosen;
  });
}
