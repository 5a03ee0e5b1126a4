// @vitest-environment jsdom
import type { ChartMarks } from '@stitchwise/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChartRenderer, type FrameState } from './chart-renderer';
import { installFakeCanvas, type CanvasCall, type FakeImage } from './fake-canvas';
import { ALL_LAYERS, type ChartLayers, type ChartMode } from './types';

afterEach(() => vi.restoreAllMocks());

// 10 × 10 stitches of thread 0 (dark red), but for a three-quarter stitch of thread 1 (blue) at (2, 2); a backstitch and a knot of thread 1.
const threads = [
  { hex: '#bb0000', symbol: '▲', brand: 'dmc' as const, code: '321', name: 'Christmas Red' },
  { hex: '#0000bb', symbol: '●', brand: 'dmc' as const, code: '820', name: 'Royal Blue' },
];
const cells = new Int16Array(100);
cells[22] = -1;
const marks: ChartMarks = {
  parts: [{ x: 2, y: 2, kind: 'three-quarter-tl', thread: 1 }],
  backstitches: [{ x1: 0, y1: 12, x2: 8, y2: 12, thread: 1 }],
  knots: [{ x: 15, y: 15, thread: 1 }],
};
const chart = { width: 10, height: 10, cells, threads, marks };
const BLUE = 'rgb(0 0 187)';

/** One frame of the chart at `scale` px per stitch, below a 20 px ruler band, on a 300 × 300 canvas. */
function drawFrame(options: { layers?: ChartLayers; mode?: ChartMode; scale?: number } = {}) {
  const fake = installFakeCanvas({ width: 300, height: 300 });
  const renderer = new ChartRenderer(document.createElement('canvas'));
  const state: FrameState = {
    chart,
    revision: 0,
    mode: options.mode ?? 'color',
    layers: options.layers ?? ALL_LAYERS,
    highlight: undefined,
    selection: undefined,
    hover: undefined,
    guide: undefined,
    view: { scale: options.scale ?? 20, offsetX: 30, offsetY: 20 },
    area: { left: 30, top: 20, width: 270, height: 280 },
    width: 300,
    height: 300,
    dpr: 1,
  };
  renderer.draw(state);
  return fake;
}

/** Paths filled or stroked: their points, arcs, and the call that ended them. */
function paths(calls: CanvasCall[]) {
  const drawn: { points: unknown[][]; arcs: number; end: CanvasCall }[] = [];
  let points: unknown[][] = [];
  let arcs = 0;
  for (const call of calls) {
    if (call.method === 'beginPath') [points, arcs] = [[], 0];
    else if (call.method === 'moveTo' || call.method === 'lineTo') points.push(call.args);
    else if (call.method === 'arc') arcs++;
    else if (call.method === 'fill' || call.method === 'stroke') drawn.push({ points, arcs, end: call });
  }
  return drawn;
}

/** What of each layer a frame at `scale` px per stitch drew. */
function layersDrawn(calls: CanvasCall[], scale = 20) {
  const drawn = paths(calls);
  return {
    part: drawn.some((path) => path.end.method === 'fill' && path.end.fillStyle === BLUE && path.points.length === 3),
    // Lattice row 12 is 6 stitches down from the chart's top, 20 px down the canvas.
    backstitch: drawn.some((path) => path.end.method === 'stroke' && path.points.some(([, y]) => y === 20 + 6 * scale)),
    knots: drawn.some((path) => path.arcs > 0),
  };
}

describe('the chart renderer', () => {
  it('draws part stitches under the grid and backstitches and knots over it, at every zoom', () => {
    for (const scale of [2, 8, 20]) {
      const fake = drawFrame({ scale });
      expect(layersDrawn(fake.calls, scale), `at ${scale} px per stitch`).toEqual({ part: true, backstitch: true, knots: true });
      const methods = fake.calls.map((call) => call.method);
      // The grid is rectangles: the part's fill comes before them, the line's stroke after.
      const firstGridLine = methods.indexOf('fillRect', methods.indexOf('fill'));
      expect(firstGridLine).toBeGreaterThan(0);
      expect(methods.indexOf('stroke')).toBeGreaterThan(firstGridLine);
    }
  });

  it('draws nothing of a hidden layer', () => {
    expect(layersDrawn(drawFrame({ layers: { ...ALL_LAYERS, part: false } }).calls)).toEqual({ part: false, backstitch: true, knots: true });
    expect(layersDrawn(drawFrame({ layers: { ...ALL_LAYERS, backstitch: false } }).calls)).toEqual({ part: true, backstitch: false, knots: true });
    expect(layersDrawn(drawFrame({ layers: { ...ALL_LAYERS, knots: false } }).calls)).toEqual({ part: true, backstitch: true, knots: false });
  });

  it('paints every full stitch as the fabric when full stitches are hidden, in blocks and in symbols', () => {
    const blockPixels = (calls: CanvasCall[]) => {
      const image = calls.find((call) => call.method === 'putImageData' && (call.args[0] as FakeImage).width === 10)!.args[0] as FakeImage;
      return new Uint32Array(image.data.buffer);
    };
    expect(blockPixels(drawFrame().calls)[0]).toBe(0xff0000bb);
    expect(blockPixels(drawFrame({ layers: { ...ALL_LAYERS, full: false } }).calls)[0]).toBe(0xffffffff);

    const symbols = (layers: ChartLayers) =>
      drawFrame({ layers, mode: 'symbols' })
        .callsOf('fillText')
        .map((call) => String(call.args[0]))
        .filter((text) => text.endsWith('\uFE0E'));
    expect(symbols(ALL_LAYERS)).toContain('▲\uFE0E');
    // The part stitch keeps its symbol; the full stitches' tiles have none.
    expect(symbols({ ...ALL_LAYERS, full: false })).toEqual(['●\uFE0E']);
  });
});
