// @vitest-environment jsdom
import { addDays, countDone, decodeProgress, emptyProgress, encodeProgress, isDone, localDay, setDone, toPatternDocument } from '@stitchwise/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Project } from '../../api/schemas';
import { installFakeCanvas } from '../../components/chart/fake-canvas';
import { renderScreen, type Answer, type SentRequest } from '../../test/harness';
import { patternOf } from '../editor/editor-test-charts';
import { PROJECT } from '../editor/saving-test-support';
import { Route, Routes } from 'react-router';
import { ProjectDetail } from '../ProjectDetail';
import { StitchingScreen } from '../StitchingScreen';
import { formatDay } from './statistics-text';
import { ProjectsList } from '../ProjectsList';

// 310 in two 2 × 2 blocks (left and right), 321 between them, 798 along the bottom: 18 stitches, 1 empty cell.
const pattern = patternOf(['001100', '001100', '22222.'], ['310', '321', '798']);
const WIDTH = 6;
const project: Project = { ...PROJECT, color_legend: pattern.legend };
const cell = (x: number, y: number) => y * WIDTH + x;

/** The server's stitching progress of project p1 (version 3 until a test edits the chart), and what was PUT. */
function progressServer(done: number[] = []) {
  const bits = emptyProgress(WIDTH, 3);
  for (const at of done) setDone(bits, at, true);
  const state = { bits, version: 3, puts: [] as number[][], putVersions: [] as number[], days: [] as string[], daily: {} as Record<string, number> };
  const answer = () => ({
    version: state.version,
    width: WIDTH,
    height: 3,
    done: encodeProgress(state.bits),
    done_count: 0,
    total: 17,
    updated_at: null,
    daily: state.daily,
  });
  return {
    state,
    answers: {
      'GET /api/stitch/projects/p1': { status: 200, data: project } as Answer,
      'GET /files/p1-pattern.json': { status: 200, data: toPatternDocument(pattern) },
      'GET /api/stitch/projects/p1/progress': () => ({ status: 200, data: answer() }),
      'PUT /api/stitch/projects/p1/progress': (request: SentRequest) => {
        const body = request.json as { version: number; done: string; day: string };
        const before = countDone(state.bits);
        state.bits = decodeProgress(body.done)!;
        // As the server counts them: the change in done stitches, on the day sent.
        state.days.push(body.day);
        state.daily = { ...state.daily, [body.day]: (state.daily[body.day] ?? 0) + countDone(state.bits) - before };
        state.putVersions.push(body.version);
        state.puts.push(Array.from({ length: 18 }, (_, at) => at).filter((at) => isDone(state.bits, at)));
        return { status: 200, data: answer() };
      },
    },
  };
}

async function openStitching(done: number[] = []) {
  installFakeCanvas({ width: 600, height: 420 });
  const server = progressServer(done);
  const user = userEvent.setup();
  renderScreen(<ProjectPages />, {
    path: '*',
    route: '/stitch/projects/p1/stitch',
    auth: { signedIn: true },
    answers: server.answers,
  });
  /** Waits for the chart to be drawn (a new chart is a new canvas). */
  const drawn = () =>
    waitFor(() => {
      if (!screen.getByTestId('chart-canvas').closest<HTMLElement>('[data-view]')) throw new Error('the chart is not drawn yet');
    });
  const canvas = await screen.findByTestId('chart-canvas');
  await drawn();
  const point = (x: number, y: number) => {
    const stage = screen.getByTestId('chart-canvas').closest<HTMLElement>('[data-view]')!;
    const [scale, offsetX, offsetY] = stage.dataset.view!.split(' ').map(Number) as [number, number, number];
    return { clientX: offsetX + (x + 0.5) * scale, clientY: offsetY + (y + 0.5) * scale };
  };
  const finger = (id = 1) => ({ pointerType: 'touch', pointerId: id, button: 0 });
  /** A finger through the middles of stitches, from the first to the last (one stitch: a tap). */
  const touch = (...cells: [number, number][]) => {
    const points = cells.map(([x, y]) => point(x, y));
    const target = screen.getByTestId('chart-canvas');
    fireEvent.pointerDown(target, { ...points[0], ...finger() });
    for (const at of points.slice(1)) fireEvent.pointerMove(target, { ...at, ...finger() });
    fireEvent.pointerUp(target, { ...points.at(-1), ...finger() });
  };
  return { user, server, canvas, point, finger, touch, drawn };
}

/** The project's page and its Stitching screen, as the app routes them. */
function ProjectPages() {
  return (
    <Routes>
      <Route path="/stitch/projects/:projectId" element={<ProjectDetail />} />
      <Route path="/stitch/projects/:projectId/stitch" element={<StitchingScreen />} />
    </Routes>
  );
}

const overall = () => screen.getByTestId('overall-progress');
/** A thread's row in the Threads sheet (open). */
const threadRow = (code: string) => screen.getAllByTestId('stitching-thread').find((row) => row.dataset.code === code)!;
/** Opens the Threads sheet, reads a thread's progress, and closes it again. */
async function threadProgress(user: ReturnType<typeof userEvent.setup>, code: string): Promise<string> {
  await user.click(screen.getByRole('button', { name: /^Threads/ }));
  const text = within(threadRow(code)).getByTestId('thread-progress').textContent;
  await user.click(screen.getByRole('button', { name: 'Close' }));
  return text;
}

beforeEach(() => localStorage.clear());
afterEach(async () => {
  // Closing the page sends what is unsent: to this test's server, before the next test starts.
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 50));
  vi.restoreAllMocks();
});

describe('Stitching mode', () => {
  it('opens its own screen from the project page and goes back to it', async () => {
    installFakeCanvas({ width: 600, height: 420 });
    const user = userEvent.setup();
    const server = progressServer();
    const { requests } = renderScreen(<ProjectPages />, {
      path: '*',
      route: '/stitch/projects/p1',
      auth: { signedIn: true },
      answers: server.answers,
    });
    const reads = () => requests.filter((request) => request === 'GET /api/stitch/projects/p1/progress').length;
    await screen.findByText('0 of 17 stitches done — 0 %');
    await user.click(await screen.findByRole('link', { name: 'Start stitching' }));
    expect(await screen.findByTestId('overall-progress')).toHaveTextContent('0 of 17 stitches — 0 %');
    expect(screen.queryByRole('heading', { name: PROJECT.name })).toBeNull();
    // Each page reads the progress for itself: Stitching mode does not start from the project page's read.
    expect(reads()).toBe(2);
    setDone(server.state.bits, cell(0, 0), true); // marked meanwhile, on another device
    await user.click(screen.getByRole('link', { name: 'Done stitching' }));
    expect(await screen.findByRole('link', { name: 'Start stitching' })).toBeInTheDocument();
    expect(await screen.findByText('1 of 17 stitches done — 5.8 %')).toBeInTheDocument();
    expect(reads()).toBe(3);
  });

  it("opens the old address of the project page's stitching mode on its own screen", async () => {
    installFakeCanvas({ width: 600, height: 420 });
    renderScreen(<ProjectPages />, { path: '*', route: '/stitch/projects/p1?mode=stitching', auth: { signedIn: true }, answers: progressServer().answers });
    expect(await screen.findByTestId('stitching-screen')).toBeInTheDocument();
  });

  it('toggles a tapped stitch, marks a dragged line, and saves the marks a second later', async () => {
    const { touch, server, user } = await openStitching();
    await waitFor(() => expect(overall()).toHaveTextContent('0 of 17 stitches — 0 %'));
    expect(screen.getByTestId('sync-status')).toHaveTextContent('Saved');

    touch([0, 0]);
    await waitFor(() => expect(overall()).toHaveTextContent('1 of 17 stitches — 5.8 %'));
    expect(screen.getByTestId('sync-status')).toHaveTextContent('Saving…');
    touch([0, 0]);
    await waitFor(() => expect(overall()).toHaveTextContent('0 of 17'));
    // Along the bottom row, over the empty cell at its end: the 798 stitches only.
    touch([0, 2], [3, 2], [5, 2]);
    await waitFor(() => expect(overall()).toHaveTextContent('5 of 17 stitches — 29.4 %'));
    expect(await threadProgress(user, '798')).toBe('100 %5 / 50 left');
    expect(screen.getByTestId('session-counter')).toHaveTextContent('Session: 5 stitches · 0 min');

    await waitFor(() => expect(server.state.puts).toEqual([[12, 13, 14, 15, 16]]), { timeout: 3000 });
    expect(screen.getByTestId('sync-status')).toHaveTextContent('Saved');
  });

  it('counts marks on today in the Threads sheet, before they are sent and after, and sends them with the device’s date', async () => {
    const { touch, server, user } = await openStitching();
    await waitFor(() => expect(overall()).toHaveTextContent('0 of 17'));
    const today = async () => {
      await user.click(screen.getByRole('button', { name: /^Threads/ }));
      const text = screen.getByTestId('stitching-today').textContent;
      await user.click(screen.getByRole('button', { name: 'Close' }));
      return text;
    };
    expect(await today()).toBe('No stitches marked todayMark some stitches to see when you will finish.');
    touch([0, 2], [3, 2]);
    await waitFor(() => expect(overall()).toHaveTextContent('4 of 17'));
    // Not sent yet: counted here already. 13 left at 4 a day: 4 days.
    expect(server.state.puts).toEqual([]);
    const finish = formatDay(addDays(localDay(new Date()), 4));
    expect(await today()).toBe(`4 stitches marked todayAbout 4 stitches a day since you started todayAt this pace you will finish around ${finish}`);
    await waitFor(() => expect(server.state.puts).toHaveLength(1), { timeout: 3000 });
    expect(server.state.days).toEqual([localDay(new Date())]);
    await waitFor(() => expect(screen.getByTestId('sync-status')).toHaveTextContent('Saved'));
    // Sent: the server's count, not counted twice.
    expect(await today()).toMatch(/^4 stitches marked today/);
  });

  it('marks a whole same-thread region with one tap, and undoes it', async () => {
    const { touch, user } = await openStitching();
    await waitFor(() => expect(overall()).toHaveTextContent('0 of 17'));
    await user.click(screen.getByRole('button', { name: 'Stitching options' }));
    await user.click(screen.getByRole('checkbox', { name: /Mark a whole region/ }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    touch([5, 1]);
    // The right-hand 310 block, not the left one (not 4-connected to it).
    await waitFor(() => expect(overall()).toHaveTextContent('4 of 17 stitches — 23.5 %'));
    expect(await threadProgress(user, '310')).toBe('50 %4 / 84 left');
    expect(await threadProgress(user, '321')).toBe('0 %0 / 44 left');
    expect(screen.getByTestId('session-counter')).toHaveTextContent('Session: 4 stitches');

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(overall()).toHaveTextContent('0 of 17'));
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
    expect(screen.getByTestId('session-counter')).toHaveTextContent('Session: 0 stitches');
  });

  it('with a thread filter, marks only that thread’s stitches', async () => {
    const { touch, user } = await openStitching();
    await user.click(await screen.findByRole('button', { name: 'Threads: all shown' }));
    await user.click(await screen.findByRole('button', { name: /DMC 321/ }));
    // Choosing closes the sheet; the bar names the thread.
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: /^Threads: only DMC 321/ })).toHaveTextContent('321');
    touch([0, 0], [5, 0]);
    await waitFor(() => expect(overall()).toHaveTextContent('2 of 17'));
    expect(await threadProgress(user, '321')).toBe('50 %2 / 42 left');
    expect(await threadProgress(user, '310')).toBe('0 %0 / 88 left');
    // A tap on another thread's stitch does nothing while filtered.
    touch([0, 1]);
    await user.click(screen.getByRole('button', { name: /^Threads/ }));
    await user.click(screen.getByRole('button', { name: 'Show all threads' }));
    expect(screen.getByRole('button', { name: 'Threads: all shown' })).toBeInTheDocument();
    expect(overall()).toHaveTextContent('2 of 17');
  });

  it('in Move mode, a drag and a tap mark nothing; a second finger takes back what a stroke marked', async () => {
    const { touch, user, canvas, point, finger } = await openStitching();
    await waitFor(() => expect(overall()).toHaveTextContent('0 of 17'));
    await user.click(screen.getByRole('button', { name: 'Move' }));
    touch([0, 0], [3, 0]);
    touch([1, 1]);
    expect(overall()).toHaveTextContent('0 of 17');

    await user.click(screen.getByRole('button', { name: 'Mark' }));
    fireEvent.pointerDown(canvas, { ...point(0, 2), ...finger(1) });
    fireEvent.pointerMove(canvas, { ...point(3, 2), ...finger(1) });
    await waitFor(() => expect(overall()).toHaveTextContent('4 of 17'));
    fireEvent.pointerDown(canvas, { ...point(4, 0), ...finger(2) }); // a pinch begins
    await waitFor(() => expect(overall()).toHaveTextContent('0 of 17'));
  });

  it('takes no marks on a chart the server has moved on from, and reads the new chart and its progress first', async () => {
    const { touch, server, drawn } = await openStitching();
    await waitFor(() => expect(overall()).toHaveTextContent('0 of 17'));
    // Edited elsewhere: version 4 repaints the top-left stitch, at the same size. The project is slow to read.
    const edited = patternOf(['201100', '001100', '22222.'], ['310', '321', '798']);
    let release: () => void = () => undefined;
    const reading = new Promise<void>((resolve) => (release = resolve));
    server.state.version = 4;
    server.answers['GET /api/stitch/projects/p1'] = async () => {
      await reading;
      return { status: 200, data: { ...project, outputs: { ...project.outputs, pattern_url: 'http://localhost/files/p1-pattern-v4.json' } } };
    };
    Object.assign(server.answers, { 'GET /files/p1-pattern-v4.json': { status: 200, data: toPatternDocument(edited) } });

    touch([1, 0]);
    // The mark is sent with version 3 and answered with version 4: the version 3 chart takes no more marks.
    expect(await screen.findByText('The chart was changed; loading the new version…', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByTestId('chart-canvas')).toBeNull();
    expect(server.state.putVersions).toEqual([3]);

    release();
    await waitFor(() => expect(overall()).toHaveTextContent('1 of 17'));
    await drawn();
    touch([0, 0]);
    await waitFor(() => expect(server.state.puts.at(-1)).toEqual([0, 1]), { timeout: 3000 });
    expect(server.state.putVersions).toEqual([3, 4]);
  });

  it('counts no fewer than no stitches this session when stitches done on another day are unmarked', async () => {
    const { touch } = await openStitching([cell(0, 0), cell(1, 0)]);
    await waitFor(() => expect(overall()).toHaveTextContent('2 of 17'));
    touch([0, 0]);
    touch([1, 0]);
    await waitFor(() => expect(overall()).toHaveTextContent('0 of 17'));
    expect(screen.getByTestId('session-counter')).toHaveTextContent('Session: 0 stitches');
    touch([2, 0]);
    await waitFor(() => expect(overall()).toHaveTextContent('1 of 17'));
    // Counted from where the session stood (two unmarked, one marked), shown as no fewer than none.
    expect(screen.getByTestId('session-counter')).toHaveTextContent('Session: 0 stitches');
  });

  it('shows the progress the server has, and remembers Mark or Move and how done stitches look', async () => {
    const { user } = await openStitching([cell(0, 0), cell(1, 0), cell(2, 0)]);
    await waitFor(() => expect(overall()).toHaveTextContent('3 of 17 stitches — 17.6 %'));
    await user.click(screen.getByRole('button', { name: 'Stitching options' }));
    await user.click(screen.getByRole('button', { name: 'Filled' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Move' }));
    expect(JSON.parse(localStorage.getItem('stitchwise.stitching.p1')!)).toMatchObject({ doneStyle: 'filled', marking: false });
  });
});

describe('the projects list', () => {
  it("shows each project's progress once something is stitched", async () => {
    renderScreen(<ProjectsList />, {
      auth: { signedIn: true },
      answers: {
        'GET /api/stitch/projects': {
          status: 200,
          data: {
            projects: [
              { ...project, progress: { done: 1234, total: 5000 } },
              { ...project, id: 'p2', progress: { done: 0, total: 5000 } },
            ],
            total: 2,
          },
        },
      },
    });
    const cards = await screen.findAllByTestId('project-card');
    expect(within(cards[0]!).getByTestId('project-progress')).toHaveTextContent('24.6 % stitched');
    expect(within(cards[1]!).queryByTestId('project-progress')).toBeNull();
  });
});
