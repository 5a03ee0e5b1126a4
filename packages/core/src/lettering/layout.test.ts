import { describe, expect, it } from 'vitest';
import { findThread } from '../threads/catalogue.js';
import { PATTERN_LIMITS, patternFromUntrustedDocument } from '../pattern/validate.js';
import { toPatternDocument } from '../pattern/model.js';
import { ALPHABET_LIST as ALPHABETS } from './alphabet-list.data.js';
import { alphabetById, type CrossGlyph } from './alphabets.js';
import { letteringPattern } from './chart.js';
import { layOutText, letteringInk, type Lettering } from './layout.js';
import { LETTER_SPACING_RANGE, LINE_SPACING_RANGE } from './limits.js';

const SAMPLE = 'AaBb 0123 ÄÖß';
/** Alphabets whose letters stay inside their advances, so a line's box is exactly its advances. */
const UPRIGHT = ['tiny-5', 'plain-7', 'bold-10', 'gothic-12'];

const advanceOf = (id: string, character: string): number => alphabetById(id)!.glyph(character)!.advance;
const kerningOf = (id: string, pair: string): number => {
  const alphabet = alphabetById(id)!;
  return alphabet.kind === 'cross' ? alphabet.kerning(pair) : 0;
};
/** Columns of a lettering that hold a stitch. */
const stitchedColumns = (lettering: Lettering, rows: [number, number] = [0, lettering.height]): number[] => {
  const columns = new Set<number>();
  for (let y = rows[0]; y < rows[1]; y++) for (let x = 0; x < lettering.width; x++) if (lettering.stitches[y * lettering.width + x]) columns.add(x);
  return [...columns].sort((a, b) => a - b);
};

describe('layOutText', () => {
  it.each(UPRIGHT)('%s: width is the sum of the advances plus the letter spacing between them (and the kerning)', (id) => {
    const characters = Array.from(SAMPLE);
    for (const spacing of [0, 1, 3]) {
      const advances = characters.reduce((sum, character) => sum + advanceOf(id, character), 0);
      const kerning = characters.slice(1).reduce((sum, character, i) => sum + kerningOf(id, characters[i]! + character), 0);
      const lettering = layOutText(SAMPLE, id, { letterSpacing: spacing });
      expect(lettering.width, `spacing ${spacing}`).toBe(advances + spacing * (characters.length - 1) + kerning);
      expect(lettering.height).toBe(alphabetById(id)!.height);
    }
  });

  it('brings letters closer with negative spacing, but never into each other', () => {
    for (const [text, id] of [
      ['1.1', 'tiny-5'],
      ['Ali', 'bold-10'],
      ['Emma', 'plain-7'],
    ] as const) {
      const tight = layOutText(text, id, { letterSpacing: LETTER_SPACING_RANGE.min });
      const letters = Array.from(text).map((character) => layOutText(character, id));
      // Every letter's stitches are all there: none was drawn over another.
      expect(
        tight.stitches.reduce((sum, set) => sum + set, 0),
        text,
      ).toBe(letters.reduce((sum, one) => sum + one.stitches.reduce((s, set) => s + set, 0), 0));
      // And an empty column stays between one letter's stitches and the next: as many runs of stitched columns as letters.
      const columns = stitchedColumns(tight);
      const runs = columns.filter((column, i) => i === 0 || column !== columns[i - 1]! + 1).length;
      expect(runs, text).toBe(text.length);
      expect(tight.width, text).toBeLessThanOrEqual(layOutText(text, id).width);
    }
    // Where a font leaves more room (a space, wide digits), negative spacing does close it up.
    expect(layOutText('1 1', 'tiny-5', { letterSpacing: -2 }).width).toBeLessThan(layOutText('1 1', 'tiny-5').width);
  });

  it('applies the font’s kerning: Gothic pulls an a one stitch closer after an r', () => {
    expect(kerningOf('gothic-12', 'ra')).toBe(-1);
    expect(layOutText('ra', 'gothic-12').width).toBe(advanceOf('gothic-12', 'r') + advanceOf('gothic-12', 'a') - 1);
    expect(layOutText('ar', 'gothic-12').width).toBe(advanceOf('gothic-12', 'r') + advanceOf('gothic-12', 'a'));
  });

  it('stacks lines a line box plus the line spacing apart', () => {
    const one = layOutText('Emma', 'plain-7');
    expect(layOutText('Emma\nEmma', 'plain-7', { lineSpacing: -2 }).height).toBe(2 * one.height - 2);
    // However tight, lines stay a capital's height and one row apart.
    expect(layOutText('Emma\nEmma', 'plain-7', { lineSpacing: LINE_SPACING_RANGE.min }).height).toBe(one.height + 7 + 1);
    for (const spacing of [0, 2]) {
      const two = layOutText('Emma\nEmma', 'plain-7', { lineSpacing: spacing });
      const pitch = alphabetById('plain-7')!.height + spacing;
      expect(two.height).toBe(pitch + one.height);
      expect(two.width).toBe(one.width);
      // The second line is the first, moved down by the pitch.
      for (let y = 0; y < one.height; y++) {
        for (let x = 0; x < one.width; x++) expect(two.stitches[(y + pitch) * two.width + x] || 0, `${x},${y}`).toBe(one.stitches[y * one.width + x]);
      }
    }
    expect(layOutText('A\r\nB\rC', 'tiny-5').height).toBe(3 * alphabetById('tiny-5')!.height);
  });

  it('aligns shorter lines left, centre or right within the widest', () => {
    const id = 'plain-7';
    const height = alphabetById(id)!.height;
    const wide = layOutText('Emma', id).width;
    const short = layOutText('Jo', id);
    const firstInk = stitchedColumns(short)[0]!;
    for (const [align, offset] of [
      ['left', 0],
      ['center', Math.floor((wide - short.width) / 2)],
      ['right', wide - short.width],
    ] as const) {
      const lettering = layOutText('Jo\nEmma', id, { align });
      expect(lettering.width).toBe(wide);
      expect(stitchedColumns(lettering, [0, height])[0], align).toBe(offset + firstInk);
    }
  });

  it('widens the box for letters that lean out of their advance, so no stitch is lost', () => {
    const alphabet = alphabetById('italic-13')!;
    const glyph = alphabet.glyph('f') as CrossGlyph;
    expect(Math.min(...glyph.stitches.map(([x]) => x))).toBeLessThan(0);
    const lettering = layOutText('f', 'italic-13');
    expect(lettering.width).toBeGreaterThan(glyph.advance);
    expect(lettering.stitches.reduce((sum, set) => sum + set, 0)).toBe(glyph.stitches.length);
  });

  it('reports characters an alphabet lacks, once each, and draws nothing for them', () => {
    const lettering = layOutText('Ω Emma Ω ✿Jo', 'tiny-5');
    expect(lettering.missing).toEqual(['Ω', '✿']);
    expect(lettering.width).toBe(layOutText(' Emma  Jo', 'tiny-5').width);
    expect(layOutText('Emma', 'tiny-5').missing).toEqual([]);
  });

  it('reads decomposed accents as the accented letter, any space as a space, and leaves out white space at line ends', () => {
    expect(layOutText('A\u0308', 'bold-10').stitches).toEqual(layOutText('Ä', 'bold-10').stitches);
    expect(layOutText('Jo\u00a0Ann\u202f', 'bold-10')).toEqual(layOutText('Jo Ann', 'bold-10'));
    expect(layOutText('Jo  \nEmma', 'plain-7', { align: 'right' })).toEqual(layOutText('Jo\nEmma', 'plain-7', { align: 'right' }));
  });

  it('draws backstitch alphabets as lines and knots on the lattice, inside the box', () => {
    for (const alphabet of ALPHABETS.filter(({ kind }) => kind === 'backstitch')) {
      const lettering = layOutText('Emma\nJürgen 2026', alphabet.id, { align: 'center', letterSpacing: 1 });
      expect(lettering.stitches.every((set) => set === 0)).toBe(true);
      expect(lettering.backstitches.length).toBeGreaterThan(20);
      expect(lettering.knots.length).toBeGreaterThanOrEqual(2);
      for (const { x1, y1, x2, y2 } of lettering.backstitches) {
        for (const [x, y] of [
          [x1, y1],
          [x2, y2],
        ] as const) {
          expect(x >= 0 && x <= 2 * lettering.width && y >= 0 && y <= 2 * lettering.height, `${alphabet.id} ${x},${y}`).toBe(true);
        }
      }
    }
  });

  it('refuses an unknown alphabet', () => {
    expect(() => layOutText('Emma', 'papyrus')).toThrow(RangeError);
  });
});

describe('letteringPattern', () => {
  const black = findThread('310')!;

  it('makes a chart of the lettering cut to its stitches with the margin around, which the server’s checks accept', () => {
    const lettering = layOutText('Emma\n2026', 'bold-10', { align: 'center' });
    const ink = letteringInk(lettering)!;
    const pattern = letteringPattern(lettering, black, 3);
    expect([pattern.width, pattern.height]).toEqual([ink.width + 6, ink.height + 6]);
    const stitches = lettering.stitches.reduce((sum, set) => sum + set, 0);
    expect(pattern.legend).toHaveLength(1);
    expect(pattern.legend[0]).toMatchObject({ code: '310', brand: 'dmc', stitch_count: stitches });
    expect(pattern.cells.filter((cell) => cell === 0)).toHaveLength(stitches);
    // The margin is empty: first and last three rows and columns.
    for (let x = 0; x < pattern.width; x++) for (const y of [0, 1, 2, pattern.height - 1]) expect(pattern.cells[y * pattern.width + x]).toBe(-1);
    expect(patternFromUntrustedDocument(JSON.parse(JSON.stringify(toPatternDocument(pattern))), PATTERN_LIMITS)).toEqual(pattern);
  });

  it('keeps a backstitch-only thread in the legend with no full stitches', () => {
    const pattern = letteringPattern(layOutText('Iris', 'script-backstitch'), black, 0);
    expect(pattern.legend[0]!.stitch_count).toBe(0);
    expect(pattern.marks.backstitches.length).toBeGreaterThan(10);
    expect(pattern.marks.knots).toHaveLength(1);
    const lattice = [...pattern.marks.backstitches.flatMap(({ x1, y1, x2, y2 }) => [x1, y1, x2, y2]), ...pattern.marks.knots.flatMap(({ x, y }) => [x, y])];
    expect(Math.min(...lattice)).toBe(0);
    expect(patternFromUntrustedDocument(JSON.parse(JSON.stringify(toPatternDocument(pattern))), PATTERN_LIMITS)).toEqual(pattern);
  });

  it('refuses lettering with nothing to stitch', () => {
    expect(() => letteringPattern(layOutText('   ', 'tiny-5'), black, 2)).toThrow(RangeError);
  });
});
