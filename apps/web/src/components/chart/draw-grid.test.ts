// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { drawSelection, type DevicePlacement } from './draw-grid';
import { installFakeCanvas } from './fake-canvas';

afterEach(() => vi.restoreAllMocks());

describe('drawSelection', () => {
  it('draws only the pieces of a shaped selection’s outline that meet the stitches in view', () => {
    // One stitch in four of a 200 × 200 selection, none touching: 40,000 pieces of outline, of which a 10 × 10 view meets a few dozen.
    const mask = Uint8Array.from({ length: 200 * 200 }, (_, at) => (at % 2 === 0 && Math.floor(at / 200) % 2 === 0 ? 1 : 0));
    const selection = { x: 0, y: 0, width: 200, height: 200, mask };
    const fake = installFakeCanvas({ width: 300, height: 300 });
    const context = document.createElement('canvas').getContext('2d')!;
    const place: DevicePlacement = { originX: -1000, originY: -1000, scale: 20, dpr: 1, clip: { left: 0, top: 0, right: 300, bottom: 300 } };
    drawSelection(context, selection, place, { x0: 50, y0: 50, x1: 60, y1: 60 });
    const pieces = fake.callsOf('moveTo');
    expect(pieces.length).toBeGreaterThan(0);
    expect(pieces.length).toBeLessThan(200);
    // Each piece drawn is within the view, 50 to 60 stitches: 0 to 200 px on the canvas.
    const ends = pieces.flatMap(({ args }) => args as number[]);
    expect(Math.min(...ends)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...ends)).toBeLessThanOrEqual(201);
    // Without a view, all of it.
    fake.clear();
    drawSelection(context, selection, place);
    expect(fake.callsOf('moveTo')).toHaveLength(40_000);
  });
});
