/** What a stitch alphabet is: listed to users, with its font's licence and credit. */
export interface AlphabetInfo {
  id: string;
  name: string;
  /** `cross`: letters of full stitches; `backstitch`: single-line letters of backstitch (and knots for dots). */
  kind: 'cross' | 'backstitch';
  /** Rows of the line box, in stitches: every letter, accents and descenders included, lies within it. */
  height: number;
  /** Stitches from the baseline to the top of a capital H. */
  cap_height: number;
  /** Every character the alphabet can stitch, in code point order. */
  characters: string;
  style: string;
  /** The font the letters come from, its licence, its credit, and the package it was taken from. */
  font: string;
  licence: string;
  credit: string;
  origin: string;
}

/**
 * A cross-stitch glyph as generated: `[advance]` for white space, else `[advance, left, top, width, rows]`: the
 * bitmap's first column from the glyph's origin, its first row from the top of the line box, its width, and its
 * rows top first as hexadecimal, the leftmost stitch the highest bit, separated by spaces.
 */
export type CrossGlyphData = readonly [number] | readonly [number, number, number, number, string];

/**
 * A backstitch glyph as generated: `[advance, lines, knots]`: its advance in stitches (a whole or a half), lines
 * `x1 y1 x2 y2` and knots `x y` in half-stitch lattice units from the top-left of the glyph's line box, separated
 * by commas.
 */
export type BackstitchGlyphData = readonly [number, string, string];

export type GlyphData =
  | { kind: 'cross'; glyphs: Record<string, CrossGlyphData>; kerning: Record<string, number> }
  | { kind: 'backstitch'; glyphs: Record<string, BackstitchGlyphData> };
