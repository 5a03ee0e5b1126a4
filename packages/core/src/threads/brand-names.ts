/**
 * The thread brands and how they are named, with no thread data: what a screen needs to label threads
 * ("Anchor 403") without loading any catalogue.
 */

/** The thread makers whose six-strand floss Stitchwise knows. */
export const THREAD_BRANDS = ['dmc', 'anchor', 'madeira'] as const;
export type ThreadBrand = (typeof THREAD_BRANDS)[number];

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

export function isThreadBrand(value: unknown): value is ThreadBrand {
  return typeof value === 'string' && (THREAD_BRANDS as readonly string[]).includes(value);
}

/** A brand as written before a code or in a file's column: its id or name in any case (`anchor`, `Anchor`, `DMC`). */
export function brandNamed(word: string): ThreadBrand | undefined {
  const lower = word.trim().toLowerCase();
  return THREAD_BRANDS.find((brand) => brand === lower || BRANDS[brand].name.toLowerCase() === lower);
}

/**
 * "DMC 310", "Anchor 403", "Madeira Black": how a chart, a legend or a shopping list names a thread; a
 * blend (code `310+413`) as "DMC 310 + 413".
 */
export function threadLabel({ brand, code }: { brand: ThreadBrand; code: string }): string {
  return `${BRANDS[brand].name} ${codeLabel(code)}`;
}

/** How a blend's code joins its threads' codes: `310+413` (no catalogue code holds it). */
export const BLEND_JOINER = '+';

/** A code as a legend shows it: a blend's codes spaced ("310 + 413"), any other as it is. */
export function codeLabel(code: string): string {
  return code.split(BLEND_JOINER).join(` ${BLEND_JOINER} `);
}

/** The brand's name with its article, as a sentence needs it: "a DMC", "an Anchor", "a Madeira". */
export function aBrandName(brand: ThreadBrand): string {
  const { name } = BRANDS[brand];
  return `${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name}`;
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
