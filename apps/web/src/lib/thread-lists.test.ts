import { describe, expect, it } from 'vitest';
import { readCodeList, readThreadsCsv, skeinsFrom, threadsCsv } from './thread-lists';

describe('pasted code lists', () => {
  it('reads codes separated by commas, spaces, semicolons or lines, as the catalogue spells them, once each', () => {
    expect(readCodeList('310, 321, 3865 …')).toEqual({ codes: ['310', '321', '3865'], unknown: ['…'] });
    expect(readCodeList('DMC 310\n1;blanc\tb5200\n#666, 310,,')).toEqual({ codes: ['310', '01', 'Blanc', 'B5200', '666'], unknown: [] });
  });

  it('names what is not a DMC code', () => {
    expect(readCodeList('310 9999 red 3865 9999')).toEqual({ codes: ['310', '3865'], unknown: ['9999', 'red'] });
    expect(readCodeList('  ')).toEqual({ codes: [], unknown: [] });
  });
});

describe('thread CSV files', () => {
  it('reads back what it writes', () => {
    const threads = [
      { dmc_code: '01', skeins: 2 },
      { dmc_code: '310', skeins: 0 },
      { dmc_code: 'B5200', skeins: 999 },
    ];
    const text = threadsCsv(threads);
    expect(text).toBe('DMC,Name,Skeins\r\n01,White Tin,2\r\n310,Black,0\r\nB5200,Snow White,999\r\n');
    expect(readThreadsCsv(text)).toEqual({ threads, skipped: [] });
  });

  it('reads DMC,Skeins, a headerless list, or codes alone (one skein each), in number order', () => {
    expect(readThreadsCsv('DMC,Skeins\n3865,2\n310,1\n').threads).toEqual([
      { dmc_code: '310', skeins: 1 },
      { dmc_code: '3865', skeins: 2 },
    ]);
    expect(readThreadsCsv('310;4\r\nblanc;1').threads).toEqual([
      { dmc_code: '310', skeins: 4 },
      { dmc_code: 'Blanc', skeins: 1 },
    ]);
    expect(readThreadsCsv('Code\n321\n310\n').threads).toEqual([
      { dmc_code: '310', skeins: 1 },
      { dmc_code: '321', skeins: 1 },
    ]);
    // The skeins column found by its header wherever it is.
    expect(readThreadsCsv('Colour,Owned,DMC\n310,3,x').threads).toEqual([{ dmc_code: '310', skeins: 3 }]);
  });

  it('skips lines it cannot read, saying which and why', () => {
    expect(readThreadsCsv('DMC,Skeins\n310,2\n9999,1\n321,lots\n666,1000\n')).toEqual({
      threads: [{ dmc_code: '310', skeins: 2 }],
      skipped: [
        'line 3: "9999" is not a DMC code',
        'line 4: "lots" is not a number of skeins from 0 to 999',
        'line 5: "1000" is not a number of skeins from 0 to 999',
      ],
    });
  });

  it('takes whole skeins 0–999 only', () => {
    expect([' 7 ', '0', '999'].map(skeinsFrom)).toEqual([7, 0, 999]);
    expect(['', '1000', '-1', '1.5', '2e1', 'x'].map(skeinsFrom)).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
  });
});
