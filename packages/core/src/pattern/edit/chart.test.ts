import { describe, expect, it } from 'vitest';
import { parsePatternDocument, toPatternDocument, type Pattern } from '../model.js';
import { activeThreads, ChartEditError, chartFromPattern, patternFromChart, threadCounts, type EditableChart } from './chart.js';
import { fill, stroke } from './draw.js';
import { addThread, mergeThread, removeThread, setSymbol } from './threads.js';
import { sameMarks } from '../stitches.js';
import { chartOf, withMarks } from './testing.js';

/** The DMC code of every cell ('' for no stitch): what a stitcher sees, whatever the numbering. */
function codesOfCells(pattern: Pattern): string[] {
  return Array.from(pattern.cells, (index) => (index < 0 ? '' : pattern.legend[index]!.code));
}

describe('chartFromPattern and patternFromChart', () => {
  const pattern = patternFromChart(chartOf(['0011', '0012', '...2'], ['310', '666', '700']), { confetti_before: 0.2, confetti_after: 0.1, mean_delta_e: 3 });

  it('builds a legend of threads with stitches, most first, ties by code, with their own symbols', () => {
    const chart = setSymbol(chartOf(['0112', '201.'], ['Blanc', '310', '666', '700']), 0, '★').chart;
    const result = patternFromChart(chart);
    // 310 has 3 stitches; Blanc and 666 2 each (666 sorts first by code); 700 none, so it is left out.
    expect(result.legend.map((entry) => [entry.index, entry.code, entry.stitch_count, entry.symbol])).toEqual([
      [0, '310', 3, chart.threads[1]!.symbol],
      [1, '666', 2, chart.threads[2]!.symbol],
      [2, 'Blanc', 2, '★'],
    ]);
    expect(codesOfCells(result)).toEqual(Array.from(chart.cells, (index) => (index < 0 ? '' : chart.threads[index]!.code)));
    expect(result.stats).toEqual({ confetti_before: 0, confetti_after: 0, mean_delta_e: 0 });
    expect(result.legend[2]).toMatchObject({ hex: chart.threads[0]!.hex, rgb: chart.threads[0]!.rgb, dmc_name: chart.threads[0]!.name });
  });

  it('keeps the legend order and symbols of a pattern, and copies its cells', () => {
    const source = { ...pattern, cells: pattern.cells.slice() };
    const chart = chartFromPattern(source);
    expect(chart.threads.map((thread) => [thread.code, thread.symbol, thread.removed])).toEqual(
      pattern.legend.map((entry) => [entry.code, entry.symbol, false]),
    );
    expect(Array.from(chart.cells)).toEqual(Array.from(pattern.cells));
    source.cells[0] = 2;
    expect(chart.cells[0]).toBe(pattern.cells[0]);
    expect(patternFromChart(chart, pattern.stats)).toEqual(pattern);
  });

  it('refuses a pattern whose cells do not fit its legend or its size', () => {
    expect(() => chartFromPattern({ ...pattern, cells: Int16Array.of(0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0) })).toThrow(ChartEditError);
    expect(() => chartFromPattern({ ...pattern, cells: Int16Array.of(0) })).toThrow(ChartEditError);
  });

  it('counts stitches per thread and lists active threads', () => {
    const chart = mergeThread(chartOf(['0011', '0012'], ['310', '666', '700']), 2, 1).chart;
    expect(Array.from(threadCounts(chart))).toEqual([4, 4, 0]);
    expect(activeThreads(chart)).toEqual([0, 1]);
  });

  it('round-trips an edited chart through the pattern document with consistent counts', () => {
    let chart = chartFromPattern(pattern);
    for (const edit of [
      (c: EditableChart) => addThread(c, '3865'),
      (c: EditableChart) =>
        stroke(
          c,
          [
            { x: 0, y: 2 },
            { x: 3, y: 0 },
          ],
          3,
        ),
      (c: EditableChart) => fill(c, 1, 2, 2),
      (c: EditableChart) => removeThread(c, 1),
    ]) {
      const result = edit(chart);
      expect(result.changed).toBe(true);
      chart = result.chart;
    }
    const edited = patternFromChart(chart, pattern.stats);
    const parsed = parsePatternDocument(JSON.stringify(toPatternDocument(edited)));
    expect(parsed).toEqual(edited);
    expect(parsed.legend.reduce((sum, entry) => sum + entry.stitch_count, 0)).toBe(chart.cells.filter((index) => index >= 0).length);
    expect(parsed.legend.map((entry) => entry.code)).not.toContain(chart.threads[1]!.code);
    expect(codesOfCells(parsed)).toEqual(Array.from(chart.cells, (index) => (index < 0 ? '' : chart.threads[index]!.code)));
  });
});

describe('patternFromChart with part stitches, backstitch and knots', () => {
  // 310 has no stitch at all, 666 backstitch only, 700 full stitches and a knot, Blanc a part stitch.
  const chart = withMarks(chartOf(['22', '2.'], ['310', '666', '700', 'Blanc']), {
    parts: [{ x: 1, y: 1, kind: 'three-quarter-br', thread: 3 }],
    backstitches: [{ x1: 0, y1: 0, x2: 4, y2: 4, thread: 1 }],
    knots: [{ x: 2, y: 2, thread: 2 }],
  });

  it('lists threads with stitches of any kind (backstitch only too), and renumbers the marks to the legend', () => {
    const pattern = patternFromChart(chart);
    expect(pattern.legend.map((entry) => [entry.code, entry.stitch_count])).toEqual([
      ['700', 3],
      ['666', 0],
      ['Blanc', 0],
    ]);
    expect(pattern.marks).toEqual({
      parts: [{ x: 1, y: 1, kind: 'three-quarter-br', thread: 2 }],
      backstitches: [{ x1: 0, y1: 0, x2: 4, y2: 4, thread: 1 }],
      knots: [{ x: 2, y: 2, thread: 0 }],
    });
  });

  it('reads back the same chart from its saved document', () => {
    const pattern = patternFromChart(chart);
    const reread = chartFromPattern(parsePatternDocument(JSON.stringify(toPatternDocument(pattern))));
    expect(sameMarks(patternFromChart(reread).marks, pattern.marks)).toBe(true);
    expect(reread.threads.map((thread) => thread.code)).toEqual(['700', '666', 'Blanc']);
  });
});
