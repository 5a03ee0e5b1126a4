import { describe, expect, it } from 'vitest';
import { deltaE2000 } from '../../color/ciede2000.js';
import { rgbToLab } from '../../color/spaces.js';
import { DMC_THREADS, findThread } from '../../threads/catalogue.js';
import { CHART_SYMBOLS } from '../symbols.js';
import { activeThreads, ChartEditError, MAX_CHART_THREADS, patternFromChart, threadCounts, type EditableChart } from './chart.js';
import type { EditResult } from './edit.js';
import { addThread, mergeThread, nearestThreadsToRgb, removeThread, replaceThread, setSymbol } from './threads.js';
import { chartOf, reversal, rowsOf, withMarks } from './testing.js';

/** Runs an operation and checks what every operation owes: the input untouched, an exact undo and redo. */
function reversibly(chart: EditableChart, operation: (chart: EditableChart) => EditResult): EditResult {
  const { result, found, owed } = reversal(chart, operation);
  expect(found).toEqual(owed);
  return result;
}

const rgbDistance = (code: string, other: string): number => {
  const [a, b] = [findThread(code)!, findThread(other)!];
  return Math.hypot(a.r - b.r, a.g - b.g, a.b - b.b);
};
const deltaE = (code: string, other: string): number => deltaE2000(findThread(code)!.lab, findThread(other)!.lab);

describe('replaceThread', () => {
  it('turns every stitch of one thread into another, keeping both threads', () => {
    const chart = chartOf(['010', '1.0'], ['310', '666']);
    const result = reversibly(chart, (c) => replaceThread(c, 0, 1));
    expect(rowsOf(result.chart)).toEqual(['111', '1.1']);
    expect(result.chart.threads).toEqual(chart.threads);
    expect(result.inverse.label).toBe('Replace DMC 310 with DMC 666');
  });

  it('is no change for the same thread or a thread without stitches, and refuses a removed target', () => {
    const chart = chartOf(['00', '00'], ['310', '666', '700']);
    expect(replaceThread(chart, 0, 0).changed).toBe(false);
    expect(replaceThread(chart, 2, 0).changed).toBe(false);
    const removed = removeThread(chart, 1).chart;
    expect(() => replaceThread(removed, 0, 1)).toThrow(ChartEditError);
  });
});

describe('removeThread', () => {
  it('gives its stitches to the nearest remaining thread by ΔE00, even where RGB distance says otherwise', () => {
    // Violet 550 is nearer in RGB to forest green 986, but by ΔE00 to violet 553.
    expect(rgbDistance('550', '986')).toBeLessThan(rgbDistance('550', '553'));
    expect(deltaE('550', '553')).toBeLessThan(deltaE('550', '986'));
    const chart = chartOf(['0012', '0120'], ['550', '986', '553']);
    const result = reversibly(chart, (c) => removeThread(c, 0));
    expect(rowsOf(result.chart)).toEqual(['2212', '2122']);
    expect(result.chart.threads[0]).toEqual({ ...chart.threads[0], removed: true });
    expect(activeThreads(result.chart)).toEqual([1, 2]);
    expect(patternFromChart(result.chart).legend.map((entry) => entry.code)).toEqual(['553', '986']);

    // And the other way round: red 321 is nearer in RGB to 347, by ΔE00 to 349.
    expect(rgbDistance('321', '347')).toBeLessThan(rgbDistance('321', '349'));
    expect(deltaE('321', '349')).toBeLessThan(deltaE('321', '347'));
    expect(rowsOf(removeThread(chartOf(['012'], ['347', '321', '349']), 1).chart)).toEqual(['022']);
  });

  it('passes over removed threads, and refuses to remove the last active one', () => {
    const chart = chartOf(['012'], ['550', '553', '986']);
    const withoutViolet = removeThread(chart, 1).chart; // 553 goes to its nearest of 550 and 986
    const result = removeThread(withoutViolet, 0);
    expect(rowsOf(result.chart)).toEqual(['222']);
    expect(() => removeThread(result.chart, 2)).toThrow(/DMC 986 is the only thread of the chart/);
    expect(() => removeThread(result.chart, 0)).toThrow(/DMC 550 was removed/);
  });
});

describe('mergeThread', () => {
  it('gives one thread’s stitches to another and removes it', () => {
    const chart = chartOf(['0120', '.1.2'], ['310', '666', '700']);
    const result = reversibly(chart, (c) => mergeThread(c, 0, 2));
    expect(rowsOf(result.chart)).toEqual(['2122', '.1.2']);
    expect(result.chart.threads.map((thread) => thread.removed)).toEqual([true, false, false]);
    expect(Array.from(threadCounts(result.chart))).toEqual([0, 2, 4]);
    expect(result.inverse.label).toBe('Merge DMC 310 into DMC 700');
  });

  it('refuses merging a thread into itself or into a removed thread', () => {
    const chart = chartOf(['012'], ['310', '666', '700']);
    expect(() => mergeThread(chart, 1, 1)).toThrow(ChartEditError);
    expect(() => mergeThread(mergeThread(chart, 2, 0).chart, 1, 2)).toThrow(/DMC 700 was removed/);
  });
});

describe('addThread', () => {
  it('appends a catalogue thread with the first symbol no active thread uses', () => {
    const chart = setSymbol(chartOf(['01'], ['310', '666']), 0, CHART_SYMBOLS[5]!).chart; // frees the first symbol
    const result = reversibly(chart, (c) => addThread(c, 'b5200'));
    const dmc = findThread('B5200')!;
    expect(result.chart.threads).toHaveLength(3);
    expect(result.chart.threads[2]).toEqual({
      brand: 'dmc',
      code: 'B5200',
      name: dmc.name,
      hex: dmc.hex,
      rgb: { r: dmc.r, g: dmc.g, b: dmc.b },
      symbol: CHART_SYMBOLS[0],
      removed: false,
    });
    expect(result.inverse.threads).toEqual([{ index: 2, before: result.chart.threads[2], after: undefined }]);
    expect(Array.from(result.chart.cells)).toEqual(Array.from(chart.cells));
  });

  it('brings a removed thread back in its own slot, with its symbol when that is still free', () => {
    // 310 moves to ★, so the first symbol is free; 666 still gets its own (the second) back.
    const chart = setSymbol(chartOf(['012'], ['310', '666', '700']), 0, '★').chart;
    const removed = removeThread(chart, 1).chart;
    const back = reversibly(removed, (c) => addThread(c, '666'));
    expect(back.chart.threads).toHaveLength(3);
    expect(back.chart.threads[1]).toEqual(chart.threads[1]);
    expect(back.chart.threads[1]!.symbol).toBe(CHART_SYMBOLS[1]);
    // Its symbol taken meanwhile: it gets the first free one.
    const taken = setSymbol(removed, 2, CHART_SYMBOLS[1]!).chart;
    expect(addThread(taken, '666').chart.threads[1]!.symbol).toBe(CHART_SYMBOLS[0]);
  });

  it('refuses an unknown code, a thread already in the chart, and a 51st thread', () => {
    const chart = chartOf(['0'], ['310']);
    expect(() => addThread(chart, '9999')).toThrow(new ChartEditError('DMC 9999 is not a DMC thread.'));
    expect(() => addThread(chart, ' 310 ')).toThrow('DMC 310 is already in the chart.');
    let full = chart;
    for (const thread of DMC_THREADS.filter((t) => t.code !== '310').slice(0, MAX_CHART_THREADS - 1)) full = addThread(full, thread.code).chart;
    expect(activeThreads(full)).toHaveLength(MAX_CHART_THREADS);
    expect(new Set(full.threads.map((thread) => thread.symbol)).size).toBe(MAX_CHART_THREADS);
    const next = DMC_THREADS.find((thread) => !full.threads.some((t) => t.code === thread.code))!;
    expect(() => addThread(full, next.code)).toThrow('A chart can have at most 50 threads. Remove or merge one first.');
    expect(addThread(removeThread(full, 3).chart, next.code).changed).toBe(true);
  });
});

describe('setSymbol', () => {
  it('changes a thread’s symbol', () => {
    const chart = chartOf(['01'], ['310', '666']);
    const result = reversibly(chart, (c) => setSymbol(c, 1, '★'));
    expect(result.chart.threads[1]).toEqual({ ...chart.threads[1], symbol: '★' });
    expect(patternFromChart(result.chart).legend.find((entry) => entry.code === '666')?.symbol).toBe('★');
    expect(setSymbol(result.chart, 1, '★').changed).toBe(false);
  });

  it('refuses a symbol another active thread has, or one that is not a chart symbol', () => {
    const chart = setSymbol(chartOf(['01'], ['310', '666']), 0, '★').chart;
    expect(() => setSymbol(chart, 1, '★')).toThrow('Symbol ★ is already used by DMC 310.');
    expect(() => setSymbol(chart, 1, 'x')).toThrow(ChartEditError);
    // A removed thread's symbol is free again.
    expect(setSymbol(removeThread(chart, 0).chart, 1, '★').changed).toBe(true);
  });
});

describe('nearestThreadsToRgb', () => {
  it('lists the nearest catalogue threads to a picked colour by ΔE00, as a scan of the whole catalogue does', () => {
    for (const rgb of [
      { r: 200, g: 30, b: 60 },
      { r: 20, g: 90, b: 200 },
      { r: 240, g: 235, b: 220 },
    ]) {
      const lab = rgbToLab(rgb);
      const scan = DMC_THREADS.map((thread) => ({ thread, deltaE: deltaE2000(lab, thread.lab) }))
        .sort((x, y) => x.deltaE - y.deltaE)
        .slice(0, 6);
      const found = nearestThreadsToRgb(rgb, 6);
      expect(found.map((match) => match.thread.code)).toEqual(scan.map((match) => match.thread.code));
      found.forEach((match, k) => {
        expect(match.deltaE).toBeCloseTo(scan[k]!.deltaE, 9);
      });
    }
    const black = findThread('310')!;
    expect(nearestThreadsToRgb(black, 1)).toEqual([{ thread: black, deltaE: 0 }]);
  });
});

describe('thread edits and part stitches, backstitch and knots', () => {
  // 550 has a full stitch, a part stitch, a line and a knot; 986 a part stitch; 553 (nearest 550 by ΔE00) only a knot.
  const chart = withMarks(chartOf(['0.', '..'], ['550', '986', '553']), {
    parts: [
      { x: 1, y: 0, kind: 'half-slash', thread: 0 },
      { x: 1, y: 1, kind: 'quarter-tl', thread: 1 },
    ],
    backstitches: [{ x1: 0, y1: 0, x2: 4, y2: 4, thread: 0 }],
    knots: [
      { x: 1, y: 1, thread: 0 },
      { x: 3, y: 3, thread: 2 },
    ],
  });
  /** Each mark's thread, parts then lines then knots, in the chart's order. */
  const threadsOfMarks = ({ marks }: EditableChart) => [marks.parts, marks.backstitches, marks.knots].map((items) => items.map((item) => item.thread));

  it('replace, merge and remove recolour the marks too, and undo gives them back', () => {
    expect(threadsOfMarks(reversibly(chart, (c) => replaceThread(c, 0, 1)).chart)).toEqual([[1, 1], [1], [1, 2]]);
    expect(threadsOfMarks(reversibly(chart, (c) => mergeThread(c, 0, 2)).chart)).toEqual([[2, 1], [2], [2, 2]]);
    const removed = reversibly(chart, (c) => removeThread(c, 0)).chart;
    expect(threadsOfMarks(removed)).toEqual([[2, 1], [2], [2, 2]]);
    expect(rowsOf(removed)).toEqual(['2.', '..']);
  });

  it('treats a thread with marks only as used: replacing it is a change', () => {
    const result = reversibly(chart, (c) => replaceThread(c, 2, 1));
    expect(threadsOfMarks(result.chart)).toEqual([[0, 1], [0], [0, 1]]);
    expect(rowsOf(result.chart)).toEqual(rowsOf(chart));
  });
});
