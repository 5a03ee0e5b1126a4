// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BlockImage } from './block-image';
import { installFakeCanvas, type FakeImage } from './fake-canvas';

afterEach(() => vi.restoreAllMocks());

const threads = [
  { hex: '#000000', symbol: '■', brand: 'dmc' as const, code: '310', name: 'Black' },
  { hex: '#ffffff', symbol: '□', brand: 'dmc' as const, code: 'B5200', name: 'Snow White' },
];
const palette = Uint32Array.from([10, 20, 99]);

describe('the one-pixel-per-stitch image', () => {
  it('paints every stitch once, then only what changed, copying just the changed rectangle', () => {
    const fake = installFakeCanvas({ width: 100, height: 100 });
    const image = new BlockImage();
    const cells = Int16Array.from([0, 0, 0, 0, 1, -1, 0, 0, 0, 0, 0, 0]); // 4 × 3
    expect(image.update({ width: 4, height: 3, cells, threads }, palette)).toBe(12);
    const first = fake.callsOf('putImageData', image.canvas)[0]!;
    const pixels = new Uint32Array((first.args[0] as FakeImage).data.buffer);
    expect(Array.from(pixels.subarray(4, 8))).toEqual([20, 99, 10, 10]);

    const edited = cells.slice();
    edited[6] = 1; // row 1, column 2
    edited[11] = -1; // row 2, column 3
    expect(image.update({ width: 4, height: 3, cells: edited, threads }, palette)).toBe(2);
    const second = fake.callsOf('putImageData', image.canvas)[1]!;
    // putImageData(image, 0, 0, dirtyX, dirtyY, dirtyWidth, dirtyHeight): columns 2–3, rows 1–2.
    expect(second.args.slice(1)).toEqual([0, 0, 2, 1, 2, 2]);
    const after = new Uint32Array((second.args[0] as FakeImage).data.buffer);
    expect(after[6]).toBe(20);
    expect(after[11]).toBe(99);
  });

  it('repaints everything when the palette changes (a highlight), and nothing when nothing changed', () => {
    const fake = installFakeCanvas({ width: 100, height: 100 });
    const image = new BlockImage();
    const chart = { width: 2, height: 1, cells: Int16Array.from([0, 1]), threads };
    image.update(chart, palette);
    expect(image.update(chart, palette)).toBe(0);
    expect(image.update(chart, Uint32Array.from([11, 20, 99]))).toBe(2);
    expect(fake.callsOf('putImageData', image.canvas)).toHaveLength(2);
  });
});
