// @vitest-environment jsdom
import { NO_MARKS } from '@stitchwise/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/harness';
import { ChartViewer } from './ChartViewer';
import { installFakeCanvas } from './fake-canvas';
import type { CellPoint, ChartTool, ChartViewState, ViewerChart } from './types';

afterEach(() => vi.restoreAllMocks());

// 30 × 20 stitches: thread 0 (Black) everywhere but thread 1 (Christmas Red) at row 11, column 17 (1-based), and no stitch after it.
const WIDTH = 30;
const threads = [
  { hex: '#000000', symbol: '■', brand: 'dmc' as const, code: '310', name: 'Black' },
  { hex: '#bb0000', symbol: '▲', brand: 'dmc' as const, code: '321', name: 'Christmas Red' },
];
const cells = new Int16Array(WIDTH * 20);
cells[10 * WIDTH + 16] = 1;
cells[10 * WIDTH + 17] = -1;
const chart = { width: WIDTH, height: 20, cells, threads };
// At 40 px per stitch (the chart is larger than the view) with the middle of row 11, column 16 in the
// middle of the view: the canvas's centre (300, 210) is within half a ruler's width (under 20 px) of it.
const initialView = { centerX: 15.5, centerY: 10.5, scale: 40 };
const CENTRE = { clientX: 300, clientY: 210 };

function show(props: { tool?: ChartTool; onViewChange?: (view: ChartViewState) => void } = {}) {
  installFakeCanvas({ width: 600, height: 420 });
  renderScreen(<ChartViewer chart={chart} mode="symbols" initialView={initialView} {...props} />);
  return screen.getByTestId<HTMLCanvasElement>('chart-canvas');
}

const info = () => screen.getByRole('status');

/** The viewer with a button that edits its chart (the first stitch changes thread each time). */
function EditingHost() {
  const [current, setCurrent] = useState(chart);
  const edit = () => {
    setCurrent((before) => {
      const next = Int16Array.from(before.cells);
      next[0] = next[0] === 0 ? 1 : 0;
      return { ...before, cells: next };
    });
  };
  return (
    <>
      <button type="button" onClick={edit}>
        Edit
      </button>
      <ChartViewer chart={current} mode="symbols" initialView={initialView} />
    </>
  );
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/** The viewer with a button that adds a French knot (a new chart with new marks each time, as the editor makes). */
function KnottingHost() {
  const [current, setCurrent] = useState<ViewerChart>({ ...chart, marks: NO_MARKS });
  const knot = () => {
    setCurrent((before) => {
      const knots = before.marks?.knots ?? [];
      return { ...before, marks: { ...NO_MARKS, knots: [...knots, { x: 31 + 2 * knots.length, y: 21, thread: 1 }] } };
    });
  };
  return (
    <>
      <button type="button" onClick={knot}>
        Knot
      </button>
      <ChartViewer chart={current} mode="color" initialView={initialView} />
    </>
  );
}

describe('ChartViewer', () => {
  it('draws an edited chart at once, inside the event that edited it, and a second edit before the next frame with that frame', async () => {
    const fake = installFakeCanvas({ width: 600, height: 420 });
    renderScreen(<EditingHost />);
    const canvas = screen.getByTestId<HTMLCanvasElement>('chart-canvas');
    await waitFor(() => expect(fake.callsOf('putImageData', canvas).length).toBeGreaterThan(0));
    await nextFrame();
    fake.clear();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(fake.callsOf('putImageData', canvas)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(fake.callsOf('putImageData', canvas)).toHaveLength(1);
    await nextFrame();
    await waitFor(() => expect(fake.callsOf('putImageData', canvas)).toHaveLength(2));
  });

  it('draws a French knot added by an edit at once', async () => {
    const fake = installFakeCanvas({ width: 600, height: 420 });
    renderScreen(<KnottingHost />);
    const canvas = screen.getByTestId<HTMLCanvasElement>('chart-canvas');
    await waitFor(() => expect(fake.callsOf('drawImage', canvas).length).toBeGreaterThan(0));
    await nextFrame();
    expect(fake.callsOf('arc', canvas)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Knot' }));
    expect(fake.callsOf('arc', canvas)).toHaveLength(1);
  });

  it('draws the editor’s backstitch guide as a dashed line ending in a circle', async () => {
    const fake = installFakeCanvas({ width: 600, height: 420 });
    renderScreen(<ChartViewer chart={chart} mode="color" initialView={initialView} guide={{ x1: 30, y1: 20, x2: 34, y2: 20, thread: 1 }} />);
    const canvas = screen.getByTestId<HTMLCanvasElement>('chart-canvas');
    await waitFor(() => expect(fake.callsOf('arc', canvas)).toHaveLength(1));
    const dashes = fake.callsOf('setLineDash', canvas).map((call) => (call.args[0] as number[]).length);
    expect(dashes).toContain(2);
    expect(fake.callsOf('lineTo', canvas).length).toBeGreaterThan(0);
  });

  it('names the stitch under the mouse: row, column, symbol, DMC code and name', async () => {
    const canvas = show();
    await waitFor(() => expect(canvas.width).toBe(600));
    expect(info()).toHaveTextContent('Point at a stitch');
    fireEvent.pointerMove(canvas, { ...CENTRE, pointerType: 'mouse' });
    expect(info()).toHaveTextContent('Row 11, column 16: ■ DMC 310 Black');
    fireEvent.pointerMove(canvas, { clientX: CENTRE.clientX + 40, clientY: CENTRE.clientY, pointerType: 'mouse' });
    expect(info()).toHaveTextContent('Row 11, column 17: ▲ DMC 321 Christmas Red');
    fireEvent.pointerMove(canvas, { clientX: CENTRE.clientX + 80, clientY: CENTRE.clientY, pointerType: 'mouse' });
    expect(info()).toHaveTextContent('Row 11, column 18: no stitch');
    fireEvent.pointerLeave(canvas, { pointerType: 'mouse' });
    expect(info()).toHaveTextContent('Point at a stitch');
  });

  it('names a tapped stitch, and a drag moves the chart instead', async () => {
    const views: ChartViewState[] = [];
    const canvas = show({ onViewChange: (view) => views.push(view) });
    await waitFor(() => expect(views.length).toBeGreaterThan(0));
    const touch = { pointerType: 'touch', pointerId: 7, isPrimary: true };
    fireEvent.pointerDown(canvas, { ...CENTRE, ...touch });
    fireEvent.pointerUp(canvas, { ...CENTRE, ...touch });
    expect(info()).toHaveTextContent('Row 11, column 16');

    fireEvent.pointerDown(canvas, { ...CENTRE, ...touch });
    fireEvent.pointerMove(canvas, { clientX: CENTRE.clientX - 60, clientY: CENTRE.clientY, ...touch });
    fireEvent.pointerUp(canvas, { clientX: CENTRE.clientX - 60, clientY: CENTRE.clientY, ...touch });
    await waitFor(() => expect(views.at(-1)!.offsetX).toBeCloseTo(views[0]!.offsetX - 60));
    expect(info()).toHaveTextContent('Row 11, column 16');
  });

  it('gives a drag to the tool when one is set, naming each stitch; space+drag still moves the chart', async () => {
    const strokes: string[] = [];
    const named = (kind: string) => (cell: CellPoint) => strokes.push(`${kind} ${cell.x},${cell.y}`);
    const tool: ChartTool = { onDown: named('down'), onMove: named('move'), onUp: named('up') };
    const views: ChartViewState[] = [];
    const canvas = show({ tool, onViewChange: (view) => views.push(view) });
    await waitFor(() => expect(views.length).toBeGreaterThan(0));
    expect(canvas.style.cursor).toBe('crosshair');
    const mouse = { pointerType: 'mouse', pointerId: 1, button: 0 };
    fireEvent.pointerDown(canvas, { ...CENTRE, ...mouse });
    fireEvent.pointerMove(canvas, { clientX: CENTRE.clientX + 40, clientY: CENTRE.clientY + 40, ...mouse });
    fireEvent.pointerUp(canvas, { clientX: CENTRE.clientX + 40, clientY: CENTRE.clientY + 40, ...mouse });
    expect(strokes).toEqual(['down 15,10', 'move 16,11', 'up 16,11']);
    const before = views.length;

    const viewer = screen.getByRole('application');
    fireEvent.keyDown(viewer, { key: ' ' });
    fireEvent.pointerDown(canvas, { ...CENTRE, ...mouse });
    fireEvent.pointerMove(canvas, { clientX: CENTRE.clientX, clientY: CENTRE.clientY - 30, ...mouse });
    fireEvent.pointerUp(canvas, { clientX: CENTRE.clientX, clientY: CENTRE.clientY - 30, ...mouse });
    fireEvent.keyUp(viewer, { key: ' ' });
    expect(strokes).toHaveLength(3);
    await waitFor(() => expect(views.length).toBeGreaterThan(before));
    expect(views.at(-1)!.offsetY).toBeCloseTo(views[0]!.offsetY - 30);
  });

  it('moves with the arrow keys and zooms with + − and 0, focusable and named for assistive technology', async () => {
    const views: ChartViewState[] = [];
    show({ onViewChange: (view) => views.push(view) });
    await waitFor(() => expect(views.length).toBeGreaterThan(0));
    const viewer = screen.getByRole('application', { name: /Stitch chart, 30 by 20 stitches/ });
    expect(viewer).toHaveAttribute('tabindex', '0');
    const start = views.at(-1)!;

    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    await waitFor(() => expect(views.at(-1)!.centerX).toBeGreaterThan(start.centerX));
    fireEvent.keyDown(viewer, { key: '-' });
    await waitFor(() => expect(views.at(-1)!.scale).toBeLessThan(start.scale));
    fireEvent.keyDown(viewer, { key: '+' });
    fireEvent.keyDown(viewer, { key: '+' });
    await waitFor(() => expect(views.at(-1)!.scale).toBeGreaterThan(start.scale));
    fireEvent.keyDown(viewer, { key: '0' });
    // The whole chart: 30 stitches across under 600 px, centred.
    await waitFor(() => expect(views.at(-1)!.scale * WIDTH).toBeLessThanOrEqual(600));
    expect(views.at(-1)!.centerX).toBeCloseTo(WIDTH / 2, 0);
  });

  it('zooms around the pointer with the wheel', async () => {
    const views: ChartViewState[] = [];
    const canvas = show({ onViewChange: (view) => views.push(view) });
    await waitFor(() => expect(views.length).toBeGreaterThan(0));
    fireEvent.pointerMove(canvas, { ...CENTRE, pointerType: 'mouse' });
    const under = info().textContent;
    fireEvent.wheel(canvas, { ...CENTRE, deltaY: -100 });
    await waitFor(() => expect(views.at(-1)!.scale).toBeGreaterThan(initialView.scale));
    fireEvent.pointerMove(canvas, { ...CENTRE, pointerType: 'mouse' });
    expect(info().textContent).toBe(under);
  });
});
