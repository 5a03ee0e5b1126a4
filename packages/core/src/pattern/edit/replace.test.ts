import { describe, expect, it } from 'vitest';
import type { Pattern } from '../model.js';
import { patternFromChart } from './chart.js';
import { applyEdit } from './edit.js';
import { canonicalDocument, documentOfChart, replaceChart, sameChart } from './replace.js';
import { chartOf, reversal, rowsOf, snapshot, withMarks } from './testing.js';
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
    expect(back.threads.filter((thread) => !thread.removed).map((thread) => thread.code)).toEqual(['310', '321', '798']);
  });

  it('keeps thread slots: the same DMC thread keeps its slot, new ones are added at the end, missing ones are removed', () => {
    const { chart } = replaceChart(TARGET, 'Restore')(CURRENT);
    expect(chart.threads.map((thread) => [thread.code, thread.removed])).toEqual([
      ['310', false],
      ['321', true],
      ['798', false],
      ['600', false],
    ]);
    expect(chart.threads[2]!.symbol).toBe(TARGET.legend.find((entry) => entry.code === '798')!.symbol);
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

  it('makes the chart bigger for a bigger target, in the same step', () => {
    const bigger = patternOf(['22001', '22..1', '00110', '....2'], ['310', '798', '600']);
    const { result, found, owed } = reversal(CURRENT, replaceChart(bigger, 'Restore'));
    expect(found).toEqual(owed);
    expect(documentOfChart(result.chart)).toEqual(canonicalDocument(bigger));
    expect(result.inverse.resize).toEqual({ before: { width: 5, height: 4 }, after: { width: 4, height: 3 } });
  });

  it('makes the chart smaller for a smaller target, its stitches of every kind in the part cut off taken away', () => {
    const current = withMarks(CURRENT, {
      parts: [{ x: 3, y: 2, kind: 'quarter-bl', thread: 1 }],
      backstitches: [{ x1: 0, y1: 6, x2: 8, y2: 6, thread: 0 }],
      knots: [{ x: 8, y: 0, thread: 2 }],
    });
    const smaller = patternOf(['20', '02'], ['310', '798']);
    const { result, found, owed } = reversal(current, replaceChart(smaller, 'Open version 1'));
    expect(found).toEqual(owed);
    expect(documentOfChart(result.chart)).toEqual(canonicalDocument(smaller));
  });

  it('takes a target wider and shorter than the chart', () => {
    const reshaped = patternOf(['2200011', '0000022'], ['310', '798', '600']);
    const { result, found, owed } = reversal(CURRENT, replaceChart(reshaped, 'Open version 3'));
    expect(found).toEqual(owed);
    expect(documentOfChart(result.chart)).toEqual(canonicalDocument(reshaped));
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

describe('replaceChart and sameChart with part stitches, backstitch and knots', () => {
  // The chart has a knot of 321 (which the target does not have) and a line of 310; the target a part stitch of
  // 600 (new), a line of 798 and a knot of 310.
  const current = withMarks(CURRENT, {
    backstitches: [{ x1: 0, y1: 0, x2: 8, y2: 0, thread: 0 }],
    knots: [{ x: 1, y: 1, thread: 1 }],
  });
  const target = patternFromChart(
    withMarks(chartOf(['2200', '22..', '0011'], ['310', '798', '600']), {
      parts: [{ x: 2, y: 1, kind: 'quarter-tr', thread: 2 }],
      backstitches: [{ x1: 8, y1: 6, x2: 0, y2: 0, thread: 1 }],
      knots: [{ x: 1, y: 1, thread: 0 }],
    }),
  );

  it('carries the target’s marks onto the chart’s thread slots, and undo gives the chart’s back', () => {
    const result = replaceChart(target, 'Restore')(current);
    expect(sameChart(documentOfChart(result.chart), canonicalDocument(target))).toBe(true);
    const slot = (code: string) => result.chart.threads.findIndex((thread) => thread.code === code && !thread.removed);
    expect(result.chart.marks.parts).toEqual([{ x: 2, y: 1, kind: 'quarter-tr', thread: slot('600') }]);
    expect(result.chart.marks.knots).toEqual([{ x: 1, y: 1, thread: slot('310') }]);
    const back = applyEdit(result.chart, result.inverse).chart;
    expect(snapshot(back)).toEqual(snapshot(current));
    expect(replaceChart(patternFromChart(current), 'Restore')(current).changed).toBe(false);
  });

  it('tells charts apart by their marks, in whatever order they are listed', () => {
    const document = canonicalDocument(target);
    const reordered = { ...document, backstitches: document.backstitches.map(({ x1, y1, x2, y2, thread }) => ({ x1: x2, y1: y2, x2: x1, y2: y1, thread })) };
    expect(sameChart(document, reordered)).toBe(true);
    expect(sameChart(document, { ...document, knots: [] })).toBe(false);
    expect(sameChart(document, { ...document, part_stitches: document.part_stitches.map((part) => ({ ...part, kind: 'quarter-tl' as const })) })).toBe(false);
    expect(sameChart(document, { ...document, backstitches: document.backstitches.map((line) => ({ ...line, thread: 0 })) })).toBe(false);
  });
});
