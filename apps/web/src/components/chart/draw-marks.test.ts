import { BACKSTITCH_LINE_STYLES, type Backstitch, type ChartMarks } from '@stitchwise/core';
import { describe, expect, it } from 'vitest';
import { drawGrid, GRID_MIN_SCALE, type DevicePlacement } from './draw-grid';
import { backstitchOrder, drawBackstitches, drawGuide, drawKnots, drawParts, type MarkScene } from './draw-marks';
import { markPaints } from './thread-colors';
import type { ChartMode } from './types';
import { MAX_SCALE, ZOOM_STEPS } from './viewport';

/** A 2D context that records each call with the styles in force when it was made. */
interface Call {
  method: string;
  args: unknown[];
  fillStyle: unknown;
  strokeStyle: unknown;
  lineWidth: unknown;
  lineDash: number[];
  font: unknown;
}
function recordingContext(): { context: CanvasRenderingContext2D; calls: Call[] } {
  const calls: Call[] = [];
  const state: Record<string, unknown> = { lineDash: [] };
  const context = new Proxy(state, {
    get:
      (target, property: string) =>
      (...args: unknown[]) => {
        if (property === 'setLineDash') target.lineDash = [...(args[0] as number[])];
        const { fillStyle, strokeStyle, lineWidth, lineDash, font } = target;
        calls.push({ method: property, args, fillStyle, strokeStyle, lineWidth, lineDash: lineDash as number[], font });
      },
    set: (target, property: string, value) => {
      target[property] = value;
      return true;
    },
  });
  return { context: context as unknown as CanvasRenderingContext2D, calls };
}

/** The paths drawn: their points (moveTo and lineTo), arcs, and how they ended (fill or stroke) with the styles then. */
function paths(calls: Call[]) {
  const drawn: { end: string; points: number[][]; arcs: number[][]; call: Call }[] = [];
  let points: number[][] = [];
  let arcs: number[][] = [];
  for (const call of calls) {
    if (call.method === 'beginPath') [points, arcs] = [[], []];
    else if (call.method === 'moveTo' || call.method === 'lineTo') points.push(call.args as number[]);
    else if (call.method === 'arc') arcs.push(call.args as number[]);
    else if (call.method === 'fill' || call.method === 'stroke') drawn.push({ end: call.method, points, arcs, call });
  }
  return drawn;
}

const threads = [
  { hex: '#bb0000', symbol: '▲', brand: 'dmc' as const, code: '321', name: 'Christmas Red' },
  { hex: '#0000bb', symbol: '●', brand: 'dmc' as const, code: '820', name: 'Royal Blue' },
];
/** 20 device px per stitch, the chart's corner at the canvas's, stitches 0–9 visible. */
const place: DevicePlacement = { originX: 0, originY: 0, scale: 20, dpr: 1, clip: { left: 0, top: 0, right: 200, bottom: 200 } };
function sceneOf(mode: ChartMode, withSymbols = false, range = { x0: 0, y0: 0, x1: 10, y1: 10 }, at = place): MarkScene {
  return { place: at, range, threads, paints: markPaints(threads, mode, undefined, withSymbols), mode, withSymbols };
}
const RED = 'rgb(187 0 0)';

describe('part stitches', () => {
  it('fill a three-quarter stitch as the triangle on its corner’s side, in the thread’s colour', () => {
    const { context, calls } = recordingContext();
    drawParts(context, [{ x: 1, y: 1, kind: 'three-quarter-br', thread: 0 }], sceneOf('color'));
    const [triangle, ...rest] = paths(calls);
    expect(rest).toEqual([]);
    expect(triangle!.end).toBe('fill');
    expect(triangle!.call.fillStyle).toBe(RED);
    // Cell (1, 1) spans 20–40 px: the bottom-right half, cut off by the / diagonal.
    expect(triangle!.points).toEqual([
      [40, 40],
      [20, 40],
      [40, 20],
    ]);
  });

  it('fill a quarter stitch’s quadrant and a half stitch’s band along its diagonal', () => {
    const { context, calls } = recordingContext();
    drawParts(
      context,
      [
        { x: 0, y: 0, kind: 'quarter-tl', thread: 1 },
        { x: 2, y: 0, kind: 'half-slash', thread: 0 },
      ],
      sceneOf('color'),
    );
    const drawn = paths(calls);
    // A thread at a time in legend order (the core's groupByThread, as the PNG and the PDF draw them).
    expect(drawn.map((path) => path.call.fillStyle)).toEqual([RED, 'rgb(0 0 187)']);
    expect(drawn[1]!.points).toEqual([
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
    ]);
    // The band reaches from the bottom-left corner (40, 20) to the top-right one (60, 0).
    expect(drawn[0]!.points).toEqual(
      expect.arrayContaining([
        [40, 20],
        [60, 0],
      ]),
    );
  });

  it('carry a smaller symbol once symbols show, and are outlined in black as printed', () => {
    const part = { x: 0, y: 0, kind: 'three-quarter-tl' as const, thread: 0 };
    const coloured = recordingContext();
    drawParts(coloured.context, [part], sceneOf('symbols', true));
    const symbol = coloured.calls.find((call) => call.method === 'fillText')!;
    expect(symbol.args[0]).toBe('▲\uFE0E');
    // Where the PDF and the PNG put it: near the centre of the triangle's inscribed circle, 0.3 of the cell in.
    expect(symbol.args.slice(1)).toEqual([6, 6]);
    expect(symbol.font).toMatch(/^bold 8px /);

    const printed = recordingContext();
    drawParts(printed.context, [part], sceneOf('print', true));
    const [outline] = paths(printed.calls);
    expect(outline!.end).toBe('stroke');
    expect(outline!.call.strokeStyle).toBe('rgb(20 20 20)');
    expect(printed.calls.filter((call) => call.method === 'fill')).toEqual([]);
    expect(printed.calls.find((call) => call.method === 'fillText')!.fillStyle).toBe('rgb(20 20 20)');
  });
});

describe('backstitches', () => {
  const line = (x1: number, y1: number, x2: number, y2: number, thread = 0): Backstitch => ({ x1, y1, x2, y2, thread });

  it('are lines in the thread’s colour between lattice points, a fifth of a stitch wide (at least 2.5 thin grid lines) with round ends', () => {
    const { context, calls } = recordingContext();
    drawBackstitches(context, [line(2, 2, 6, 3)], [0], sceneOf('color'));
    const [drawn] = paths(calls);
    expect(drawn!.end).toBe('stroke');
    expect(drawn!.call.strokeStyle).toBe(RED);
    expect(drawn!.call.lineDash).toEqual([]);
    // Lattice (2, 2) is stitch (1, 1)'s corner; (6, 3) the middle of stitch (3, 1)'s left edge.
    expect(drawn!.points).toEqual([
      [20, 20],
      [60, 30],
    ]);
    expect(drawn!.call.lineWidth).toBeCloseTo(20 / 5);
    expect(calls.find((call) => call.method === 'stroke')).toBeTruthy();

    const small = recordingContext();
    drawBackstitches(small.context, [line(2, 2, 6, 3)], [0], sceneOf('color', false, undefined, { ...place, scale: 2, dpr: 2 }));
    // 2.5 thin grid lines of 2 device px on a screen of 2 device px per CSS px (a fifth of the stitch is 0.4).
    expect(paths(small.calls)[0]!.call.lineWidth).toBe(5);
  });

  it('are at every zoom and screen density at least a fifth of a stitch and 2.5 times the thin grid line drawn with them', () => {
    /** The thin grid line's width in device px as drawGrid draws it at a placement: the height of a row line off the tens. */
    const thinGrid = (at: DevicePlacement): number => {
      const { context, calls } = recordingContext();
      drawGrid(context, { x0: 0, y0: 0, x1: 10, y1: 10 }, { width: 10, height: 10 }, at, 'color');
      const rows = calls.filter(
        (call) => call.method === 'fillRect' && call.args[1] === Math.round(at.originY + at.scale) - Math.floor(Number(call.args[3]) / 2),
      );
      return Math.min(...rows.map((call) => Number(call.args[3])));
    };
    const lineWidth = (at: DevicePlacement): number => {
      const { context, calls } = recordingContext();
      drawBackstitches(context, [line(2, 2, 6, 2)], [0], sceneOf('color', false, undefined, at));
      return Number(paths(calls).at(-1)!.call.lineWidth);
    };
    // The zoom steps and every quarter of a CSS px between them (wheel and pinch), from farthest to MAX_SCALE.
    const zooms = [...new Set([...ZOOM_STEPS, ...Array.from({ length: MAX_SCALE * 4 }, (_, i) => (i + 1) / 4)])].sort((a, b) => a - b);
    let checked = 0;
    for (const dpr of [1, 1.25, 1.5, 2, 3]) {
      // Where the thin grid shows, the line is measured against it; farther out, against the line it would be.
      const thinAtClosest = thinGrid({ ...place, scale: MAX_SCALE * dpr, dpr });
      for (const zoom of zooms) {
        const at: DevicePlacement = { ...place, scale: zoom * dpr, dpr };
        const width = lineWidth(at);
        const thin = zoom >= GRID_MIN_SCALE ? thinGrid(at) : thinAtClosest;
        expect(thin, `thin grid at ${zoom} CSS px a stitch, ${dpr} dppx`).toBeGreaterThan(0);
        expect(width, `line at ${zoom} CSS px a stitch, ${dpr} dppx`).toBeGreaterThanOrEqual(0.2 * at.scale - 1e-9);
        expect(width, `line at ${zoom} CSS px a stitch, ${dpr} dppx`).toBeGreaterThanOrEqual(2.5 * thin - 1e-9);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('of a light thread lie over a dark casing in colour, not as printed, and a dark thread’s over none', () => {
    const light = [{ hex: '#ffffff', symbol: '○', brand: 'dmc' as const, code: 'B5200', name: 'Snow White' }, ...threads];
    const scene = (mode: ChartMode): MarkScene => ({ ...sceneOf(mode), threads: light, paints: markPaints(light, mode, undefined, false) });
    const lines = [line(2, 2, 6, 2, 0), line(6, 2, 6, 6, 0), line(2, 8, 6, 8, 1)];
    const { context, calls } = recordingContext();
    drawBackstitches(context, lines, backstitchOrder(lines), scene('color'));
    const [casing, white, red, ...rest] = paths(calls);
    expect(rest).toEqual([]);
    // The white thread's whole path twice: first wide in dark grey, then the line over it.
    expect(casing!.points).toEqual(white!.points);
    expect(casing!.points).toHaveLength(4);
    expect([casing!.end, casing!.call.strokeStyle, casing!.call.lineDash]).toEqual(['stroke', 'rgb(64 64 64)', []]);
    expect(white!.call.strokeStyle).toBe('rgb(255 255 255)');
    // A quarter of the line's width (4 px at 20 px a stitch) each side, at least 1 CSS px.
    expect(white!.call.lineWidth).toBe(4);
    expect(casing!.call.lineWidth).toBe(6);
    expect(red!.call.strokeStyle).toBe(RED);
    expect(red!.call.lineWidth).toBe(4);
    // As printed every line is dark ink: no casing. A dimmed light thread's casing is dimmed with it.
    const printed = recordingContext();
    drawBackstitches(printed.context, lines, backstitchOrder(lines), scene('print'));
    expect(paths(printed.calls)).toHaveLength(2);
    expect(markPaints(light, 'color', 1, false)[0]!.casing).toEqual({ r: 207, g: 207, b: 207 });
    expect(markPaints(light, 'color', undefined, false)[1]!.casing).toBeUndefined();
  });

  it('are black as printed, each thread with its own line pattern by its order among the backstitch threads', () => {
    const lines = [line(0, 0, 4, 0, 1), line(0, 2, 4, 2, 0), line(4, 2, 4, 6, 0)];
    const order = backstitchOrder(lines);
    expect(order).toEqual([0, 1]);
    const { context, calls } = recordingContext();
    drawBackstitches(context, lines, order, sceneOf('print'));
    const drawn = paths(calls);
    expect(drawn.map((path) => path.call.strokeStyle)).toEqual(['rgb(20 20 20)', 'rgb(20 20 20)']);
    const width = 20 / 5;
    const dashOf = (thread: number) => drawn.find((path) => path.points.length === (thread === 0 ? 4 : 2))!.call.lineDash;
    expect(dashOf(0)).toEqual([]);
    expect(dashOf(1)).toEqual(BACKSTITCH_LINE_STYLES[1]!.map((dash) => dash * width));
    expect(dashOf(1).length).toBeGreaterThan(0);
    // The dash is reset for whatever is drawn next.
    expect(calls.filter((call) => call.method === 'setLineDash').at(-1)!.args[0]).toEqual([]);
  });
});

describe('French knots', () => {
  it('are dots almost half a stitch across (at least 6 CSS px) with a contrasting ring', () => {
    const { context, calls } = recordingContext();
    drawKnots(context, [{ x: 3, y: 5, thread: 0 }], sceneOf('color'));
    const [dot, ring] = paths(calls);
    expect(dot!.end).toBe('fill');
    expect(dot!.call.fillStyle).toBe(RED);
    expect(dot!.arcs).toEqual([[30, 50, 4.5, 0, 2 * Math.PI]]);
    expect(ring!.end).toBe('stroke');
    // White around a dark red dot.
    expect(ring!.call.strokeStyle).toBe('rgb(255 255 255)');

    const small = recordingContext();
    drawKnots(small.context, [{ x: 3, y: 5, thread: 0 }], sceneOf('color', false, undefined, { ...place, scale: 2 }));
    expect(paths(small.calls)[0]!.arcs[0]![2]).toBe(3);
  });
});

describe('culling', () => {
  it('draws no mark outside the visible stitches, and a line crossing them though both its ends are outside', () => {
    const marks: ChartMarks = {
      parts: [{ x: 12, y: 3, kind: 'quarter-tl', thread: 0 }],
      backstitches: [
        { x1: 30, y1: 30, x2: 34, y2: 30, thread: 0 },
        { x1: 0, y1: 10, x2: 40, y2: 10, thread: 1 },
      ],
      knots: [{ x: 2, y: 40, thread: 0 }],
    };
    // Stitches 5–9 across, 0–9 down.
    const scene = sceneOf('color', false, { x0: 5, y0: 0, x1: 10, y1: 10 });
    const { context, calls } = recordingContext();
    drawParts(context, marks.parts, scene);
    drawBackstitches(context, marks.backstitches, backstitchOrder(marks.backstitches), scene);
    drawKnots(context, marks.knots, scene);
    const drawn = paths(calls);
    expect(drawn).toHaveLength(1);
    expect(drawn[0]!.points).toEqual([
      [0, 100],
      [400, 100],
    ]);
  });
});

describe('the backstitch guide', () => {
  it('is a thin dashed line in the thread’s colour with a circle where it would end', () => {
    const { context, calls } = recordingContext();
    drawGuide(context, { x1: 2, y1: 2, x2: 8, y2: 2, thread: 0 }, sceneOf('color'));
    const [line, circle] = paths(calls);
    expect(line!.points).toEqual([
      [20, 20],
      [80, 20],
    ]);
    expect(line!.call.strokeStyle).toBe(RED);
    expect(line!.call.lineDash.length).toBeGreaterThan(0);
    expect(line!.call.lineWidth).toBeLessThan(20 / 5);
    expect(circle!.arcs[0]!.slice(0, 2)).toEqual([80, 20]);
    expect(circle!.call.lineDash).toEqual([]);
  });
});
