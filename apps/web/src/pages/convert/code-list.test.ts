import { describe, expect, it } from 'vitest';
import { MAX_CODES, readCodes } from './code-list';

describe('readCodes', () => {
  it('reads codes separated by commas, spaces, semicolons and line breaks, in order', () => {
    expect(readCodes('403, 9046 310\n1;  2\r\n\n,,')).toEqual({ codes: ['403', '9046', '310', '1', '2'], leftOut: 0 });
  });

  it('skips brand words and a leading #, as a list copied from a chart has them', () => {
    expect(readCodes('Anchor 403, anchor 9046, #310, DMC Blanc, Madeira Black')).toEqual({ codes: ['403', '9046', '310', 'Blanc', 'Black'], leftOut: 0 });
  });

  it('keeps each code once, case aside, and leaves unknown words for the server to judge', () => {
    expect(readCodes('blanc BLANC Blanc 403 403 coral').codes).toEqual(['blanc', '403', 'coral']);
  });

  it('reads nothing from an empty or blank text', () => {
    expect(readCodes('')).toEqual({ codes: [], leftOut: 0 });
    expect(readCodes(' \n, ')).toEqual({ codes: [], leftOut: 0 });
  });

  it(`converts at most ${MAX_CODES} codes and says how many more were left out`, () => {
    const list = Array.from({ length: MAX_CODES + 7 }, (_, i) => String(i + 1)).join(' ');
    const read = readCodes(list);
    expect(read.codes).toHaveLength(MAX_CODES);
    expect(read.codes.at(-1)).toBe(String(MAX_CODES));
    expect(read.leftOut).toBe(7);
  });
});
