import { describe, expect, it } from 'vitest';
import { csvText, parseCsv } from './csv.js';

describe('CSV', () => {
  it('writes rows with CRLF, quoting only fields that need it', () => {
    expect(
      csvText([
        ['DMC', 'Name', 'Owned'],
        ['310', 'Black', 2],
        ['3865', 'Winter White, "bright"', 0],
      ]),
    ).toBe('DMC,Name,Owned\r\n310,Black,2\r\n3865,"Winter White, ""bright""",0\r\n');
    expect(csvText([])).toBe('');
  });

  it('reads back what it writes, line breaks inside quotes included', () => {
    const rows = [
      ['a', 'b,c'],
      ['"q"', 'two\nlines'],
      ['', 'x'],
    ];
    expect(parseCsv(csvText(rows))).toEqual(rows);
  });

  it('reads what spreadsheets save: a byte-order mark, LF or CRLF, semicolons or tabs, blank lines, no final newline', () => {
    expect(parseCsv('\ufeffDMC,Skeins\n310,2\n\n321,1')).toEqual([
      ['DMC', 'Skeins'],
      ['310', '2'],
      ['321', '1'],
    ]);
    expect(parseCsv('DMC;Skeins\r\n310;2\r\n;\r\n')).toEqual([
      ['DMC', 'Skeins'],
      ['310', '2'],
    ]);
    expect(parseCsv('"DMC, code"\tSkeins\n310\t2')).toEqual([
      ['DMC, code', 'Skeins'],
      ['310', '2'],
    ]);
    expect(parseCsv('')).toEqual([]);
  });
});
