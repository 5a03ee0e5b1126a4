import { describe, expect, it } from 'vitest';
import { blockArea, evenSpans, gridArea, PAPER_SIZES, printLayout, spanLength, type PaperSize, type Span } from './print-layout.js';

const sizes = (spans: Span[]): number[] => spans.map(spanLength);

describe('print layout', () => {
  it('prints a 100 × 75 chart on 2 chart pages, not 4 with two slivers of 8 rows as 60 × 70 blocks overlapping by 3 did', () => {
    for (const paper of ['a4', 'letter'] as const) {
      const layout = printLayout({ width: 100, height: 75, paper, orientation: 'auto', preset: 'pattern-keeper' });
      expect(layout.orientation, paper).toBe('portrait');
      expect(layout.pages, paper).toHaveLength(2);
      expect(layout.columns, paper).toEqual([
        { start: 0, end: 51 },
        { start: 49, end: 100 },
      ]);
      expect(layout.rows, paper).toEqual([{ start: 0, end: 75 }]);
    }
  });

  it('never leaves a near-empty page: the blocks along a side differ by a stitch at most', () => {
    for (const [width, height] of [
      [100, 75],
      [61, 71],
      [123, 89],
      [200, 150],
      [500, 500],
    ] as const) {
      for (const orientation of ['portrait', 'landscape'] as const) {
        const layout = printLayout({ width, height, paper: 'a4', orientation, preset: 'pattern-keeper' });
        for (const spans of [layout.columns, layout.rows]) {
          expect(Math.max(...sizes(spans)) - Math.min(...sizes(spans)), `${width} × ${height} ${orientation}`).toBeLessThanOrEqual(1);
        }
      }
    }
  });

  it('holds at least 60 × 70 stitches a portrait page with the Pattern Keeper preset, more where the paper has room; landscape swaps the shape', () => {
    const capacity = (paper: PaperSize, orientation: 'portrait' | 'landscape') =>
      printLayout({ width: 1000, height: 1000, paper, orientation, preset: 'pattern-keeper' }).capacity;
    expect(capacity('a4', 'portrait')).toEqual({ columns: 60, rows: 86 });
    expect(capacity('letter', 'portrait')).toEqual({ columns: 60, rows: 77 });
    expect(capacity('a4', 'landscape')).toEqual({ columns: 95, rows: 60 });
    expect(capacity('letter', 'landscape')).toEqual({ columns: 86, rows: 60 });
    const large = printLayout({ width: 1000, height: 1000, paper: 'a4', orientation: 'portrait', preset: 'large-print' });
    expect(large.capacity).toEqual({ columns: 40, rows: 57 });
    expect(large.overlap).toBe(2);
  });

  it('turns pages to landscape when that prints fewer of them, and keeps portrait on a tie', () => {
    const wide = printLayout({ width: 90, height: 55, paper: 'a4', orientation: 'auto', preset: 'pattern-keeper' });
    expect(wide.orientation).toBe('landscape');
    expect(wide.pages).toHaveLength(1);
    expect(wide.sheet).toEqual({ width: PAPER_SIZES.a4.height, height: PAPER_SIZES.a4.width });
    expect(printLayout({ width: 90, height: 55, paper: 'a4', orientation: 'portrait', preset: 'pattern-keeper' }).pages).toHaveLength(2);
    expect(printLayout({ width: 40, height: 40, paper: 'a4', orientation: 'auto', preset: 'pattern-keeper' }).orientation).toBe('portrait');
    // Large print: 3 × 2 portrait pages of at most 40 × 57, or 2 × 2 landscape ones of at most 63 × 40.
    const large = printLayout({ width: 100, height: 75, paper: 'a4', orientation: 'auto', preset: 'large-print' });
    expect(large.orientation).toBe('landscape');
    expect(large.pages).toHaveLength(4);
  });

  it('draws stitches as large as the biggest block allows, the same on every page, up to half as large again as the preset', () => {
    const layout = printLayout({ width: 100, height: 75, paper: 'a4', orientation: 'portrait', preset: 'pattern-keeper' });
    const area = gridArea(layout.sheet);
    // 51 across and 75 down: the 75 rows fill the page's height.
    expect(layout.cellSize).toBeCloseTo(area.height / 75, 9);
    expect(51 * layout.cellSize).toBeLessThanOrEqual(area.width);
    const large = printLayout({ width: 100, height: 75, paper: 'a4', orientation: 'portrait', preset: 'large-print' });
    expect(large.cellSize).toBeGreaterThan(layout.cellSize);
    const tiny = printLayout({ width: 10, height: 10, paper: 'a4', orientation: 'portrait', preset: 'pattern-keeper' });
    expect(tiny.cellSize).toBeCloseTo((area.width / 60) * 1.5, 9);
  });

  it('numbers chart pages row by row, as the page map shows them', () => {
    const layout = printLayout({ width: 200, height: 150, paper: 'a4', orientation: 'portrait', preset: 'pattern-keeper' });
    expect(layout.columns).toHaveLength(4);
    expect(layout.rows).toHaveLength(2);
    expect(layout.pages.map(({ page, row, column }) => [page, row, column])).toEqual([
      [1, 0, 0],
      [2, 0, 1],
      [3, 0, 2],
      [4, 0, 3],
      [5, 1, 0],
      [6, 1, 1],
      [7, 1, 2],
      [8, 1, 3],
    ]);
    expect(layout.pages[5]).toMatchObject({ across: layout.columns[1], down: layout.rows[1] });
  });
});

describe('even spans', () => {
  it('splits 200 stitches into 4 blocks of at most 60 repeating 2 between neighbours', () => {
    expect(evenSpans(200, 60, 2)).toEqual([
      { start: 0, end: 52 },
      { start: 50, end: 102 },
      { start: 100, end: 151 },
      { start: 149, end: 200 },
    ]);
    expect(evenSpans(60, 60, 2)).toEqual([{ start: 0, end: 60 }]);
    expect(evenSpans(61, 60, 0)).toEqual([
      { start: 0, end: 31 },
      { start: 31, end: 61 },
    ]);
  });

  it('covers every side with the fewest blocks that fit, each within the page and overlapping exactly', () => {
    for (const [capacity, overlap] of [
      [60, 2],
      [86, 2],
      [40, 3],
      [10, 0],
    ] as const) {
      for (let total = 1; total <= 500; total++) {
        const spans = evenSpans(total, capacity, overlap);
        const label = `${total} in blocks of ${capacity}, overlap ${overlap}`;
        expect(spans[0]!.start, label).toBe(0);
        expect(spans.at(-1)!.end, label).toBe(total);
        for (const span of spans) expect(spanLength(span), label).toBeLessThanOrEqual(capacity);
        for (let index = 1; index < spans.length; index++) expect(spans[index - 1]!.end - spans[index]!.start, label).toBe(overlap);
        // One block fewer could not cover the side.
        if (spans.length > 1) expect((spans.length - 1) * capacity - (spans.length - 2) * overlap, label).toBeLessThan(total);
      }
    }
  });

  it('refuses an overlap as large as a page', () => {
    expect(() => evenSpans(100, 10, 10)).toThrow(RangeError);
  });
});

describe('block area', () => {
  it('is the rectangle of stitches a page shows, overlaps included', () => {
    const layout = printLayout({ width: 130, height: 150, paper: 'a4', orientation: 'portrait', preset: 'pattern-keeper' });
    const areas = layout.pages.map(blockArea);
    // Every stitch of the chart is on some page, and no page reaches past the chart.
    for (let y = 0; y < 150; y += 1)
      for (let x = 0; x < 130; x += 1)
        expect(areas.some((area) => x >= area.x && x < area.x + area.width && y >= area.y && y < area.y + area.height)).toBe(true);
    for (const area of areas) expect(area.x + area.width <= 130 && area.y + area.height <= 150).toBe(true);
    expect(areas[1]).toEqual({ x: layout.columns[1]!.start, y: 0, width: spanLength(layout.columns[1]!), height: spanLength(layout.rows[0]!) });
  });
});
