import { describe, expect, it } from 'vitest';
import {
  cellAt,
  cellToScreen,
  clampView,
  fitScale,
  fitView,
  MAX_SCALE,
  panBy,
  screenToCell,
  viewAround,
  viewCenter,
  visibleCells,
  zoomAt,
  zoomStep,
  type Area,
} from './viewport';

const area: Area = { left: 30, top: 20, width: 600, height: 400 };
const chart = { width: 500, height: 500 };

describe('fit', () => {
  it('shows the whole chart, limited by its tighter side, centred', () => {
    const view = fitView(chart, area);
    expect(view.scale).toBeCloseTo(400 / 500);
    // 400 px of chart across 600 px: 100 px on either side.
    expect(view.offsetX).toBeCloseTo(30 + 100);
    expect(view.offsetY).toBeCloseTo(20);
  });

  it('never zooms a small chart beyond 64 px per stitch', () => {
    expect(fitScale({ width: 3, height: 2 }, area)).toBe(MAX_SCALE);
  });
});

describe('zoom around a point', () => {
  it('keeps the stitch under the pointer where it is', () => {
    const start = viewAround({ x: 250, y: 250 }, 8, chart, area);
    const pointer = { x: 200, y: 150 };
    const before = screenToCell(start, pointer);
    const zoomed = zoomAt(start, 32, pointer, chart, area);
    expect(zoomed.scale).toBe(32);
    expect(screenToCell(zoomed, pointer)).toEqual(before);
    // The exact position, not just the stitch.
    expect((pointer.x - zoomed.offsetX) / 32).toBeCloseTo((pointer.x - start.offsetX) / 8);
  });

  it('stays between the whole chart and 64 px per stitch', () => {
    const start = fitView(chart, area);
    expect(zoomAt(start, 1000, { x: 300, y: 200 }, chart, area).scale).toBe(MAX_SCALE);
    expect(zoomAt(start, 0.01, { x: 300, y: 200 }, chart, area).scale).toBeCloseTo(fitScale(chart, area));
  });
});

describe('clamping', () => {
  it('cannot lose the chart off screen: its edges stop at the area edges', () => {
    const view = viewAround({ x: 250, y: 250 }, 10, chart, area);
    const far = panBy(view, 1e6, 1e6, chart, area);
    expect(far.offsetX).toBe(area.left);
    expect(far.offsetY).toBe(area.top);
    const other = panBy(view, -1e6, -1e6, chart, area);
    expect(other.offsetX + chart.width * 10).toBe(area.left + area.width);
    expect(other.offsetY + chart.height * 10).toBe(area.top + area.height);
  });

  it('centres an axis where the chart is smaller than the area, and clamps the other', () => {
    const wide = { width: 100, height: 20 };
    // 800 × 160 px at 8 px per stitch: wider than the area, not as tall.
    const view = clampView({ scale: 8, offsetX: -400, offsetY: 900 }, wide, area);
    expect(view.offsetX).toBe(30 + 600 - 800);
    expect(view.offsetY).toBeCloseTo(20 + (400 - 160) / 2);
  });
});

describe('visible cells', () => {
  it('are the stitches at least partly inside the area', () => {
    const view = { scale: 10, offsetX: area.left - 105, offsetY: area.top - 50 };
    // Column 10 is half hidden at the left edge; 600 px further right ends inside column 70.
    expect(visibleCells(view, chart, area)).toEqual({ x0: 10, y0: 5, x1: 71, y1: 45 });
  });

  it('never name stitches outside the chart', () => {
    expect(visibleCells(fitView(chart, area), chart, area)).toEqual({ x0: 0, y0: 0, x1: 500, y1: 500 });
  });
});

describe('screen and stitches', () => {
  const view = { scale: 16, offsetX: 40, offsetY: 30 };

  it('convert both ways', () => {
    expect(screenToCell(view, { x: 40 + 16 * 3 + 1, y: 30 + 16 * 7 + 15 })).toEqual({ x: 3, y: 7 });
    expect(cellToScreen(view, { x: 3, y: 7 })).toEqual({ x: 40 + 48, y: 30 + 112 });
  });

  it('name a stitch only inside the area and on the chart', () => {
    expect(cellAt(view, { x: 41, y: 31 }, chart, area)).toEqual({ x: 0, y: 0 });
    expect(cellAt(view, { x: 39, y: 31 }, chart, area)).toBeUndefined();
    // On the chart but under the top ruler.
    expect(cellAt({ ...view, offsetY: 0 }, { x: 100, y: 10 }, chart, area)).toBeUndefined();
  });

  it('remember the middle of the view across area sizes', () => {
    const view = viewAround({ x: 123.5, y: 321.25 }, 12, chart, area);
    const center = viewCenter(view, area);
    expect(center.x).toBeCloseTo(123.5);
    expect(center.y).toBeCloseTo(321.25);
    const narrower: Area = { left: 30, top: 20, width: 300, height: 200 };
    const moved = viewCenter(viewAround(center, 12, chart, narrower), narrower);
    expect(moved.x).toBeCloseTo(123.5);
  });
});

describe('zoom steps', () => {
  it('go to the next level up and down', () => {
    expect(zoomStep(8, 1, 1)).toBe(12);
    expect(zoomStep(8, -1, 1)).toBe(6);
    expect(zoomStep(7, 1, 1)).toBe(8);
  });

  it('stop at the whole chart and at 64 px per stitch', () => {
    expect(zoomStep(2, -1, 1.7)).toBe(1.7);
    expect(zoomStep(1.7, -1, 1.7)).toBe(1.7);
    expect(zoomStep(64, 1, 1)).toBe(64);
  });
});
