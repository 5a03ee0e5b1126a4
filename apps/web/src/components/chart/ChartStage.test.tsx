// @vitest-environment jsdom
import { emptyProgress, encodeProgress, toPatternDocument } from '@stitchwise/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StitchPlan } from '../../api/schemas';
import { patternOf } from '../../pages/editor/editor-test-charts';
import { PROJECT } from '../../pages/editor/saving-test-support';
import { Route, Routes } from 'react-router';
import { StitchingScreen } from '../../pages/StitchingScreen';
import { ProjectDetail } from '../../pages/ProjectDetail';
import { ResultStep } from '../../pages/wizard/ResultStep';
import { EditorScreen } from '../../pages/editor/EditorScreen';
import { renderScreen } from '../../test/harness';
import { ChartStage, useChartStage } from './ChartStage';
import { shownScale } from './chart-test-support';
import { installFakeCanvas, type FakeCanvas } from './fake-canvas';
import { toViewerChart } from './PatternChart';
import type { ChartViewState } from './types';

afterEach(() => vi.restoreAllMocks());
beforeEach(() => localStorage.clear());

// 60 × 40 stitches (more than fit at the closest zoom): 310 with a 321 stripe, 798 along the bottom.
const WIDTH = 60;
const HEIGHT = 40;
const pattern = patternOf(
  Array.from({ length: HEIGHT }, (_, y) => (y === HEIGHT - 1 ? '2' : '0011').repeat(WIDTH).slice(0, WIDTH)),
  ['310', '321', '798'],
);
const chart = toViewerChart(pattern);
const marked = { ...chart, marks: { parts: [], backstitches: [{ x1: 0, y1: 0, x2: 4, y2: 0, thread: 1 }], knots: [] } };

function show(element: ReactElement): FakeCanvas {
  const fake = installFakeCanvas({ width: 600, height: 420 });
  renderScreen(element);
  return fake;
}

/** What the stage publishes about where the chart sits: scale, then the chart's top-left corner. */
const published = () => screen.getByTestId('chart-canvas').closest<HTMLElement>('[data-view]')?.dataset.view;

const layerToggles = () => screen.queryByRole('group', { name: 'Stitches shown' });

/** The chart's toolbar is on the screen and its + and Fit change the zoom shown. */
async function expectWorkingToolbar(user: ReturnType<typeof userEvent.setup>) {
  const toolbar = await screen.findByRole('toolbar', { name: 'Chart view' });
  const whole = await shownScale();
  await user.click(within(toolbar).getByRole('button', { name: 'Zoom in' }));
  await waitFor(async () => expect(await shownScale()).toBeGreaterThan(whole));
  await user.click(within(toolbar).getByRole('button', { name: 'Fit' }));
  await waitFor(async () => expect(await shownScale()).toBe(whole));
  expect(within(toolbar).getByRole('button', { name: 'Symbols' })).toHaveAttribute('aria-pressed', 'true');
}

describe('ChartStage', () => {
  it('zooms with −, + and Fit, showing the zoom and passing each view on with where the chart sits', async () => {
    const user = userEvent.setup();
    const views: ChartViewState[] = [];
    show(<ChartStage chart={chart} onViewChange={(view) => views.push(view)} />);
    const whole = await shownScale();
    expect(published()).toBe(`${views.at(-1)!.scale} ${views.at(-1)!.offsetX} ${views.at(-1)!.offsetY}`);

    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await waitFor(async () => expect(await shownScale()).toBeGreaterThan(whole));
    const closer = await shownScale();
    expect(views.at(-1)!.scale).toBeCloseTo(closer, 0);
    expect(Number(published()!.split(' ')[0])).toBe(views.at(-1)!.scale);

    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    await waitFor(async () => expect(await shownScale()).toBeLessThan(closer));
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await user.click(screen.getByRole('button', { name: 'Fit' }));
    await waitFor(async () => expect(await shownScale()).toBe(whole));
  });

  it('shows the chart as colour blocks, symbols on colour or printed symbols, one pressed at a time', async () => {
    const user = userEvent.setup();
    const fake = show(<ChartStage chart={chart} />);
    await shownScale();
    const pressed = () =>
      within(screen.getByRole('group', { name: 'Show as' }))
        .getAllByRole('button')
        .filter((button) => button.getAttribute('aria-pressed') === 'true')
        .map((button) => button.textContent);
    expect(pressed()).toEqual(['Symbols']);
    // Symbols are drawn from 10 px per stitch.
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await waitFor(() => expect(fake.callsOf('fillText').length).toBeGreaterThan(0));

    await user.click(screen.getByRole('button', { name: 'Colour' }));
    expect(pressed()).toEqual(['Colour']);
    fake.clear();
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await waitFor(() => expect(fake.callsOf('drawImage').length).toBeGreaterThan(0));
    expect(fake.callsOf('fillText').filter((call) => String(call.args[0]).includes('\uFE0E'))).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(pressed()).toEqual(['Print']);
  });

  it('offers a toggle per layer for a chart with backstitch, knots or part stitches, and none for full stitches only', async () => {
    const user = userEvent.setup();
    show(<ChartStage chart={marked} />);
    await shownScale();
    const backstitch = within(layerToggles()!).getByRole('button', { name: 'Backstitch' });
    expect(backstitch).toHaveAttribute('aria-pressed', 'true');
    await user.click(backstitch);
    expect(backstitch).toHaveAttribute('aria-pressed', 'false');
  });

  it('leaves out the layer toggles of a plain chart unless asked, and those of a marked one when told', async () => {
    installFakeCanvas({ width: 600, height: 420 });
    const first = renderScreen(<ChartStage chart={chart} />);
    await shownScale();
    expect(layerToggles()).toBeNull();
    first.unmount();

    const second = renderScreen(<ChartStage chart={chart} layerToggles />);
    await waitFor(() => expect(layerToggles()).not.toBeNull());
    second.unmount();

    renderScreen(<ChartStage chart={marked} layerToggles={false} />);
    await shownScale();
    expect(layerToggles()).toBeNull();
  });

  it('shows what a screen adds between the toolbar and the chart', () => {
    show(
      <ChartStage chart={chart}>
        <p>Only DMC 321</p>
      </ChartStage>,
    );
    const toolbar = screen.getByRole('toolbar', { name: 'Chart view' });
    const note = screen.getByText('Only DMC 321');
    const canvas = screen.getByTestId('chart-canvas');
    expect(toolbar.compareDocumentPosition(note) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(note.compareDocumentPosition(canvas) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('keeps the mode and layers a screen holds (useChartStage), also across a new stage', async () => {
    const user = userEvent.setup();
    function Screen() {
      const state = useChartStage();
      const [shown, setShown] = useState(true);
      return (
        <>
          <button type="button" onClick={() => state.setLayers((layers) => ({ ...layers, backstitch: false }))}>
            Hide backstitch
          </button>
          <button type="button" onClick={() => setShown(!shown)}>
            Reload
          </button>
          {shown && <ChartStage chart={marked} state={state} />}
        </>
      );
    }
    show(<Screen />);
    await shownScale();
    await user.click(screen.getByRole('button', { name: 'Hide backstitch' }));
    expect(within(layerToggles()!).getByRole('button', { name: 'Backstitch' })).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByRole('button', { name: 'Colour' }));

    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(screen.queryByRole('toolbar', { name: 'Chart view' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByRole('button', { name: 'Colour' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(layerToggles()!).getByRole('button', { name: 'Backstitch' })).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('the chart stage on each screen', () => {
  const document = toPatternDocument(pattern);

  it("is the wizard's result", async () => {
    const user = userEvent.setup();
    const plan: StitchPlan = {
      processing_time_ms: 420,
      stitch_plan_url: 'http://localhost/files/chart.png',
      pattern_url: 'http://localhost/files/pattern.json',
      metadata: {
        total_stitches: WIDTH * HEIGHT,
        canvas_size: { width: WIDTH * 12, height: HEIGHT * 12 },
        colors_used: 3,
        grid_size: { width: WIDTH, height: HEIGHT },
        confetti_before: 0,
        confetti_after: 0,
        mean_delta_e: 1,
      },
      legend_data: pattern.legend,
    };
    installFakeCanvas({ width: 600, height: 420 });
    renderScreen(<ResultStep plan={plan} signedIn={false} onReset={() => undefined} onAdjust={undefined} />, {
      answers: { 'GET /files/pattern.json': { status: 200, data: document } },
    });
    await expectWorkingToolbar(user);
  });

  it('is the project page, and Stitching mode', async () => {
    const user = userEvent.setup();
    installFakeCanvas({ width: 600, height: 420 });
    const progress = {
      version: 3,
      width: WIDTH,
      height: HEIGHT,
      done: encodeProgress(emptyProgress(WIDTH, HEIGHT)),
      done_count: 0,
      total: WIDTH * HEIGHT,
      updated_at: null,
      daily: {},
    };
    renderScreen(
      <Routes>
        <Route path="/stitch/projects/:projectId" element={<ProjectDetail />} />
        <Route path="/stitch/projects/:projectId/stitch" element={<StitchingScreen />} />
      </Routes>,
      {
        path: '*',
        route: '/stitch/projects/p1',
        auth: { signedIn: true },
        answers: {
          'GET /api/stitch/projects/p1': { status: 200, data: { ...PROJECT, color_legend: pattern.legend } },
          'GET /files/p1-pattern.json': { status: 200, data: document },
          'GET /api/stitch/projects/p1/progress': { status: 200, data: progress },
        },
      },
    );
    await expectWorkingToolbar(user);

    await user.click(await screen.findByRole('link', { name: /Start stitching/ }));
    await screen.findByRole('application', { name: /for stitching/ });
    // Stitching mode offers no layer toggles.
    expect(layerToggles()).toBeNull();
    await expectWorkingToolbar(user);
  });

  it('is the editor, which always offers the layers a tool draws on', async () => {
    const user = userEvent.setup();
    installFakeCanvas({ width: 640, height: 480 });
    renderScreen(<EditorScreen name="Roses" pattern={pattern} back={<a href="/back">Back</a>} save={() => null} />);
    await expectWorkingToolbar(user);
    expect(layerToggles()).not.toBeNull();
  });
});
