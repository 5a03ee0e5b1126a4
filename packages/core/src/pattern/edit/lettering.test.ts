import { describe, expect, it } from 'vitest';
import { layOutText } from '../../lettering/layout.js';
import { placeLettering } from './lettering.js';
import { chartOf, reversal, rowsOf, withMarks } from './testing.js';
import { removeThread } from './threads.js';

describe('placeLettering', () => {
  const chart = chartOf(['0000000000', '0000000000', '0000000000', '0000000000', '0000000000', '0000000000', '0000000000'], ['3865', '310']);
  const hi = layOutText('Hi', 'tiny-5');

  it('stitches the letters in the chosen thread where they land, leaves the rest, and is one step to undo and redo', () => {
    const { result, found, owed } = reversal(chart, (before) => placeLettering(before, hi, 1, 1, -2));
    expect(found).toEqual(owed);
    expect(result.inverse.label).toBe('Add text');
    // Tiny's line box has 3 rows above its capitals and the dot of the i on the third: with the box two rows up,
    // the dot lands on row 0 and the letters on rows 1 to 5.
    expect(rowsOf(result.chart)).toEqual(['0000001000', '0100100000', '0100101000', '0111101000', '0100101000', '0100101000', '0000000000']);
  });

  it('leaves out what falls off the chart', () => {
    const result = placeLettering(chart, hi, 1, 7, -2);
    expect(rowsOf(result.chart).map((row) => row.slice(7))).toEqual(['000', '100', '100', '111', '100', '100', '000']);
  });

  it('places backstitch letters as lines and knots of the thread, replacing a line in the same place', () => {
    const lettering = layOutText('i', 'sans-backstitch');
    const [first] = lettering.backstitches;
    const existing = withMarks(chartOf(Array(20).fill('..........'), ['3865', '310']), { backstitches: [{ ...first!, thread: 0 }] });
    const { result, found, owed } = reversal(existing, (before) => placeLettering(before, lettering, 1, 0, 0));
    expect(found).toEqual(owed);
    expect(result.chart.marks.backstitches).toEqual(lettering.backstitches.map((line) => ({ ...line, thread: 1 })));
    expect(result.chart.marks.knots).toEqual(lettering.knots.map((knot) => ({ ...knot, thread: 1 })));
  });

  it('refuses a thread the chart does not have', () => {
    expect(() => placeLettering(chart, hi, 5, 0, 0)).toThrow();
    expect(() => placeLettering(removeThread(chart, 1).chart, hi, 1, 0, 0)).toThrow(/DMC 310/);
  });
});

describe('placeLettering that may grow the chart', () => {
  const chart = chartOf(['00000', '00000'], ['3865', '310']);
  const hi = layOutText('Hi', 'tiny-5');

  it('grows the chart right and down to hold the text, as one step that undo takes back whole', () => {
    const { result, found, owed } = reversal(chart, (before) => placeLettering(before, hi, 1, 3, -2, { grow: true }));
    expect(found).toEqual(owed);
    expect([result.chart.width, result.chart.height]).toEqual([3 + 6, 6]);
    expect(result.inverse.label).toBe('Add text');
    expect(rowsOf(result.chart)).toEqual(['00000...1', '00010.1..', '...1..1.1', '...1111.1', '...1..1.1', '...1..1.1']);
  });

  it('leaves the size alone when the text fits, or when not asked', () => {
    expect(placeLettering(chart, hi, 1, 3, -2).chart.width).toBe(5);
    const small = layOutText('.', 'tiny-5');
    expect(placeLettering(chart, small, 1, 0, -7, { grow: true }).chart.height).toBe(2);
    // Wholly left of the chart: growing right and down would only add empty rows.
    const offLeft = placeLettering(chart, hi, 1, -20, 0, { grow: true });
    expect([offLeft.chart.width, offLeft.chart.height, offLeft.changed]).toEqual([5, 2, false]);
  });

  it('refuses to grow past the largest chart', () => {
    expect(() => placeLettering(chart, hi, 1, 497, 0, { grow: true })).toThrow(/at most 500/);
  });
});
