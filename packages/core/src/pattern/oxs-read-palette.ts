import { parseHex } from '../color/hex.js';
import { rgbToLab, type Rgb } from '../color/spaces.js';
import { blendOf } from '../threads/blends.js';
import { findBrandThread, threadsOf } from '../threads/brands.js';
import { BRANDS } from '../threads/brand-names.js';
import { nearestThreads, type Thread } from '../threads/catalogue.js';
import { THREAD_BRANDS, type ThreadBrand } from '../threads/brand-names.js';
import { ChartImportError } from './oxs-read-error.js';
import { oxsNumber } from './oxs-read-xml.js';

/** One colour of an OXS palette, as the file describes it. */
export interface PaletteEntry {
  /** The number stitches name it by (`palindex`). */
  index: number;
  /** The fabric: stitches in it are no stitch. */
  cloth: boolean;
  /** How the file names the thread, for the stitcher: `DMC 310`, `Anchor 403`, or its name. */
  source: string;
  /** The thread's brand (`DMC`, `Anchor`), when the number has one. */
  brand: string | undefined;
  code: string | undefined;
  rgb: Rgb | undefined;
  /** A symbol character the file gives, or undefined where it gives a code into a symbol font. */
  symbol: string | undefined;
  /** The threads of a blend, as the file names them; undefined for a plain colour. */
  blend: readonly BlendPart[] | undefined;
}

/** One thread of a blend as a palette item names it: WinStitch's `number`/`name` and `blendcolor`, or an Embroiderly `<blend>`. */
export interface BlendPart {
  brand: string | undefined;
  code: string | undefined;
  rgb: Rgb | undefined;
}

/** A source colour's thread, and how it was found: by its brand and code, or as the nearest colour by ΔE00. */
export interface ThreadChoice {
  thread: Thread;
  matched_by: 'code' | 'colour';
  /** ΔE00 from the file's colour to the thread's, rounded to 0.01; 0 for a match by code. */
  delta_e: number;
}

/** Characters of a palette item's own name kept for the import report. */
const MAX_SOURCE_LENGTH = 60;
/** DMC names that programs write where the card prints a code. */
const DMC_ALIASES: Readonly<Record<string, string>> = { white: 'Blanc' };

/** What WinStitch writes after the first thread's number, and between the two threads' in the name, for a blend. */
export const OXS_BLEND_MARK = '[+]';

/**
 * A `palette_item`: `position` is its place in the palette, its index when the file gives none (the
 * format's rule: the first item is the cloth). The number is a brand and a code separated by spaces
 * (`DMC    943`, `Anchor 403`) or a code alone (`310`, read as DMC). A blend as WinStitch writes it (and
 * Stitchwise): `number="DMC 310 [+]"`, `name="DMC 310 [+] DMC 413"`, the first thread's colour in `color`
 * and the second's in `blendcolor`.
 */
export function paletteEntryOf(attributes: Readonly<Record<string, string>>, position: number): PaletteEntry {
  const given = attributes['index'];
  const index = given === undefined ? position : oxsNumber(given);
  if (index === undefined || !Number.isInteger(index) || index < 0) {
    throw new ChartImportError('palette', `A palette item has index "${(given ?? '').slice(0, 20)}"; it must be a whole number from 0.`);
  }
  const number = words(attributes['number'] ?? '');
  const name = (attributes['name'] ?? '').trim();
  const blended = number.at(-1) === OXS_BLEND_MARK;
  const { brand, code } = brandAndCode(blended ? number.slice(0, -1) : number);
  const rgb = parseHex(attributes['color'] ?? '') ?? undefined;
  const cloth = index === 0 || looksLikeCloth(attributes);
  return {
    index,
    cloth,
    // Shown back to the stitcher in the import report and in refusals: as much as names a thread, no more.
    source: (blended && name.includes(OXS_BLEND_MARK) ? name : number.length > 0 ? number.join(' ') : name || `palette item ${index}`).slice(
      0,
      MAX_SOURCE_LENGTH,
    ),
    brand,
    code,
    rgb,
    symbol: symbolOf(attributes),
    blend: blended ? winStitchBlend({ brand, code, rgb }, name, attributes['blendcolor']) : undefined,
  };
}

/** WinStitch's blend: the first thread in `number` and `color`, the second after the mark in `name` and in `blendcolor`. */
function winStitchBlend(first: BlendPart, name: string, blendColour: string | undefined): BlendPart[] {
  const at = name.lastIndexOf(OXS_BLEND_MARK);
  const second = at >= 0 ? brandAndCode(words(name.slice(at + OXS_BLEND_MARK.length))) : { brand: undefined, code: undefined };
  return [first, { ...second, rgb: parseHex(blendColour ?? '') ?? undefined }];
}

/** A thread of a blend as an Embroiderly `<blend number="DMC 310" color="…"/>` inside its palette item names it. */
export function blendPartOf(attributes: Readonly<Record<string, string>>): BlendPart {
  return { ...brandAndCode(words(attributes['number'] ?? '')), rgb: parseHex(attributes['color'] ?? '') ?? undefined };
}

const words = (text: string): string[] => text.trim().split(/\s+/).filter(Boolean);

/** A number's words as a brand and a code: the last word is the code, any before it the brand. */
function brandAndCode(number: readonly string[]): { brand: string | undefined; code: string | undefined } {
  return { brand: number.length > 1 ? number.slice(0, -1).join(' ') : undefined, code: number.at(-1) };
}

/** An item that names itself the cloth (`number="cloth"`), wherever it stands. */
export function looksLikeCloth(attributes: Readonly<Record<string, string>>): boolean {
  return (attributes['number'] ?? attributes['name'] ?? '').trim().toLowerCase() === 'cloth';
}

/**
 * The character a palette item is drawn with: `symbol` when it is one character; `symbol_courier`
 * (the character itself, beside a font code) otherwise. A number with a `fontname`, or of several
 * digits, is a glyph code in that program's symbol font, which means nothing here.
 */
function symbolOf(attributes: Readonly<Record<string, string>>): string | undefined {
  const single = (text: string | undefined): string | undefined => (text !== undefined && Array.from(text).length === 1 ? text : undefined);
  const symbol = attributes['symbol'];
  const fontCode = symbol !== undefined && /^\d+$/.test(symbol) && (symbol.length > 1 || attributes['fontname'] !== undefined);
  return (fontCode ? undefined : single(symbol)) ?? single(attributes['symbol_courier']);
}

/** The brand a palette item's number names (`DMC`, `Anchor`, `Madeira`, any case); DMC for a code alone; undefined for another maker. */
export function oxsBrand(written: string | undefined): ThreadBrand | undefined {
  if (written === undefined) return 'dmc';
  return THREAD_BRANDS.find((brand) => BRANDS[brand].name.toLowerCase() === written.toLowerCase());
}

/**
 * The thread for a palette entry: itself when its brand is one Stitchwise knows and the code is in that
 * brand's catalogue (`1` and `01`, `blanc` and `Blanc` are one DMC thread, as the catalogue writes them);
 * otherwise — another maker, or a code the catalogue does not have — the thread of `fallback` nearest to
 * the entry's colour by ΔE00.
 */
export function threadFor(entry: PaletteEntry, fallback: ThreadBrand = 'dmc'): ThreadChoice {
  const blend = entry.blend ? blendFor(entry.blend, fallback) : undefined;
  if (blend) return blend;
  const byCode = threadByCode(entry);
  if (byCode) return { thread: byCode, matched_by: 'code', delta_e: 0 };
  if (!entry.rgb) {
    throw new ChartImportError(
      'palette',
      `Palette item ${entry.index} (${entry.source}) is not a thread Stitchwise knows and has no colour (color="RRGGBB") to match one by.`,
    );
  }
  const nearest = nearestThreads(rgbToLab(entry.rgb), 1, threadsOf(fallback))[0]!;
  return { thread: nearest.thread, matched_by: 'colour', delta_e: Math.round(nearest.distance * 100) / 100 };
}

/** The thread a brand and code name, as the brand's catalogue writes it (`1` and `01`, `blanc` and `Blanc` are one DMC thread). */
function threadByCode(named: { brand: string | undefined; code: string | undefined }): Thread | undefined {
  const brand = oxsBrand(named.brand);
  if (brand === undefined || named.code === undefined) return undefined;
  return findBrandThread(brand, brand === 'dmc' ? (DMC_ALIASES[named.code.toLowerCase()] ?? named.code) : named.code);
}

/**
 * The blend of two threads a palette item names, in one brand (a chart is stitched in one): the first
 * thread's that a code names, else `fallback`. Each thread is the one its brand and code name, else — another
 * maker, an unknown code, or another brand — the thread of the blend's brand nearest to its colour. Undefined
 * where that makes no blend Stitchwise stitches (more or fewer than two threads, a thread with neither a code
 * nor a colour to go by, one thread twice): the item is then read as one colour.
 */
function blendFor(parts: readonly BlendPart[], fallback: ThreadBrand): ThreadChoice | undefined {
  if (parts.length !== 2) return undefined;
  const known = parts.map(threadByCode);
  const brand = known.find((thread) => thread !== undefined)?.brand ?? fallback;
  const chosen = parts.map((part, i) => {
    const thread = known[i];
    if (thread?.brand === brand) return { thread, delta_e: 0 };
    if (!part.rgb) return undefined;
    const nearest = nearestThreads(rgbToLab(part.rgb), 1, threadsOf(brand))[0]!;
    return { thread: nearest.thread, delta_e: Math.round(nearest.distance * 100) / 100 };
  });
  const [a, b] = chosen;
  if (!a || !b || a.thread.code === b.thread.code) return undefined;
  const byCode = chosen.every((choice, i) => choice!.thread === known[i]);
  return { thread: blendOf(a.thread, b.thread), matched_by: byCode ? 'code' : 'colour', delta_e: Math.max(a.delta_e, b.delta_e) };
}
