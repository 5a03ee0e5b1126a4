import { describe, expect, it } from 'vitest';
import { choosePages, describePages, PAGE_RANGE_FORMAT, readPageRange } from './print-layout-range.js';

describe('page range', () => {
  it('chooses every page for all, or for nothing', () => {
    expect(choosePages('all', 4)).toEqual({ ok: true, pages: [1, 2, 3, 4] });
    expect(choosePages(' ALL ', 2)).toEqual({ ok: true, pages: [1, 2] });
    expect(choosePages('', 3)).toEqual({ ok: true, pages: [1, 2, 3] });
  });

  it('reads page numbers and ranges as typed in a print dialog, each page once and in order', () => {
    expect(choosePages('2', 4)).toEqual({ ok: true, pages: [2] });
    expect(choosePages('6, 1-3', 8)).toEqual({ ok: true, pages: [1, 2, 3, 6] });
    expect(choosePages('2–4,3 , 4-4', 8)).toEqual({ ok: true, pages: [2, 3, 4] });
  });

  it('names the field and says what is wrong with a range it cannot read', () => {
    for (const text of ['1-', 'x', '1,,2', '1;2', '-3', '1.5', '2 3', '1-2-3'])
      expect(readPageRange(text), text).toEqual({ ok: false, message: PAGE_RANGE_FORMAT });
    expect(readPageRange('0-2')).toEqual({ ok: false, message: 'pages are numbered from 1' });
    expect(readPageRange('5-2')).toEqual({ ok: false, message: 'pages must give each range from low to high (5-2)' });
  });

  it('refuses pages the chart does not have', () => {
    expect(choosePages('2-5', 4)).toEqual({ ok: false, message: 'pages must be from 1 to 4: this chart has 4 chart pages' });
    expect(choosePages('2', 1)).toEqual({ ok: false, message: 'pages must be 1: this chart has 1 chart page' });
  });

  it('writes chosen pages back as a reader would, runs shortened', () => {
    expect(describePages([6, 1, 2, 3, 9, 10])).toBe('1–3, 6, 9–10');
    expect(describePages([4])).toBe('4');
    expect(describePages([])).toBe('');
  });
});
