import { describe, expect, it } from 'vitest';
import { disallowedCharacter, printableText } from './text.js';

describe('disallowedCharacter', () => {
  it('accepts ordinary text: accents, CJK, emoji (surrogate pairs), spaces, U+2028', () => {
    expect(disallowedCharacter('Café crème — 刺繍の花 🌸🧵 a\u00a0b\u2028c')).toBeUndefined();
    expect(disallowedCharacter('')).toBeUndefined();
  });

  it('names the first refused character and its kind', () => {
    expect(disallowedCharacter('a\u0000b')).toEqual({ codePoint: 'U+0000', kind: 'control' });
    expect(disallowedCharacter('a\u007f')).toEqual({ codePoint: 'U+007F', kind: 'control' });
    expect(disallowedCharacter('a\u0085')).toEqual({ codePoint: 'U+0085', kind: 'control' });
    expect(disallowedCharacter('a\u000bb\u0000')).toEqual({ codePoint: 'U+000B', kind: 'control' });
    expect(disallowedCharacter('a\ud800b')).toEqual({ codePoint: 'U+D800', kind: 'surrogate' });
    expect(disallowedCharacter('\udc00')).toEqual({ codePoint: 'U+DC00', kind: 'surrogate' });
    expect(disallowedCharacter('\ufdd0')).toEqual({ codePoint: 'U+FDD0', kind: 'noncharacter' });
    expect(disallowedCharacter('\uffff')).toEqual({ codePoint: 'U+FFFF', kind: 'noncharacter' });
    expect(disallowedCharacter('\u{10fffe}')).toEqual({ codePoint: 'U+10FFFE', kind: 'noncharacter' });
  });

  it('refuses TAB, LF and CR on one line, accepts them in multi-line text', () => {
    for (const [character, codePoint] of [
      ['\t', 'U+0009'],
      ['\n', 'U+000A'],
      ['\r', 'U+000D'],
    ] as const) {
      expect(disallowedCharacter(`a${character}b`)).toEqual({ codePoint, kind: 'line-break' });
      expect(disallowedCharacter(`a${character}b`, { multiline: true })).toBeUndefined();
    }
    expect(disallowedCharacter('a\nb\u0001', { multiline: true })).toEqual({ codePoint: 'U+0001', kind: 'control' });
  });
});

describe('disallowedCharacter with invisible', () => {
  const refused = (text: string) => disallowedCharacter(text, { invisible: true });

  it('refuses bidirectional controls and marks, naming them', () => {
    for (const character of ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c']) {
      const codePoint = `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
      expect(refused(`invoice${character}fdp`)).toEqual({ codePoint, kind: 'bidi' });
      expect(disallowedCharacter(`invoice${character}fdp`)).toBeUndefined(); // without the option, as passwords are checked
    }
  });

  it('refuses zero-width spaces, word joiners and byte-order marks anywhere', () => {
    expect(refused('ad\u200bmin')).toEqual({ codePoint: 'U+200B', kind: 'zero-width' });
    expect(refused('\u2060')).toEqual({ codePoint: 'U+2060', kind: 'zero-width' });
    expect(refused('\ufeffRoses')).toEqual({ codePoint: 'U+FEFF', kind: 'zero-width' });
  });

  it('keeps joiners between visible characters (emoji sequences, Persian, Indic) and refuses them elsewhere', () => {
    for (const text of ['👩\u200d👩\u200d👧', '🏳\ufe0f\u200d🌈', '👨🏽\u200d🦰', 'می\u200cخواهم', 'क्\u200dष']) expect(refused(text)).toBeUndefined();
    expect(refused('\u200d')).toEqual({ codePoint: 'U+200D', kind: 'zero-width' });
    // Between Latin letters a joiner joins nothing: 'Al‍ice' would pass for 'Alice'.
    expect(refused('Al\u200dice')).toEqual({ codePoint: 'U+200D', kind: 'zero-width' });
    expect(refused('Al\u200cice')).toEqual({ codePoint: 'U+200C', kind: 'zero-width' });
    expect(refused('👩\u200d ')).toEqual({ codePoint: 'U+200D', kind: 'zero-width' });
    expect(refused('Rose\u200c')).toEqual({ codePoint: 'U+200C', kind: 'zero-width' });
    expect(refused('a \u200db')).toEqual({ codePoint: 'U+200D', kind: 'zero-width' });
    expect(refused('a\u200d\u200db')).toEqual({ codePoint: 'U+200D', kind: 'zero-width' });
    expect(refused('a\u200d\u202eb')).toEqual({ codePoint: 'U+200D', kind: 'zero-width' });
  });

  it('names the first refused character, whatever its kind', () => {
    expect(refused('a\u0001\u202e')).toEqual({ codePoint: 'U+0001', kind: 'control' });
    expect(refused('a\u202e\n')).toEqual({ codePoint: 'U+202E', kind: 'bidi' });
    expect(disallowedCharacter('a\nb\u202e', { multiline: true, invisible: true })).toEqual({ codePoint: 'U+202E', kind: 'bidi' });
  });
});

describe('printableText', () => {
  it('keeps ordinary text exactly', () => {
    const text = 'Café crème — 刺繍の花 🌸🧵 "quoted" it\'s <b>&amp; \u00a0\u{1f600}';
    expect(printableText(text)).toBe(text);
  });

  it('turns white-space controls and line separators into spaces, everything else refused into U+FFFD', () => {
    expect(printableText('a\tb\nc\rd\u000be\u000cf\u0085g\u2028h\u2029i')).toBe('a b c d e f g h i');
    expect(printableText('\u0000\u0001\u001b\u001f\u007f\u0080\u009f')).toBe('\uFFFD'.repeat(7));
    expect(printableText('a\ud800b\udfffc')).toBe('a\uFFFDb\uFFFDc');
    expect(printableText('\ufdd0\ufdef\ufffe\uffff\u{1fffe}\u{10ffff}')).toBe('\uFFFD'.repeat(6));
  });

  it('removes bidirectional controls and zero-width characters, but not joiners inside emoji and words', () => {
    expect(printableText('\u202eRose\u2066 \u200bgarden\u200f\ufeff\u2060\u061c')).toBe('Rose garden');
    expect(printableText('\u200dRose\u200c \u200d\u200dgarden\u200d')).toBe('Rose garden');
    expect(printableText('👩\u200d👩\u200d👧 می\u200cخواهم')).toBe('👩\u200d👩\u200d👧 می\u200cخواهم');
    // A joiner between Latin letters (or a control's replacement) joins nothing, nor one beside a removed character's place.
    expect(printableText('a\u200d\u0001b c\u200d\u202e')).toBe('a\uFFFDb c');
    expect(printableText('Al\u200dice क्\u200dष')).toBe('Alice क्\u200dष');
  });

  it('leaves nothing disallowedCharacter refuses, and only XML 1.0 characters', () => {
    const all = Array.from({ length: 0x110000 }, (_, code) => code)
      .filter((code) => code < 0x3000 || (code >= 0xd700 && code < 0xe100) || (code >= 0xfd00 && code <= 0xffff) || (code & 0xfffe) === 0xfffe)
      .map((code) => String.fromCharCode(...(code > 0xffff ? [0xd800 + ((code - 0x10000) >> 10), 0xdc00 + ((code - 0x10000) & 0x3ff)] : [code])))
      .join('');
    const printed = printableText(all);
    expect(disallowedCharacter(printed, { invisible: true })).toBeUndefined();
    expect(printed).toMatch(/^[\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u);
    expect(printed).not.toMatch(/[\u2028\u2029]/);
  });
});
