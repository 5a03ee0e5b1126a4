// @vitest-environment jsdom
import { NO_MARKS, parseHex, type Rgb } from '@stitchwise/core';
import { act, screen, waitFor } from '@testing-library/react';
import { createElement, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/harness';
import { ChartRenderer, type FrameState } from './chart-renderer';
import { ChartViewer } from './ChartViewer';
import { DONE_SYMBOL } from './done-stitches';
import { installFakeCanvas, type CanvasCall, type FakeImage } from './fake-canvas';
import { packRgb, towardsWhite } from './thread-colors';
import { ALL_LAYERS, type ChartDone, type ChartMode } from './types';

afterEach(() => vi.restoreAllMocks());

// 4 × 2 stitches: row 0 thread 0 (red), row 1 thread 1 (blue); a quarter stitch of thread 1 where (3, 1) has no full stitch.
const threads = [
  { hex: '#bb0000', symbol: '▲', brand: 'dmc' as const, code: '321', name: 'Christmas Red' },
  { hex: '#0000bb', symbol: '●', brand: 'dmc' as const, code: '820', name: 'Royal Blue' },
];
const cells = Int16Array.of(0, 0, 0, 0, 1, 1, 1, -1);
const chart = { width: 4, height: 2, cells, threads, marks: { ...NO_MARKS, parts: [{ x: 3, y: 1, kind: 'quarter-tl' as const, thread: 1 }] } };
const RED = parseHex('#bb0000')!;
const BLUE = parseHex('#0000bb')!;

/** Cells 0 (red) and 7 (the quarter stitch) done. */
const doneBits = () => Uint8Array.of(0b1000_0001);

function drawFrame(options: { done?: ChartDone; mode?: ChartMode; scale?: number; highlight?: number }) {
  const fake = installFakeCanvas({ width: 300, height: 300 });
  const renderer = new ChartRenderer(document.createElement('canvas'));
  const state: FrameState = {
    chart,
    revision: 0,
    mode: options.mode ?? 'color',
    layers: ALL_LAYERS,
    highlight: options.highlight,
    selection: undefined,
    hover: undefined,
    guide: undefined,
    done: options.done,
    view: { scale: options.scale ?? 4, offsetX: 30, offsetY: 20 },
    area: { left: 30, top: 20, width: 270, height: 280 },
    width: 300,
    height: 300,
    dpr: 1,
  };
  renderer.draw(state);
  return { fake, renderer, state };
}

/** The one-pixel-per-stitch image's pixels, as drawn in colour blocks. */
function blockPixels(calls: CanvasCall[]): number[] {
  const image = calls.filter((call) => call.method === 'putImageData' && (call.args[0] as FakeImage).width === 4).at(-1)!.args[0] as FakeImage;
  return [...new Uint32Array(image.data.buffer)];
}

const css = ({ r, g, b }: Rgb) => `rgb(${r} ${g} ${b})`;
/** The colour the quarter stitch was filled with (the rulers' red centre marks left out). */
const partFill = (calls: CanvasCall[]) => calls.filter((call) => call.method === 'fill' && call.fillStyle.startsWith('rgb(')).map((call) => call.fillStyle);

describe('done stitches on the chart', () => {
  it('without marks, draws the chart as ever', () => {
    const { fake } = drawFrame({});
    expect(blockPixels(fake.calls).slice(0, 5)).toEqual([packRgb(RED), packRgb(RED), packRgb(RED), packRgb(RED), packRgb(BLUE)]);
  });

  it("'dimmed' fades the done stitches, full and part, and leaves the rest as they are", () => {
    const { fake } = drawFrame({ done: { bits: doneBits(), style: 'dimmed' } });
    const pixels = blockPixels(fake.calls);
    expect(pixels[0]).toBe(packRgb(towardsWhite(RED, 0.8)));
    expect(pixels[1]).toBe(packRgb(RED));
    expect(pixels[4]).toBe(packRgb(BLUE));
    expect(partFill(fake.calls)).toEqual([css(towardsWhite(BLUE, 0.8))]);
  });

  it("'filled' shows the done stitches in full colour with a tick, and the rest pale", () => {
    const { fake } = drawFrame({ done: { bits: doneBits(), style: 'filled' } });
    const pixels = blockPixels(fake.calls);
    expect(pixels[0]).toBe(packRgb(RED));
    expect(pixels[1]).toBe(packRgb(towardsWhite(RED, 0.6)));
    expect(partFill(fake.calls)).toEqual([css(BLUE)]);

    // Close enough for symbols: a done stitch's tile carries the tick, the others their own symbols.
    const symbols = drawFrame({ done: { bits: doneBits(), style: 'filled' }, mode: 'symbols', scale: 20 })
      .fake.callsOf('fillText')
      .map((call) => String(call.args[0]).replace('\uFE0E', ''));
    expect(symbols).toEqual(expect.arrayContaining(['▲', '●', DONE_SYMBOL]));
  });

  it('with a thread filter, fades the other threads further, done or not', () => {
    const { fake } = drawFrame({ done: { bits: doneBits(), style: 'dimmed' }, highlight: 1 });
    const pixels = blockPixels(fake.calls);
    expect(pixels[1]).toBe(packRgb(towardsWhite(RED, 0.75)));
    expect(pixels[0]).toBe(packRgb(towardsWhite(towardsWhite(RED, 0.8), 0.75)));
    expect(pixels[4]).toBe(packRgb(BLUE));
  });

  it('is drawn at once by the viewer when a stitch is marked, inside the event that marked it', async () => {
    const fake = installFakeCanvas({ width: 600, height: 420 });
    let mark = () => undefined as unknown;
    function Host() {
      const [bits, setBits] = useState(() => new Uint8Array(1));
      mark = () => setBits((before) => Uint8Array.of(before[0]! | 0b10));
      return createElement(ChartViewer, { chart, mode: 'color', done: { bits, style: 'dimmed' } });
    }
    renderScreen(createElement(Host));
    const canvas = screen.getByTestId<HTMLCanvasElement>('chart-canvas');
    await waitFor(() => expect(fake.callsOf('drawImage', canvas).length).toBeGreaterThan(0));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    fake.clear();
    act(() => {
      mark();
    });
    expect(fake.callsOf('drawImage', canvas)).toHaveLength(1);
    expect(blockPixels(fake.calls)[1]).toBe(packRgb(towardsWhite(RED, 0.8)));
  });

  it('repaints only what a new mark changed, and nothing for the same bits again', () => {
    const { fake, renderer, state } = drawFrame({ done: { bits: doneBits(), style: 'dimmed' } });
    fake.clear();
    const more = doneBits();
    more[0]! |= 0b10; // cell 1
    renderer.draw({ ...state, done: { bits: more, style: 'dimmed' } });
    // The block image is updated in the rectangle of the change only: cell (1, 0).
    const update = fake.callsOf('putImageData').find((call) => (call.args[0] as FakeImage).width === 4)!;
    expect(update.args.slice(1)).toEqual([0, 0, 1, 0, 1, 1]);
    fake.clear();
    renderer.draw({ ...state, done: { bits: more, style: 'dimmed' } });
    expect(fake.callsOf('putImageData').filter((call) => (call.args[0] as FakeImage).width === 4)).toHaveLength(0);
  });
});
