import { ALPHABET_GLYPHS } from './alphabet-glyphs.data.js';
import { ALPHABET_LIST } from './alphabet-list.data.js';
import type { AlphabetInfo } from './alphabet-types.js';

/** A cross-stitch letter: its stitches as [column, row] from its origin at the top of the line box. */
export interface CrossGlyph {
  advance: number;
  stitches: ReadonlyArray<readonly [number, number]>;
}

/** A backstitch letter: lines and knots on the half-stitch lattice from its origin at the top of the line box. */
export interface BackstitchGlyph {
  advance: number;
  lines: ReadonlyArray<readonly [number, number, number, number]>;
  knots: ReadonlyArray<readonly [number, number]>;
}

export type Alphabet = AlphabetInfo &
  (
    | { kind: 'cross'; glyph: (character: string) => CrossGlyph | undefined; kerning: (pair: string) => number }
    | { kind: 'backstitch'; glyph: (character: string) => BackstitchGlyph | undefined }
  );

const numbers = (text: string): number[] => (text ? text.split(' ').map(Number) : []);

function crossGlyph(data: readonly number[] | readonly [number, number, number, number, string]): CrossGlyph {
  const [advance, left, top, width, rows] = data as [number, number?, number?, number?, string?];
  const stitches: Array<[number, number]> = [];
  rows?.split(' ').forEach((hex, row) => {
    const bits = parseInt(hex, 16);
    for (let column = 0; column < width!; column++) if ((bits >> (width! - 1 - column)) & 1) stitches.push([left! + column, top! + row]);
  });
  return { advance, stitches };
}

function backstitchGlyph([advance, lines, knots]: readonly [number, string, string]): BackstitchGlyph {
  const list = (text: string) => (text ? text.split(',').map(numbers) : []);
  return {
    advance,
    lines: list(lines) as Array<[number, number, number, number]>,
    knots: list(knots) as Array<[number, number]>,
  };
}

const decoded = new Map<string, Alphabet>();

/** The alphabet with this id, its glyphs decoded on first use; undefined for an unknown id. */
export function alphabetById(id: string): Alphabet | undefined {
  const cached = decoded.get(id);
  if (cached) return cached;
  const info = ALPHABET_LIST.find((alphabet) => alphabet.id === id);
  const data = Object.hasOwn(ALPHABET_GLYPHS, id) ? ALPHABET_GLYPHS[id] : undefined;
  if (!info || !data) return undefined;
  const glyphs = new Map<string, CrossGlyph | BackstitchGlyph>();
  const glyphOf = <T>(character: string, decode: () => T): T | undefined => {
    if (!Object.hasOwn(data.glyphs, character)) return undefined;
    if (!glyphs.has(character)) glyphs.set(character, decode() as CrossGlyph | BackstitchGlyph);
    return glyphs.get(character) as T;
  };
  let alphabet: Alphabet;
  if (data.kind === 'cross') {
    const { kerning } = data;
    alphabet = {
      ...info,
      kind: 'cross',
      glyph: (character) => glyphOf(character, () => crossGlyph(data.glyphs[character]!)),
      kerning: (pair) => (Object.hasOwn(kerning, pair) ? kerning[pair]! : 0),
    };
  } else {
    alphabet = { ...info, kind: 'backstitch', glyph: (character) => glyphOf(character, () => backstitchGlyph(data.glyphs[character]!)) };
  }
  decoded.set(id, alphabet);
  return alphabet;
}
