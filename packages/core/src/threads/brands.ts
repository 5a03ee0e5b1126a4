import { ANCHOR_THREADS, DMC_THREADS, findThread, MADEIRA_THREADS, THREAD_BRANDS, type Thread, type ThreadBrand } from './catalogue.js';

/** What a brand is called and where its colours come from, as the API and the About page credit them. */
export interface BrandInfo {
  readonly id: ThreadBrand;
  /** As stitchers write it before a code: "DMC 310", "Anchor 403", "Madeira 814". */
  readonly name: string;
  readonly source: string;
  readonly licence: string;
}

const KXSTITCH = 'KXStitch 2.2.0 floss schemes (Debian kxstitch-common 2.2.0-3), © 2003–2015 Stephen Allewell';

export const BRANDS: Readonly<Record<ThreadBrand, BrandInfo>> = {
  dmc: { id: 'dmc', name: 'DMC', source: 'craft-color-codes by MakeBead (https://makebead.com)', licence: 'CC BY 4.0' },
  anchor: { id: 'anchor', name: 'Anchor', source: KXSTITCH, licence: 'GPL-2.0-or-later' },
  madeira: { id: 'madeira', name: 'Madeira', source: KXSTITCH, licence: 'GPL-2.0-or-later' },
};

const CATALOGUES: Readonly<Record<ThreadBrand, readonly Thread[]>> = { dmc: DMC_THREADS, anchor: ANCHOR_THREADS, madeira: MADEIRA_THREADS };

export function isThreadBrand(value: unknown): value is ThreadBrand {
  return typeof value === 'string' && (THREAD_BRANDS as readonly string[]).includes(value);
}

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

/** "DMC 310", "Anchor 403", "Madeira Black": how a chart, a legend or a shopping list names a thread. */
export function threadLabel({ brand, code }: { brand: ThreadBrand; code: string }): string {
  return `${BRANDS[brand].name} ${code}`;
}

/** One key per thread across brands, for maps and sets: `anchor:403`. */
export function threadKey({ brand, code }: { brand: ThreadBrand; code: string }): string {
  return `${brand}:${code}`;
}

/** The brand all these threads are ("Anchor"), or "thread" when they are of several (as in "12 Anchor colours"). */
export function brandNameOf(threads: readonly { brand: ThreadBrand }[]): string {
  const brands = new Set(threads.map((thread) => thread.brand));
  return brands.size === 1 ? BRANDS[[...brands][0]!].name : brands.size === 0 ? BRANDS.dmc.name : 'thread';
}
