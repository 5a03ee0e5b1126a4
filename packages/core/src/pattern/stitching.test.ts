import { describe, expect, it } from 'vitest';
import { progressByThread } from './progress.js';
import type { PartStitch } from './stitches.js';
import { cellHasThread, cellsOnLine, cellThreads, sameThreadRegion, type StitchingChart } from './stitching.js';

/** A chart from rows of text: a digit is that thread, '.' no full stitch. */
function chartOf(rows: string[], parts: PartStitch[] = []): StitchingChart {
  const width = rows[0]!.length;
  const cells = new Int16Array(
    rows
      .join('')
      .split('')
      .map((c) => (c === '.' ? -1 : Number(c))),
  );
  return { width, height: rows.length, cells, marks: { parts } };
}

/** Cell indices as rows of text: '#' in the list, '.' not. */
function picture(width: number, height: number, indices: number[]): string[] {
  const set = new Set(indices);
  return Array.from({ length: height }, (_, y) => Array.from({ length: width }, (_, x) => (set.has(y * width + x) ? '#' : '.')).join(''));
}

describe('cellThreads', () => {
  it("gives each cell its full stitch's thread, else its part stitch's, and lists a second part-stitch thread", () => {
    const chart = chartOf(
      ['01.', '...'],
      [
        { x: 2, y: 0, kind: 'quarter-tl', thread: 1 },
        { x: 0, y: 1, kind: 'quarter-tl', thread: 0 },
        { x: 0, y: 1, kind: 'three-quarter-br', thread: 2 },
        { x: 9, y: 9, kind: 'quarter-tl', thread: 2 }, // off the chart: ignored
      ],
    );
    const cells = cellThreads(chart);
    expect([...cells.thread]).toEqual([0, 1, 1, 0, -1, -1]);
    expect(cellHasThread(cells, 3, 0)).toBe(true);
    expect(cellHasThread(cells, 3, 2)).toBe(true);
    expect(cellHasThread(cells, 3, 1)).toBe(false);
    expect(cellHasThread(cells, 4, 0)).toBe(false);
    // The chart itself is left as it was.
    expect([...chart.cells]).toEqual([0, 1, -1, -1, -1, -1]);
  });
});

describe('sameThreadRegion', () => {
  const chart = chartOf(['0011.', '0.10.', '00.10', '1.000']);
  const cells = cellThreads(chart);

  it('is the 4-connected run of the tapped stitch’s thread, not its diagonal neighbours', () => {
    expect(picture(5, 4, sameThreadRegion(cells, 0, 0))).toEqual(['##...', '#....', '##...', '.....']);
    // (3, 1) touches (4, 2) only at a corner: another region.
    expect(picture(5, 4, sameThreadRegion(cells, 3, 1))).toEqual(['.....', '...#.', '.....', '.....']);
    expect(picture(5, 4, sameThreadRegion(cells, 4, 3))).toEqual(['.....', '.....', '....#', '..###']);
  });

  it('is empty on fabric, off the chart, or for a thread the stitch is not in', () => {
    expect(sameThreadRegion(cells, 4, 0)).toEqual([]);
    expect(sameThreadRegion(cells, -1, 2)).toEqual([]);
    expect(sameThreadRegion(cells, 5, 0)).toEqual([]);
    expect(sameThreadRegion(cells, 0, 0, 1)).toEqual([]);
  });

  it('reaches through cells holding the thread only as a part stitch', () => {
    const withParts = cellThreads(chartOf(['0.0', '...'], [{ x: 1, y: 0, kind: 'half-slash', thread: 0 }]));
    expect(picture(3, 2, sameThreadRegion(withParts, 0, 0))).toEqual(['###', '...']);
  });

  // Speed is the benchmarks' to measure; a search that went quadratic would not finish within the test's time.
  it('finds a region of a whole 500 × 500 chart exactly', () => {
    const big = cellThreads({ width: 500, height: 500, cells: new Int16Array(250_000) });
    expect(sameThreadRegion(big, 250, 250)).toHaveLength(250_000);
  });
});

describe('cellsOnLine', () => {
  it('gives every stitch a drag crosses, in order, without gaps, clipped to the chart', () => {
    expect(cellsOnLine(10, 3, { x: 1, y: 1 }, { x: 5, y: 1 })).toEqual([11, 12, 13, 14, 15]);
    expect(cellsOnLine(10, 3, { x: 0, y: 0 }, { x: 2, y: 2 })).toEqual([0, 11, 22]);
    expect(cellsOnLine(4, 1, { x: -3, y: 0 }, { x: 9, y: 0 })).toEqual([0, 1, 2, 3]);
    expect(cellsOnLine(4, 1, { x: 2, y: 0 }, { x: 2, y: 0 })).toEqual([2]);
  });

  it('takes a position within a stitch as that stitch, on the chart or off it (a line never misses its end)', () => {
    // Without whole cells the walk stepped past its end for ever: (−0.5, 0) to (3, 0) did not return.
    expect(cellsOnLine(10, 3, { x: -0.5, y: 0 }, { x: 3, y: 0 })).toEqual([0, 1, 2, 3]);
    expect(cellsOnLine(10, 3, { x: 1.5, y: 1.25 }, { x: 4.75, y: 1.9 })).toEqual([11, 12, 13, 14]);
    expect(cellsOnLine(10, 3, { x: Number.NaN, y: 0 }, { x: 3, y: 0 })).toEqual([]);
  });
});

describe('progress per thread with part stitches', () => {
  it('counts a cell with two threads’ part stitches for each thread', () => {
    // progress.ts counts per thread for a Pattern; the same cells as cellThreads sees them.
    const chart = chartOf(
      ['0.'],
      [
        { x: 1, y: 0, kind: 'quarter-tl', thread: 0 },
        { x: 1, y: 0, kind: 'three-quarter-br', thread: 1 },
      ],
    );
    const pattern = { ...chart, legend: [{}, {}], marks: { parts: chart.marks!.parts, backstitches: [], knots: [] } } as never;
    expect(progressByThread(pattern, Uint8Array.of(0b10))).toEqual([
      { done: 1, total: 2 },
      { done: 1, total: 1 },
    ]);
  });
});
