import { brandNamed, isThreadBrand, THREAD_BRANDS, type ThreadBrand } from './brand-names.js';
import { ANCHOR_THREADS, compareThreadCodes, DMC_THREADS, findThread, MADEIRA_THREADS, type Thread } from './catalogue.js';

const CATALOGUES: Readonly<Record<ThreadBrand, readonly Thread[]>> = { dmc: DMC_THREADS, anchor: ANCHOR_THREADS, madeira: MADEIRA_THREADS };

/** A brand's whole catalogue, in its table's order. */
export function threadsOf(brand: ThreadBrand): readonly Thread[] {
  return CATALOGUES[brand];
}

const threadLists = new Map<string, readonly Thread[]>();

/** The threads of several brands, one list per set of brands (so its nearest-thread index is built once). */
export function threadsOfBrands(brands: readonly ThreadBrand[]): readonly Thread[] {
  const chosen = THREAD_BRANDS.filter((brand) => brands.includes(brand));
  if (chosen.length === 1) return CATALOGUES[chosen[0]!];
  const key = chosen.join('+');
  let list = threadLists.get(key);
  if (!list) threadLists.set(key, (list = chosen.flatMap((brand) => CATALOGUES[brand])));
  return list;
}

/** A numeric code without leading zeros, a named one in lower case: Anchor `0403` is `403`. */
function codeKey(code: string): string {
  const trimmed = code.trim().toLowerCase();
  return /^\d+$/.test(trimmed) ? String(Number(trimmed)) : trimmed;
}

const BY_CODE = new Map(
  THREAD_BRANDS.filter((brand) => brand !== 'dmc').map((brand) => [brand, new Map(CATALOGUES[brand].map((thread) => [codeKey(thread.code), thread]))]),
);

/**
 * A thread by brand and code, ignoring case and surrounding space (DMC as `findThread` reads it; other
 * brands also without leading zeros). Undefined when the brand's table has no such code.
 */
export function findBrandThread(brand: ThreadBrand, code: string): Thread | undefined {
  if (brand === 'dmc') return findThread(code);
  return BY_CODE.get(brand)!.get(codeKey(code));
}

/** The thread a key names (`anchor:403`, as `threadKey` writes it); undefined for another text or a code the brand lacks. */
export function threadOfKey(key: string): Thread | undefined {
  const colon = key.indexOf(':');
  const brand = key.slice(0, colon);
  return colon > 0 && isThreadBrand(brand) ? findBrandThread(brand, key.slice(colon + 1)) : undefined;
}

/** The threads of these keys (`dmc:310`, `anchor:403`), in their order; keys of no thread are left out. */
export function threadsOfKeys(keys: readonly string[]): Thread[] {
  return keys.map((key) => threadOfKey(key)).filter((thread) => thread !== undefined);
}

/** Threads of several brands in the order a stash is kept: by brand (DMC, Anchor, Madeira), then by number. */
export function compareBrandThreads(a: { brand: ThreadBrand; code: string }, b: { brand: ThreadBrand; code: string }): number {
  return THREAD_BRANDS.indexOf(a.brand) - THREAD_BRANDS.indexOf(b.brand) || compareThreadCodes(a.code, b.code);
}

/** A thread as stitchers write one down: a code, of `brand` unless the brand comes first (`Anchor 403`, `anchor:403`). */
export interface WrittenThread {
  brand: ThreadBrand;
  /** The code as written (trimmed, a leading `#` dropped). */
  code: string;
  /** The catalogue's thread, when the brand has that code. */
  thread?: Thread;
  /** Whether the text named its brand. */
  branded: boolean;
}

/**
 * Reads `Anchor 403`, `DMC 310`, `anchor:403`, `#310` or `403` (of `brand`): the brand named in front,
 * if any, and the code. The thread is there when the brand's catalogue has the code.
 */
export function readWrittenThread(text: string, brand: ThreadBrand = 'dmc'): WrittenThread {
  const match = /^\s*([a-z]+)\s*[: ]\s*(\S.*?)\s*$/i.exec(text);
  const named = match ? brandNamed(match[1]!) : undefined;
  const chosen = named ?? brand;
  const code = (named ? match![2]! : text).trim().replace(/^#/, '');
  const thread = findBrandThread(chosen, code);
  return { brand: chosen, code: thread?.code ?? code, ...(thread ? { thread } : {}), branded: named !== undefined };
}
