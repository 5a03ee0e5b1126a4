import { describe, expect, it } from 'vitest';
import type { Pattern } from '../model.js';
import { ChartEditError, patternFromChart } from './chart.js';
import { applyEdit } from './edit.js';
import { canonicalDocument, documentOfChart, replaceChart, sameChart } from './replace.js';
import { chartOf, rowsOf } from './testing.js';
import { removeThread } from './threads.js';

const patternOf = (rows: readonly string[], codes: readonly string[]): Pattern => patternFromChart(chartOf(rows, codes));

const CURRENT = chartOf(['0011', '1122', '....'], ['310', '321', '798']);
// 321 is gone, 600 is new, 798 and 310 stay.
const TARGET = patternOf(['2200', '22..', '0011'], ['310', '798', '600']);

describe('replaceChart', () => {
  it('turns the chart into the target, one edit whose inverse gives the chart back', () => {
    const result = replaceChart(TARGET, 'Open version 2')(CURRENT);
    expect(result.changed).toBe(true);
    expect(result.inverse.label).toBe('Open version 2');
    expect(documentOfChart(result.chart)).toEqual(canonicalDocument(TARGET));
    const back = applyEdit(result.chart, result.inverse).chart;
    expect(rowsOf(back)).toEqual(rowsOf(CURRENT));
    expect(back.threads.filter((thread) => !thread.removed).map((thread) => thread.dmc_code)).toEqual(['310', '321', '798']);
  });

  it('keeps thread slots: the same DMC thread keeps its slot, new ones are added at the end, missing ones are removed', () => {
    const { chart } = replaceChart(TARGET, 'Restore')(CURRENT);
    expect(chart.threads.map((thread) => [thread.dmc_code, thread.removed])).toEqual([
      ['310', false],
      ['321', true],
      ['798', false],
      ['600', false],
    ]);
    expect(chart.threads[2]!.symbol).toBe(TARGET.legend.find((entry) => entry.dmc_code === '798')!.symbol);
  });

  it('brings a removed thread back into its slot', () => {
    const removed = removeThread(CURRENT, 2).chart; // 798 removed, its stitches moved
    const { chart } = replaceChart(patternOf(['0011', '1122', '....'], ['310', '321', '798']), 'Restore')(removed);
    expect(chart.threads).toHaveLength(3);
    expect(rowsOf(chart)).toEqual(rowsOf(CURRENT));
  });

  it('changes nothing, and records no step, when the target is the chart', () => {
    const result = replaceChart(patternOf(['0011', '1122', '....'], ['310', '321', '798']), 'Restore')(CURRENT);
    expect(result.changed).toBe(false);
  });

  it('refuses a chart of another size with a sentence', () => {
    expect(() => replaceChart(patternOf(['00', '11'], ['310', '321']), 'Open version 1')(CURRENT)).toThrow(
      new ChartEditError('That chart is 2 × 2 stitches, and this one 4 × 3: it cannot be opened here.'),
    );
  });
});

describe('sameChart', () => {
  it('compares the size, the cells and each legend entry’s thread and symbol', () => {
    const document = canonicalDocument(TARGET);
    expect(sameChart(document, structuredClone(document))).toBe(true);
    expect(sameChart(document, { ...document, cells: document.cells.map((cell, i) => (i === 0 ? -1 : cell)) })).toBe(false);
    expect(sameChart(document, { ...document, legend: document.legend.map((entry, i) => (i === 0 ? { ...entry, symbol: '?' } : entry)) })).toBe(false);
    expect(sameChart(document, canonicalDocument(patternOf(['22000', '22...', '0011.'], ['310', '798', '600'])))).toBe(false);
  });
});
