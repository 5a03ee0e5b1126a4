import { describe, expect, it } from 'vitest';
import { readCodeList, readThreadsCsv, skeinsFrom, threadsCsv } from './thread-lists';

const dmc = (...codes: string[]) => codes.map((code) => ({ brand: 'dmc', code }));
const anchor = (...codes: string[]) => codes.map((code) => ({ brand: 'anchor', code }));

describe('pasted code lists', () => {
  it('reads codes separated by commas, spaces, semicolons or lines, as the catalogue spells them, once each', () => {
    expect(readCodeList('310, 321, 3865 …')).toEqual({ threads: dmc('310', '321', '3865'), unknown: ['…'], unknownBrands: ['dmc'] });
    expect(readCodeList('DMC 310\n1;blanc\tb5200\n#666, 310,,')).toEqual({
      threads: dmc('310', '01', 'Blanc', 'B5200', '666'),
      unknown: [],
      unknownBrands: [],
    });
  });

  it('names what is not a DMC code', () => {
    expect(readCodeList('310 9999 red 3865 9999')).toEqual({ threads: dmc('310', '3865'), unknown: ['9999', 'red'], unknownBrands: ['dmc', 'dmc'] });
    expect(readCodeList('  ')).toEqual({ threads: [], unknown: [], unknownBrands: [] });
  });

  it('reads the codes of the chosen brand, without leading zeros', () => {
    expect(readCodeList('403, 9046\n0134', 'anchor')).toEqual({ threads: anchor('403', '9046', '134'), unknown: [], unknownBrands: [] });
    expect(readCodeList('black 814', 'madeira').threads).toEqual([
      { brand: 'madeira', code: 'Black' },
      { brand: 'madeira', code: '814' },
    ]);
  });

  it("takes a brand's name for the codes after it, until the next, and one brand:code for itself", () => {
    expect(readCodeList('Anchor 403, 9046')).toEqual({ threads: anchor('403', '9046'), unknown: [], unknownBrands: [] });
    expect(readCodeList('anchor 403 9046; DMC 310, 321\nMadeira 814 anchor:2 99999')).toEqual({
      threads: [...anchor('403', '9046'), ...dmc('310', '321'), { brand: 'madeira', code: '814' }, ...anchor('2')],
      unknown: ['Madeira 99999'],
      unknownBrands: ['madeira'],
    });
    // What is not a code of its brand goes back into the box as it can be read again.
    expect(readCodeList('403, Anchor 99999, DMC 9046', 'anchor')).toEqual({
      threads: anchor('403'),
      unknown: ['99999', 'DMC 9046'],
      unknownBrands: ['anchor', 'dmc'],
    });
    // The same code in two brands is two threads.
    expect(readCodeList('DMC 310 Anchor 310').threads).toEqual([...dmc('310'), ...anchor('310')]);
  });
});

describe('thread CSV files', () => {
  it('reads back what it writes: brand, code, name and skeins', () => {
    const threads = [
      { brand: 'dmc', code: '01', skeins: 2 },
      { brand: 'dmc', code: '310', skeins: 0 },
      { brand: 'dmc', code: 'B5200', skeins: 999 },
      { brand: 'anchor', code: '403', skeins: 3 },
      { brand: 'madeira', code: 'Black', skeins: 1 },
    ] as const;
    const text = threadsCsv(threads);
    expect(text).toBe(
      'Brand,Code,Name,Skeins\r\nDMC,01,White Tin,2\r\nDMC,310,Black,0\r\nDMC,B5200,Snow White,999\r\nAnchor,403,Black,3\r\nMadeira,Black,Black,1\r\n',
    );
    expect(readThreadsCsv(text)).toEqual({ threads, skipped: [] });
  });

  it('reads the earlier DMC-only files: DMC,Name,Skeins, DMC,Skeins, a headerless list, or codes alone (one skein each), in number order', () => {
    expect(readThreadsCsv('DMC,Name,Skeins\r\n01,White Tin,2\r\n310,Black,0\r\n').threads).toEqual([
      { brand: 'dmc', code: '01', skeins: 2 },
      { brand: 'dmc', code: '310', skeins: 0 },
    ]);
    expect(readThreadsCsv('DMC,Skeins\n3865,2\n310,1\n').threads).toEqual([
      { brand: 'dmc', code: '310', skeins: 1 },
      { brand: 'dmc', code: '3865', skeins: 2 },
    ]);
    expect(readThreadsCsv('310;4\r\nblanc;1').threads).toEqual([
      { brand: 'dmc', code: '310', skeins: 4 },
      { brand: 'dmc', code: 'Blanc', skeins: 1 },
    ]);
    expect(readThreadsCsv('Code\n321\n310\n').threads).toEqual([
      { brand: 'dmc', code: '310', skeins: 1 },
      { brand: 'dmc', code: '321', skeins: 1 },
    ]);
    // The skeins column found by its header wherever it is.
    expect(readThreadsCsv('Colour,Owned,DMC\n310,3,x').threads).toEqual([{ brand: 'dmc', code: '310', skeins: 3 }]);
  });

  it("takes the brand from a Brand column, the code column's header, or the code cell itself", () => {
    expect(readThreadsCsv('Anchor,Skeins\n403,2\n0134,1\n').threads).toEqual([
      { brand: 'anchor', code: '134', skeins: 1 },
      { brand: 'anchor', code: '403', skeins: 2 },
    ]);
    expect(readThreadsCsv('brand,number,qty\nanchor,9046,2\nMADEIRA,814,1\n,310,4\n').threads).toEqual([
      { brand: 'dmc', code: '310', skeins: 4 },
      { brand: 'anchor', code: '9046', skeins: 2 },
      { brand: 'madeira', code: '814', skeins: 1 },
    ]);
    expect(readThreadsCsv('Thread,Skeins\nAnchor 403,2\nDMC 310,1\n').threads).toEqual([
      { brand: 'dmc', code: '310', skeins: 1 },
      { brand: 'anchor', code: '403', skeins: 2 },
    ]);
  });

  it('skips lines it cannot read, saying which and why', () => {
    expect(readThreadsCsv('DMC,Skeins\n310,2\n9999,1\n321,lots\n666,1000\n')).toEqual({
      threads: [{ brand: 'dmc', code: '310', skeins: 2 }],
      skipped: [
        'line 3: "9999" is not a DMC code',
        'line 4: "lots" is not a number of skeins from 0 to 999',
        'line 5: "1000" is not a number of skeins from 0 to 999',
      ],
    });
    expect(readThreadsCsv('Brand,Code,Skeins\nCoats,403,1\nAnchor,3865,1\n').skipped).toEqual([
      'line 2: "Coats" is not a thread brand (DMC, Anchor, Madeira)',
      'line 3: "3865" is not an Anchor code',
    ]);
  });

  it('takes whole skeins 0–999 only', () => {
    expect([' 7 ', '0', '999'].map(skeinsFrom)).toEqual([7, 0, 999]);
    expect(['', '1000', '-1', '1.5', '2e1', 'x'].map(skeinsFrom)).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
  });
});
