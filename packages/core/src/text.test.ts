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

  it('leaves nothing disallowedCharacter refuses, and only XML 1.0 characters', () => {
    const all = Array.from({ length: 0x110000 }, (_, code) => code)
      .filter((code) => code < 0x3000 || (code >= 0xd700 && code < 0xe100) || (code >= 0xfd00 && code <= 0xffff) || (code & 0xfffe) === 0xfffe)
      .map((code) => String.fromCharCode(...(code > 0xffff ? [0xd800 + ((code - 0x10000) >> 10), 0xdc00 + ((code - 0x10000) & 0x3ff)] : [code])))
      .join('');
    const printed = printableText(all);
    expect(disallowedCharacter(printed)).toBeUndefined();
    expect(printed).toMatch(/^[\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u);
    expect(printed).not.toMatch(/[\u2028\u2029]/);
  });
});
