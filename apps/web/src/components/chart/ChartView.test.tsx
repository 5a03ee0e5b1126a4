// @vitest-environment jsdom
import { upgradeLegendEntry } from '@stitchwise/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LegendEntry } from '../../api/schemas';
import { renderScreen } from '../../test/harness';
import { shownScale } from './chart-test-support';
import { ChartView } from './ChartView';
import { installFakeCanvas, type FakeCanvas, type FakeImage } from './fake-canvas';
import type { ViewerChart } from './types';

afterEach(() => vi.restoreAllMocks());

// A 60 × 40 chart: black everywhere but a white top row.
const WIDTH = 60;
const HEIGHT = 40;
const legend: LegendEntry[] = [
  upgradeLegendEntry({
    index: 0,
    hex: '#000000',
    symbol: '■',
    dmc_code: '310',
    dmc_name: 'Black',
    stitch_count: WIDTH * (HEIGHT - 1),
    rgb: { r: 0, g: 0, b: 0 },
  }),
  upgradeLegendEntry({
    index: 1,
    hex: '#ffffff',
    symbol: '□',
    dmc_code: 'B5200',
    dmc_name: 'Snow White',
    stitch_count: WIDTH,
    rgb: { r: 255, g: 255, b: 255 },
  }),
];
const cells = new Int16Array(WIDTH * HEIGHT).map((_, i) => (i < WIDTH ? 1 : 0));
const chart = { width: WIDTH, height: HEIGHT, cells, threads: legend };

function show(shown: ViewerChart = chart): FakeCanvas {
  const fake = installFakeCanvas({ width: 600, height: 420 });
  renderScreen(<ChartView chart={shown} legend={legend} />);
  return fake;
}

/** The one-pixel-per-stitch image's canvas: the one whose pixels were put at the chart's size. */
function blockImages(fake: FakeCanvas): { canvas: HTMLCanvasElement; pixels: Uint32Array }[] {
  return fake
    .callsOf('putImageData')
    .filter((call) => (call.args[0] as FakeImage).width === WIDTH && (call.args[0] as FakeImage).height === HEIGHT)
    .map((call) => ({ canvas: call.canvas, pixels: new Uint32Array((call.args[0] as FakeImage).data.buffer) }));
}

describe('ChartView', () => {
  it('zooms in and out with the buttons, and back to the whole chart with Fit', async () => {
    const user = userEvent.setup();
    const fake = show();
    await user.click(screen.getByRole('button', { name: 'Colour' }));
    const whole = await shownScale();
    // A chart of full stitches only has no layers to choose.
    expect(screen.queryByRole('group', { name: 'Stitches shown' })).toBeNull();
    // The whole chart fits: 60 stitches across less than 600 px.
    expect(whole * WIDTH).toBeLessThanOrEqual(600);
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await waitFor(async () => expect(await shownScale()).toBeGreaterThan(whole));
    const closer = await shownScale();
    // What the canvas shows agrees with the readout: the colour blocks are scaled by it.
    await waitFor(() => {
      const last = fake.callsOf('drawImage').at(-1)!;
      const [, , , sourceWidth, , , , destinationWidth] = last.args as number[];
      expect(destinationWidth! / sourceWidth!).toBeCloseTo(closer, 0);
    });
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await waitFor(async () => expect(await shownScale()).toBeGreaterThan(closer));
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    await waitFor(async () => expect(await shownScale()).toBe(closer));
    await user.click(screen.getByRole('button', { name: 'Fit' }));
    await waitFor(async () => expect(await shownScale()).toBe(whole));
  });

  it('switches between colour blocks, symbols on colour and printed symbols', async () => {
    const user = userEvent.setup();
    const fake = show();
    await shownScale();
    expect(screen.getByRole('button', { name: 'Symbols' })).toHaveAttribute('aria-pressed', 'true');
    // Symbols need stitches of at least 10 px.
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await waitFor(() => expect(fake.callsOf('fillText').map((call) => call.args[0])).toEqual(expect.arrayContaining(['■\uFE0E', '□\uFE0E'])));
    const symbolCalls = (symbol: string) => fake.callsOf('fillText').filter((call) => call.args[0] === `${symbol}\uFE0E`);
    const symbolOn = (symbol: string) => symbolCalls(symbol).at(-1)!.fillStyle;
    // On colour: white on black, dark on white.
    expect(symbolOn('■')).toBe('rgb(255 255 255)');
    expect(symbolOn('□')).toBe('rgb(20 20 20)');

    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(screen.getByRole('button', { name: 'Print' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Symbols' })).toHaveAttribute('aria-pressed', 'false');
    // As printed: every cell white, every symbol dark.
    await waitFor(() => expect(symbolOn('■')).toBe('rgb(20 20 20)'));
    const cellFills = fake.callsOf('fillRect', symbolCalls('■').at(-1)!.canvas).slice(-3);
    // The two threads' cells and the fabric's.
    expect(cellFills.map((call) => call.fillStyle)).toEqual(['rgb(255 255 255)', 'rgb(255 255 255)', 'rgb(255 255 255)']);

    fake.clear();
    await user.click(screen.getByRole('button', { name: 'Colour' }));
    await waitFor(() => expect(fake.callsOf('drawImage').length).toBeGreaterThan(0));
    expect(fake.callsOf('fillText').filter((call) => String(call.args[0]).includes('\uFE0E'))).toHaveLength(0);
  });

  it('highlights a thread clicked in the legend and dims the rest, until it is clicked again', async () => {
    const user = userEvent.setup();
    const fake = show();
    await shownScale();
    const black = 0xff000000;
    const white = 0xffffffff;
    await waitFor(() => expect(blockImages(fake).length).toBeGreaterThan(0));
    const plain = blockImages(fake).at(-1)!.pixels;
    expect(plain[0]).toBe(white);
    expect(plain[WIDTH]).toBe(black);

    const rows = screen.getAllByTestId('legend-row');
    await user.click(rows[1]!);
    expect(within(rows[1]!).getByRole('button', { name: /Highlight DMC B5200/ })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(blockImages(fake).at(-1)!.pixels[WIDTH]).not.toBe(black));
    const dimmed = blockImages(fake).at(-1)!.pixels;
    expect(dimmed[0]).toBe(white);
    // Black dimmed towards white: a light grey.
    expect(dimmed[WIDTH]! & 0xff).toBeGreaterThan(150);

    await user.click(rows[1]!);
    expect(within(rows[1]!).getByRole('button', { name: /Highlight DMC B5200/ })).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(blockImages(fake).at(-1)!.pixels[WIDTH]).toBe(black));
  });

  it('shows a chart with French knots and backstitch with a toggle per layer, and leaves out a layer whose toggle is released', async () => {
    const user = userEvent.setup();
    const marks = { parts: [], backstitches: [{ x1: 0, y1: 2, x2: 10, y2: 2, thread: 1 }], knots: [{ x: 9, y: 9, thread: 1 }] };
    const fake = show({ ...chart, marks });
    await shownScale();
    const layers = screen.getByRole('group', { name: 'Stitches shown' });
    const toggles = within(layers).getAllByRole('button');
    expect(toggles.map((toggle) => [toggle.textContent, toggle.getAttribute('aria-pressed')])).toEqual([
      ['Full stitches', 'true'],
      ['Part stitches', 'true'],
      ['Backstitch', 'true'],
      ['French knots', 'true'],
    ]);
    await waitFor(() => expect(fake.callsOf('arc').length).toBeGreaterThan(0));
    // The legend counts what the thread is used for besides full stitches.
    expect(screen.getByRole('columnheader', { name: 'Knots' })).toBeInTheDocument();

    const knots = within(layers).getByRole('button', { name: 'French knots' });
    fake.clear();
    await user.click(knots);
    expect(knots).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(fake.callsOf('drawImage').length).toBeGreaterThan(0));
    expect(fake.callsOf('arc')).toHaveLength(0);
    // The backstitch is still drawn.
    expect(fake.callsOf('lineTo').length).toBeGreaterThan(0);

    fake.clear();
    await user.click(knots);
    expect(knots).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(fake.callsOf('arc').length).toBeGreaterThan(0));
  });
});
