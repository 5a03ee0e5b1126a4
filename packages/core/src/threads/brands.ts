import { THREAD_BRANDS, type ThreadBrand } from './brand-names.js';
import { ANCHOR_THREADS, DMC_THREADS, findThread, MADEIRA_THREADS, type Thread } from './catalogue.js';

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
