import { describe, expect, it } from 'vitest';
import { composeCells } from './compose';

/** Tiles of 2 × 2 px for threads 0 and 1 and the fabric: each pixel says its tile and place (tile·100 + y·10 + x). */
function sheet() {
  const size = 2;
  const count = 3;
  const pixels = new Uint32Array(size * size * count);
  for (let tile = 0; tile < count; tile++)
    for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) pixels[y * size * count + tile * size + x] = tile * 100 + y * 10 + x;
  return { pixels, size, stride: size * count };
}
const BACKDROP = 999;

describe('composing cells from tiles', () => {
  it('copies each stitch its thread’s tile, the fabric for empty cells, and the backdrop around the chart', () => {
    // 2 × 2 chart: thread 1, empty / thread 0, thread 1; at 2 px per stitch, 1 px in from the frame's corner.
    const cells = Int16Array.from([1, -1, 0, 1]);
    const frame = { pixels: new Uint32Array(6 * 6), width: 6, height: 6 };
    composeCells(frame, sheet(), cells, 2, { x0: 0, y0: 0, x1: 2, y1: 2 }, 1, 1, 2, BACKDROP);
    const row = (y: number) => Array.from(frame.pixels.subarray(y * 6, y * 6 + 6));
    expect(row(0)).toEqual([BACKDROP, BACKDROP, BACKDROP, BACKDROP, BACKDROP, BACKDROP]);
    expect(row(1)).toEqual([BACKDROP, 100, 101, 200, 201, BACKDROP]);
    expect(row(2)).toEqual([BACKDROP, 110, 111, 210, 211, BACKDROP]);
    expect(row(3)).toEqual([BACKDROP, 0, 1, 100, 101, BACKDROP]);
    expect(row(5)).toEqual([BACKDROP, BACKDROP, BACKDROP, BACKDROP, BACKDROP, BACKDROP]);
  });

  it('clips stitches cut by the frame’s edge, keeping the part of the tile that shows', () => {
    const cells = Int16Array.from([0, 1]);
    // The chart starts 1 px left of the frame: only the right column of stitch 0's tile shows.
    const frame = { pixels: new Uint32Array(3 * 2), width: 3, height: 2 };
    composeCells(frame, sheet(), cells, 2, { x0: 0, y0: 0, x1: 2, y1: 1 }, -1, 0, 2, BACKDROP);
    expect(Array.from(frame.pixels)).toEqual([1, 100, 101, 11, 110, 111]);
  });

  it('treats a thread index the palette does not have as no stitch', () => {
    const frame = { pixels: new Uint32Array(4), width: 2, height: 2 };
    composeCells(frame, sheet(), Int16Array.from([7]), 1, { x0: 0, y0: 0, x1: 1, y1: 1 }, 0, 0, 2, BACKDROP);
    expect(Array.from(frame.pixels)).toEqual([200, 201, 210, 211]);
  });
});
