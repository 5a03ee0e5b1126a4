import { alphabetById, type Alphabet, type BackstitchGlyph, type CrossGlyph } from './alphabets.js';
import type { LetteringAlign } from './limits.js';

export interface LetteringOptions {
  /** Extra stitches between letters (negative brings them closer); 0 keeps the font's spacing. */
  letterSpacing?: number;
  /** Extra rows between lines; 0 stacks the alphabet's line boxes. */
  lineSpacing?: number;
  align?: LetteringAlign;
}

/** Text laid out in stitches, in one thread: full stitches and/or backstitch lines and knots. */
export interface Lettering {
  width: number;
  height: number;
  /** Row by row, `y * width + x`: 1 where a full stitch. */
  stitches: Uint8Array;
  /** Lines and knots on the half-stitch lattice (0…2·width, 0…2·height). */
  backstitches: Array<{ x1: number; y1: number; x2: number; y2: number }>;
  knots: Array<{ x: number; y: number }>;
  /** Characters the alphabet cannot stitch, each once in the order they come: left out, never guessed. */
  missing: string[];
}

interface Placed {
  x: number;
  glyph: CrossGlyph | BackstitchGlyph;
}

interface Line {
  placed: Placed[];
  /**
   * The line's extent from its start, in stitches: its advances, widened where italic letters lean out of them
   * (left of 0, or past the last advance).
   */
  inkLeft: number;
  inkRight: number;
}

/**
 * The text's lines: a line break is LF, CR or CRLF; every space character (a no-break space pasted with a name, a
 * thin space) is a space; white space at a line's end, which stitches nothing, is left out.
 */
export const letteringLines = (text: string): string[] =>
  text
    .normalize('NFC')
    .replace(/\p{Zs}/gu, ' ')
    .split(/\r\n|\r|\n/)
    .map((line) => line.trimEnd());

/**
 * Ink columns of a glyph from its origin, in stitches: [first, one past last]; none for white space. A backstitch
 * letter's are in half stitches, as its lines are on the half-stitch lattice.
 */
function inkColumns(alphabet: Alphabet, glyph: CrossGlyph | BackstitchGlyph): [number, number] | undefined {
  if (alphabet.kind === 'cross') {
    const columns = (glyph as CrossGlyph).stitches.map(([x]) => x);
    return columns.length ? [Math.min(...columns), Math.max(...columns) + 1] : undefined;
  }
  const { lines, knots } = glyph as BackstitchGlyph;
  const xs = [...lines.flatMap(([x1, , x2]) => [x1, x2]), ...knots.map(([x]) => x)];
  return xs.length ? [Math.min(...xs) / 2, Math.max(...xs) / 2] : undefined;
}

/**
 * Empty stitches negative letter spacing must leave between two letters' ink: one in cross stitch, where touching
 * letters run together; none in backstitch, whose script letters are meant to join.
 */
const LEAST_GAP = { cross: 1, backstitch: 0 } as const;

function layOutLine(alphabet: Alphabet, text: string, letterSpacing: number, missing: Set<string>): Line {
  const placed: Placed[] = [];
  let pen = 0;
  let previous: string | undefined;
  let inkLeft = Infinity;
  let inkRight = -Infinity;
  for (const character of text) {
    const glyph = alphabet.glyph(character);
    if (!glyph) {
      missing.add(character);
      continue;
    }
    const ink = inkColumns(alphabet, glyph);
    if (previous !== undefined) {
      const designed = pen + (alphabet.kind === 'cross' ? alphabet.kerning(previous + character) : 0);
      pen = designed + letterSpacing;
      // Closer than the font has them, but never into the letter before: text squeezed into a blob reads as nothing.
      if (letterSpacing < 0 && ink && inkRight > -Infinity) pen = Math.max(pen, Math.min(designed, inkRight + LEAST_GAP[alphabet.kind] - ink[0]));
    }
    placed.push({ x: pen, glyph });
    if (ink) [inkLeft, inkRight] = [Math.min(inkLeft, pen + ink[0]), Math.max(inkRight, pen + ink[1])];
    pen += glyph.advance;
    previous = character;
  }
  return { placed, inkLeft: Math.min(inkLeft, 0), inkRight: Math.max(inkRight, pen) };
}

/**
 * Lays out text in an alphabet: each line's letters at their advances plus `letterSpacing` (and the font's
 * kerning), lines `alphabet.height + lineSpacing` rows apart, aligned within the widest line. A line's width is
 * the sum of its letters' advances and the spacing between them; where italic letters lean out of their
 * advance, the box widens to hold them, and alignment counts them. Negative spacing stops short of overlapping
 * letters (LEAST_GAP) and lines (their capitals a row apart). Backstitch letters advance by half stitches, so
 * joined script meets where the font joins it. Throws RangeError for an unknown alphabet.
 */
export function layOutText(text: string, alphabetId: string, options: LetteringOptions = {}): Lettering {
  const alphabet = alphabetById(alphabetId);
  if (!alphabet) throw new RangeError(`There is no alphabet ${alphabetId}.`);
  const { letterSpacing = 0, lineSpacing = 0, align = 'left' } = options;
  const missing = new Set<string>();
  const lines = letteringLines(text).map((line) => layOutLine(alphabet, line, letterSpacing, missing));
  // Each line's extent from its box's start, italic overhangs included; aligned by that, whole stitches apart.
  const extent = (line: Line) => line.inkRight - line.inkLeft;
  const blockWidth = Math.max(...lines.map(extent));
  const offsets = lines.map((line) => {
    const room = blockWidth - extent(line);
    return (align === 'left' ? 0 : align === 'right' ? Math.floor(room) : Math.floor(room / 2)) - line.inkLeft;
  });
  const width = Math.ceil(blockWidth);
  const pitch = Math.max(alphabet.cap_height + 1, alphabet.height + lineSpacing);
  const height = (lines.length - 1) * pitch + alphabet.height;

  const stitches = new Uint8Array(width * height);
  const backstitches = new Map<string, Lettering['backstitches'][number]>();
  const knots = new Map<string, Lettering['knots'][number]>();
  lines.forEach((line, i) => {
    const top = i * pitch;
    for (const { x, glyph } of line.placed) {
      const originX = offsets[i]! + x;
      if (alphabet.kind === 'cross') {
        for (const [column, row] of (glyph as CrossGlyph).stitches) stitches[(top + row) * width + originX + column] = 1;
        continue;
      }
      const { lines: strokes, knots: dots } = glyph as BackstitchGlyph;
      for (const [x1, y1, x2, y2] of strokes) {
        const line = { x1: x1 + 2 * originX, y1: y1 + 2 * top, x2: x2 + 2 * originX, y2: y2 + 2 * top };
        const key = [`${line.x1},${line.y1}`, `${line.x2},${line.y2}`].sort().join(' ');
        backstitches.set(key, line);
      }
      for (const [kx, ky] of dots) knots.set(`${kx + 2 * originX},${ky + 2 * top}`, { x: kx + 2 * originX, y: ky + 2 * top });
    }
  });
  return { width, height, stitches, backstitches: [...backstitches.values()], knots: [...knots.values()], missing: [...missing] };
}

/** The smallest rectangle of whole stitches holding everything a lettering stitches; undefined when it stitches nothing. */
export function letteringInk(lettering: Lettering): { x: number; y: number; width: number; height: number } | undefined {
  const xs: number[] = [];
  const ys: number[] = [];
  for (let at = 0; at < lettering.stitches.length; at++) {
    if (!lettering.stitches[at]) continue;
    const [x, y] = [at % lettering.width, Math.floor(at / lettering.width)];
    xs.push(x, x + 1);
    ys.push(y, y + 1);
  }
  for (const { x1, y1, x2, y2 } of lettering.backstitches) {
    xs.push(Math.floor(Math.min(x1, x2) / 2), Math.ceil(Math.max(x1, x2) / 2));
    ys.push(Math.floor(Math.min(y1, y2) / 2), Math.ceil(Math.max(y1, y2) / 2));
  }
  for (const { x, y } of lettering.knots) {
    xs.push(Math.floor(x / 2), Math.ceil(x / 2));
    ys.push(Math.floor(y / 2), Math.ceil(y / 2));
  }
  if (!xs.length) return undefined;
  const [x, y] = [Math.min(...xs), Math.min(...ys)];
  return { x, y, width: Math.max(Math.max(...xs) - x, 1), height: Math.max(Math.max(...ys) - y, 1) };
}
