import { describe, expect, it } from 'vitest';
import { ChartEditError, type EditableChart } from './chart.js';
import { fill, stroke, type ChartPoint } from './draw.js';
import { removeThread } from './threads.js';
import { chartOf, rowsOf, snapshot, undoAndRedo } from './testing.js';

/** Points from x, y pairs. */
const path = (...xy: number[]): ChartPoint[] => Array.from({ length: xy.length / 2 }, (_, k) => ({ x: xy[2 * k]!, y: xy[2 * k + 1]! }));

const blank = (width: number, height: number): EditableChart =>
  chartOf(
    Array.from({ length: height }, () => '.'.repeat(width)),
    ['310', '666'],
  );

/** The cells holding `value`, as [x, y]. */
function cellsWith(chart: EditableChart, value: number): [number, number][] {
  const found: [number, number][] = [];
  chart.cells.forEach((cell, at) => {
    if (cell === value) found.push([at % chart.width, Math.floor(at / chart.width)]);
  });
  return found;
}

/** Whether the cells form one path from `from` to `to`, each cell an 8-neighbour of the next, x stepping monotonically. */
function isConnectedLine(cells: [number, number][], from: [number, number], to: [number, number]): boolean {
  const path = [...cells].sort((p, q) => (from[0] <= to[0] ? p[0] - q[0] : q[0] - p[0]) || (from[1] <= to[1] ? p[1] - q[1] : q[1] - p[1]));
  if (path.length === 0 || path[0]!.join() !== from.join() || path.at(-1)!.join() !== to.join()) return false;
  return path.every((cell, k) => k === 0 || (Math.abs(cell[0] - path[k - 1]![0]) <= 1 && Math.abs(cell[1] - path[k - 1]![1]) <= 1));
}

describe('stroke', () => {
  it('joins two far-apart points of a fast drag with a gap-free 8-connected line', () => {
    const chart = blank(120, 60);
    const before = snapshot(chart);
    const drags: [number, number, number, number][] = [
      [2, 3, 117, 41],
      [100, 58, 7, 1],
      [50, 0, 53, 59],
    ];
    for (const [x0, y0, x1, y1] of drags) {
      const result = stroke(chart, path(x0, y0, x1, y1), 0);
      const drawn = cellsWith(result.chart, 0);
      // One cell per step along the longer axis: no gaps and no doubled cells.
      expect(drawn).toHaveLength(Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0)) + 1);
      expect(isConnectedLine(drawn, [x0, y0], [x1, y1])).toBe(true);
      expect(result.changed).toBe(true);
      expect(result.inverse.cells?.indices).toHaveLength(drawn.length);
    }
    expect(snapshot(chart)).toEqual(before);
  });

  it('draws through every point of a polyline, and one point alone draws one stitch', () => {
    const result = stroke(blank(8, 4), path(0, 0, 3, 0, 3, 3, 7.9, 3.2), 1);
    expect(rowsOf(result.chart)).toEqual(['1111....', '...1....', '...1....', '...11111']);
    expect(rowsOf(stroke(blank(3, 2), path(1, 1), 0).chart)).toEqual(['...', '.0.']);
  });

  it('clips what lies outside the grid, even points very far away', () => {
    const chart = blank(10, 5);
    expect(rowsOf(stroke(chart, path(-4, 2, 13, 2), 0).chart)).toEqual(['..........', '..........', '0000000000', '..........', '..........']);
    // Clipped before walking: a walk over two billion points would not finish within the test's time.
    const far = stroke(chart, path(-1e9, 2, 1e9, 2), 0);
    expect(cellsWith(far.chart, 0)).toHaveLength(10);
    expect(stroke(chart, path(-5, -5, 20, -1), 0).changed).toBe(false);
  });

  it('erases with −1, and is no change where there is nothing to erase', () => {
    const chart = chartOf(['0011', '0011'], ['310', '666']);
    const before = snapshot(chart);
    const erased = stroke(chart, path(0, 0, 3, 0), -1);
    expect(erased.inverse.label).toBe('Eraser');
    expect(rowsOf(erased.chart)).toEqual(['....', '0011']);
    expect(erased.chart.threads).toEqual(chart.threads);
    expect(snapshot(chart)).toEqual(before);
    expect(undoAndRedo(erased)).toEqual({ undone: before, redone: snapshot(erased.chart) });
    const again = stroke(erased.chart, path(0, 0, 3, 0), -1);
    expect(again.changed).toBe(false);
    expect(again.chart).toBe(erased.chart);
  });

  it('records only the cells it really changed, and undoes and redoes exactly', () => {
    const chart = chartOf(['0000', '1111'], ['310', '666']);
    const before = snapshot(chart);
    const result = stroke(chart, path(0, 0, 3, 1), 1);
    // The line crosses (0,0), (1,0), (2,1), (3,1); the last two were already that thread.
    expect(rowsOf(result.chart)).toEqual(['1100', '1111']);
    expect(Array.from(result.inverse.cells!.indices)).toEqual([0, 1]);
    expect(undoAndRedo(result)).toEqual({ undone: before, redone: snapshot(result.chart) });
  });

  it('refuses a removed thread or one the chart does not have', () => {
    const chart = removeThread(chartOf(['01'], ['310', '666']), 0).chart;
    expect(() => stroke(chart, path(0, 0), 0)).toThrow(/DMC 310 was removed/);
    expect(() => stroke(chart, path(0, 0), 7)).toThrow(ChartEditError);
  });
});

describe('fill', () => {
  it('fills the 4-connected region of one thread, not across diagonals or other threads', () => {
    const chart = chartOf(['000.1', '0.0.1', '000.1', '...0.', '1111.'], ['310', '666', '700']);
    const before = snapshot(chart);
    const result = fill(chart, 1, 0, 2);
    // The ring of 0 at the top left is one region; the 0 at (3, 3) touches it only diagonally.
    expect(rowsOf(result.chart)).toEqual(['222.1', '2.2.1', '222.1', '...0.', '1111.']);
    expect(snapshot(chart)).toEqual(before);
    expect(undoAndRedo(result)).toEqual({ undone: before, redone: snapshot(result.chart) });
  });

  it('fills a region of empty cells, and erases a region with −1', () => {
    const chart = chartOf(['0...', '0.00', '00..'], ['310', '666']);
    expect(rowsOf(fill(chart, 1, 1, 1).chart)).toEqual(['0111', '0100', '00..']);
    expect(rowsOf(fill(chart, 3, 2, 1).chart)).toEqual(['0...', '0.00', '0011']);
    const erased = fill(chart, 0, 0, -1);
    expect(rowsOf(erased.chart)).toEqual(['....', '..00', '....']);
    expect(undoAndRedo(erased).undone).toEqual(snapshot(chart));
  });

  it('fills a region that turns back upwards, past walls, completely', () => {
    const rows = ['000000000', '1111111.0', '0000000.0', '0.11111.0', '0.......0', '000000000'];
    const chart = chartOf(rows, ['310', '666']);
    const result = fill(chart, 1, 3, 1);
    expect(rowsOf(result.chart)).toEqual(['000000000', '111111110', '000000010', '011111110', '011111110', '000000000']);
  });

  it('is no change with the same thread, or outside the grid', () => {
    const chart = chartOf(['01', '10'], ['310', '666']);
    for (const result of [fill(chart, 0, 0, 0), fill(chart, -1, 0, 1), fill(chart, 2, 1, 1)]) {
      expect(result.changed).toBe(false);
      expect(result.chart).toBe(chart);
    }
  });
});

// Speed is the editor benchmark's to measure (bench/web-editor.ts); a fill or stroke gone quadratic would not
// finish within the test's time.
describe('charts of the largest size', () => {
  it('fills a winding 100,000-cell region and strokes over 250,000 cells, exactly', () => {
    // 500 × 400: corridors on even rows, walls on odd rows with one gap at alternating ends, so the region snakes.
    const width = 500;
    const rows = Array.from({ length: 400 }, (_, y) => {
      if (y % 2 === 0) return '0'.repeat(width);
      const gapAtRight = y % 4 === 1;
      return gapAtRight ? '1'.repeat(width - 1) + '0' : '0' + '1'.repeat(width - 1);
    });
    const maze = chartOf(rows, ['310', '666', '700']);
    const filled = fill(maze, 0, 0, 2);
    expect(filled.inverse.cells?.indices.length).toBe(200 * width + 200);

    const canvas = blank(500, 500);
    const zigzag = Array.from({ length: 500 }, (_, y) => (y % 2 === 0 ? path(0, y, 499, y) : path(499, y, 0, y))).flat();
    const stroked = stroke(canvas, zigzag, 1);
    expect(stroked.inverse.cells?.indices.length).toBe(250_000);
  });
});
