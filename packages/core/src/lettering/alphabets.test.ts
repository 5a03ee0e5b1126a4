import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALPHABET_LIST as ALPHABETS } from './alphabet-list.data.js';
import { alphabetById, type BackstitchGlyph, type CrossGlyph } from './alphabets.js';
import { layOutText } from './layout.js';

const CROSS = ALPHABETS.filter((alphabet) => alphabet.kind === 'cross');
const BACKSTITCH = ALPHABETS.filter((alphabet) => alphabet.kind === 'backstitch');
const WHITE_SPACE = /^\s$/u;

/** A lettering's full stitches as rows of '#' and '.'. */
const bitmap = (text: string, id: string): string => {
  const { width, height, stitches } = layOutText(text, id);
  return Array.from({ length: height }, (_, y) => Array.from(stitches.subarray(y * width, (y + 1) * width), (set) => (set ? '#' : '.')).join('')).join('\n');
};

describe('stitch alphabets', () => {
  it('offers at least five cross-stitch alphabets of different heights and at least one backstitch alphabet', () => {
    expect(CROSS.length).toBeGreaterThanOrEqual(5);
    expect(new Set(CROSS.map((alphabet) => alphabet.cap_height)).size).toBe(CROSS.length);
    expect(CROSS.map((alphabet) => alphabet.cap_height)).toEqual([5, 7, 10, 12, 13]);
    expect(BACKSTITCH.length).toBeGreaterThanOrEqual(1);
    for (const alphabet of ALPHABETS) {
      expect(alphabet.licence, alphabet.id).toMatch(/\S/);
      expect(alphabet.credit, alphabet.id).toMatch(/\S/);
      expect(alphabet.origin, alphabet.id).toMatch(/^(npm|Debian) /);
    }
  });

  it.each(CROSS.map((alphabet) => alphabet.id))('%s stitches "AaBb 0123 ÄÖß" exactly as its committed bitmap', (id) => {
    const golden = readFileSync(new URL(`./golden/${id}.txt`, import.meta.url), 'utf8').trimEnd();
    expect(bitmap('AaBb 0123 ÄÖß', id)).toBe(golden);
  });

  it('covers ASCII, digits, punctuation and the Western European accented letters in every alphabet', () => {
    const ascii = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).join('');
    for (const alphabet of ALPHABETS) {
      for (const character of `${ascii}ÄÖÜäöüßéèêàçñåø`) expect(alphabet.characters, `${alphabet.id} ${character}`).toContain(character);
    }
  });

  it.each(CROSS.map((alphabet) => alphabet.id))('every character of %s has stitches, all inside the line box', (id) => {
    const alphabet = alphabetById(id)!;
    if (alphabet.kind !== 'cross') throw new Error('not cross');
    for (const character of alphabet.characters) {
      const glyph = alphabet.glyph(character) as CrossGlyph;
      expect(glyph.advance, character).toBeGreaterThan(0);
      if (WHITE_SPACE.test(character)) {
        expect(glyph.stitches, character).toEqual([]);
        continue;
      }
      expect(glyph.stitches.length, character).toBeGreaterThan(0);
      for (const [, row] of glyph.stitches) expect(row >= 0 && row < alphabet.height, `${id} ${character} row ${row}`).toBe(true);
    }
  });

  it.each(BACKSTITCH.map((alphabet) => alphabet.id))('every character of %s lies on the half-stitch lattice inside the line box', (id) => {
    const alphabet = alphabetById(id)!;
    for (const character of alphabet.characters) {
      const glyph = alphabet.glyph(character) as BackstitchGlyph;
      if (WHITE_SPACE.test(character)) continue;
      expect(glyph.lines.length + glyph.knots.length, character).toBeGreaterThan(0);
      const points = [...glyph.lines.flatMap(([x1, y1, x2, y2]) => [[x1, y1] as const, [x2, y2] as const]), ...glyph.knots];
      for (const [x, y] of points) {
        expect(Number.isInteger(x) && Number.isInteger(y), `${character} ${x},${y}`).toBe(true);
        expect(y >= 0 && y <= 2 * alphabet.height, `${id} ${character} y ${y}`).toBe(true);
      }
      for (const [x1, y1, x2, y2] of glyph.lines) expect(x1 !== x2 || y1 !== y2, `${character}: a line of no length`).toBe(true);
    }
  });

  /** How many separate pieces a backstitch letter is drawn in: lines sharing an end are one piece, knots each their own. */
  const pieces = (glyph: BackstitchGlyph): number => {
    const parent = new Map<string, string>();
    const find = (key: string): string => {
      while (parent.get(key) !== key) key = parent.get(key)!;
      return key;
    };
    const add = (key: string) => parent.has(key) || parent.set(key, key);
    for (const [x1, y1, x2, y2] of glyph.lines) {
      const [a, b] = [`${x1},${y1}`, `${x2},${y2}`];
      add(a);
      add(b);
      parent.set(find(a), find(b));
    }
    const roots = new Set([...parent.keys()].map(find));
    return roots.size + glyph.knots.length;
  };

  it('keeps backstitch letters joined where the font draws them in one piece, and separate where it does not', () => {
    const sans = alphabetById('sans-backstitch')!;
    for (const character of 'ABCDEGHKLMNOPRSTUVWYZ0123456789abcdeghmnopqrsuvwyz') {
      expect(pieces(sans.glyph(character) as BackstitchGlyph), `sans ${character}`).toBe(1);
    }
    // (X and x are two strokes that cross, as the font draws them.) i and j: a stroke and a dot; !: a stroke and a
    // full stop; Ä: the A and two dots.
    for (const [character, count] of [
      ['i', 2],
      ['j', 2],
      ['!', 2],
      ['Ä', 3],
      ['ö', 3],
      [':', 2],
    ] as const) {
      expect(pieces(sans.glyph(character) as BackstitchGlyph), `sans ${character}`).toBe(count);
    }
    const script = alphabetById('script-backstitch')!;
    for (const character of 'abcdeghklmnopqsuvwyz') expect(pieces(script.glyph(character) as BackstitchGlyph), `script ${character}`).toBe(1);
  });

  it('lets script letters meet where the font runs one into the next', () => {
    const points = (text: string) => {
      const { backstitches } = layOutText(text, 'script-backstitch');
      return backstitches.flatMap(({ x1, y1, x2, y2 }) => [`${x1},${y1}`, `${x2},${y2}`]);
    };
    for (const pair of ['an', 'mm', 'em', 'ma', 'nd', 'oo', 'lo', 'ev']) {
      // The pair's lines are the first letter's, then the second's, laid out after it: the second starts on the first.
      const first = points(pair[0]!);
      const second = points(pair).slice(first.length);
      expect(
        second.some((point) => first.includes(point)),
        pair,
      ).toBe(true);
    }
  });

  it('turns the dots of i, j and umlauts into French knots', () => {
    const sans = alphabetById('sans-backstitch')!;
    expect((sans.glyph('i') as BackstitchGlyph).knots).toHaveLength(1);
    expect((sans.glyph('ü') as BackstitchGlyph).knots).toHaveLength(2);
    expect((sans.glyph('l') as BackstitchGlyph).knots).toHaveLength(0);
  });

  it('knows no alphabet by an unknown or inherited name', () => {
    expect(alphabetById('comic-sans')).toBeUndefined();
    expect(alphabetById('toString')).toBeUndefined();
    expect(alphabetById('__proto__')).toBeUndefined();
  });
});
