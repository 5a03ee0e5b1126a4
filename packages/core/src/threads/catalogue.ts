import { formatHex } from '../color/hex.js';
import type { ThreadBrand } from './brand-names.js';
import type { Lab, Rgb } from '../color/spaces.js';
import { ANCHOR_CATALOGUE_ROWS } from './anchor-catalogue.data.js';
import type { CatalogueRow } from './catalogue-row.js';
import { DMC_CATALOGUE_ROWS } from './dmc-catalogue.data.js';
import { MADEIRA_CATALOGUE_ROWS } from './madeira-catalogue.data.js';
import { threadIndexFor, type ThreadMatch } from './thread-index.js';

export type { ThreadMatch } from './thread-index.js';

export interface Thread extends Rgb {
  readonly brand: ThreadBrand;
  /** The code as the maker prints it: DMC `310`, `B5200`, `Blanc`, `01`; Anchor `403`; Madeira `814`, `Black`. */
  readonly code: string;
  readonly name: string;
  /** `#RRGGBB`. */
  readonly hex: string;
  readonly lab: Lab;
  readonly discontinued: boolean;
}

/** A thread of the DMC catalogue (every thread of the specification's `/api/dmc` routes). */
export type DmcThread = Thread & { readonly brand: 'dmc' };

function catalogue<Brand extends ThreadBrand>(brand: Brand, rows: readonly CatalogueRow[]): readonly (Thread & { readonly brand: Brand })[] {
  return rows.map(([code, name, r, g, b, L, labA, labB, discontinued]) => ({
    brand,
    code,
    name,
    r,
    g,
    b,
    hex: formatHex({ r, g, b }),
    lab: { L, a: labA, b: labB },
    discontinued,
  }));
}

/** The DMC six-strand floss catalogue in colour-card order. */
export const DMC_THREADS: readonly DmcThread[] = catalogue('dmc', DMC_CATALOGUE_ROWS);
/** Anchor stranded cotton, in code order, from KXStitch's table. */
export const ANCHOR_THREADS: readonly Thread[] = catalogue('anchor', ANCHOR_CATALOGUE_ROWS);
/** Madeira stranded cotton, in the table's order, from KXStitch's table. */
export const MADEIRA_THREADS: readonly Thread[] = catalogue('madeira', MADEIRA_CATALOGUE_ROWS);

const THREADS_BY_CODE = new Map(DMC_THREADS.map((thread) => [thread.code.toLowerCase(), thread]));

/** Skeins of a thread a stitcher can list as owned: whole numbers, 0 (owned, none left) to 999. */
export const MAX_OWNED_SKEINS = 999;

/**
 * Looks a DMC thread up by its code, ignoring case and surrounding space. The 01–35 range is
 * printed with a leading zero, so `1` finds `01` as well.
 */
export function findThread(code: string): DmcThread | undefined {
  const key = code.trim().toLowerCase();
  return THREADS_BY_CODE.get(key) ?? (/^\d$/.test(key) ? THREADS_BY_CODE.get(`0${key}`) : undefined);
}

/** The threads of these codes (as findThread reads them), in their order; codes the catalogue lacks are left out. */
export function findThreads(codes: readonly string[]): DmcThread[] {
  return codes.map((code) => findThread(code)).filter((thread) => thread !== undefined);
}

/** Codes in number order, as floss boxes and shops sort them: DMC 01 … 3865, then B5200, Blanc, Ecru. */
export function compareThreadCodes(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });
}

/**
 * Threads whose code or name contains the query (case-insensitive), an exact code first,
 * then codes that start with it, then the rest in colour-card order. An empty query gives all.
 */
export function searchThreads(query: string, threads: readonly Thread[] = DMC_THREADS): Thread[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [...threads];
  const rank = (thread: Thread): number => {
    const code = thread.code.toLowerCase();
    if (code === needle) return 0;
    if (code.startsWith(needle)) return 1;
    if (code.includes(needle) || thread.name.toLowerCase().includes(needle)) return 2;
    return -1;
  };
  return threads
    .map((thread) => ({ thread, rank: rank(thread) }))
    .filter(({ rank }) => rank >= 0)
    .sort((x, y) => x.rank - y.rank) // stable: ties keep colour-card order
    .map(({ thread }) => thread);
}

/**
 * The `count` threads nearest to a colour by CIEDE2000, nearest first; equal distances keep
 * the candidates' order. Exact: the answer is always what a scan of every candidate would give.
 */
export function nearestThreads(color: Lab, count = 5, candidates: readonly Thread[] = DMC_THREADS): ThreadMatch[] {
  return threadIndexFor(candidates).nearest(color, count);
}
