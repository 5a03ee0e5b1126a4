// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NEUTRAL_ADJUSTMENTS } from '@stitchwise/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Wizard } from '../pages/Wizard';
import { renderScreen, type Answer } from '../test/harness';
import { owning } from '../test/wizard';
import type { PreviewJobMessage, PreviewReply } from './protocol';

/**
 * The preview in the wizard, with the browser's worker played at its edge: a stand-in Worker
 * records the jobs the page sends and answers when the test says so.
 */
class FakeWorker {
  static all: FakeWorker[] = [];
  readonly jobs: PreviewJobMessage[] = [];
  onmessage: ((event: MessageEvent<PreviewReply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;

  constructor(
    readonly url: URL | string,
    readonly options?: WorkerOptions,
  ) {
    FakeWorker.all.push(this);
  }

  postMessage(job: PreviewJobMessage): void {
    this.jobs.push(job);
  }

  terminate(): void {
    this.terminated = true;
  }

  answer(reply: PreviewReply): void {
    act(() => this.onmessage?.(new MessageEvent('message', { data: reply })));
  }
}

const worker = (): FakeWorker => FakeWorker.all.at(-1)!;

/** A worker's answer to job `id`: a 2 × 1 chart of the given threads, each pixel a shade telling answers apart. */
function patternReply(id: number, codes: string[], shade: number): PreviewReply {
  return {
    id,
    kind: 'pattern',
    width: 2,
    height: 1,
    pixels: Uint8ClampedArray.from([shade, 0, 0, 255, 0, shade, 0, 255]),
    legend: codes.map((code) => ({
      brand: 'dmc' as const,
      code,
      name: `Thread ${code}`,
      hex: '#336699',
      stitch_count: 1,
      threads: code.split('+').map((part, k) => ({ code: part, rgb: { r: 0, g: 100 * k, b: 0 } })),
    })),
    meanDeltaE: 2.5,
    timings: { decodeMs: 1, gridMs: 1, patternMs: 1 },
  };
}

/** What the page painted on the preview canvas, as the red channel of its first pixel. */
const painted: number[] = [];

beforeEach(() => {
  FakeWorker.all = [];
  painted.length = 0;
  vi.stubGlobal('Worker', FakeWorker);
  // The page only checks that these exist (the worker uses them); jsdom has neither.
  vi.stubGlobal(
    'OffscreenCanvas',
    class FakeOffscreenCanvas {
      readonly width = 0;
    },
  );
  vi.stubGlobal('createImageBitmap', () => Promise.reject(new Error('not in jsdom')));
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () =>
      ({
        createImageData: (width: number, height: number) => ({ data: new Uint8ClampedArray(width * height * 4) }),
        putImageData: (image: { data: Uint8ClampedArray }) => painted.push(image.data[0]!),
      }) as never,
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear(); // a thread brand chosen in the wizard is remembered on the device
});

const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'harbour.jpg', { type: 'image/jpeg' });
const preview = () => screen.getByTestId('chart-preview');
const credits: Record<string, Answer> = { 'GET /api/stitch/creative-credits': { status: 200, data: { remaining: 10, limit: 10, resets_at: '' } } };

async function toSettings(user: ReturnType<typeof userEvent.setup>, file = photo()): Promise<void> {
  await user.upload(screen.getByTestId('file-input'), file);
  await screen.findByRole('img', { name: 'The selected image' }); // the upload box prepares the photo first
  await user.click(screen.getByRole('button', { name: 'Continue to Settings' }));
}

describe('the live preview in the wizard', () => {
  it('previews the chosen file in a module worker, without uploading it', async () => {
    const user = userEvent.setup();
    const file = photo();
    const harness = renderScreen(<Wizard />, { auth: { signedIn: true }, answers: credits });
    await toSettings(user, file);
    expect(worker().options).toEqual({ type: 'module' });
    expect(worker().jobs).toHaveLength(1);
    expect(worker().jobs[0]!.source.blob).toBe(file);
    expect(worker().jobs[0]!.settings).toEqual({
      maxSide: 100,
      colors: 20,
      useKmeans: false,
      mergeThreads: false,
      cleanConfetti: true,
      dithering: 'off',
      blends: 'off',
      brand: 'dmc',
      ...NEUTRAL_ADJUSTMENTS,
    });
    expect(screen.getByTestId('preview-updating')).toHaveTextContent('Updating…');

    worker().answer(patternReply(worker().jobs[0]!.id, ['310', '321'], 11));
    expect(preview()).toHaveAttribute('data-threads', '310 321');
    expect(preview()).toHaveAttribute('data-mean-delta-e', '2.500');
    expect(screen.getByRole('img', { name: /Preview of the chart/ })).toBeInTheDocument();
    expect(screen.getByText('2 × 1 stitches · 2 threads')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Threads in the preview' })).toHaveTextContent('310321');
    expect(screen.queryByTestId('preview-updating')).toBeNull();
    expect(painted).toEqual([11]);
    expect(harness.requests.filter((request) => request.startsWith('POST'))).toEqual([]);
  });

  it('asks again on every settings change and never shows a stale answer', async () => {
    const user = userEvent.setup();
    renderScreen(<Wizard />, { auth: { signedIn: true }, answers: credits });
    await toSettings(user);
    const first = worker().jobs[0]!;
    worker().answer(patternReply(first.id, ['310'], 11));

    fireEvent.change(screen.getByLabelText(/^Colors/), { target: { value: '12' } });
    expect(worker().jobs).toHaveLength(2);
    expect(worker().jobs[1]!.settings.colors).toBe(12);
    // Two more changes while the worker is busy: only the last one will be sent.
    await user.click(screen.getByRole('checkbox', { name: /k-means/ }));
    fireEvent.change(screen.getByLabelText(/^Colors/), { target: { value: '8' } });
    expect(worker().jobs).toHaveLength(2);
    expect(screen.getByTestId('preview-updating')).toBeInTheDocument();

    worker().answer(patternReply(worker().jobs[1]!.id, ['666', '700'], 22)); // stale: 8 colours were asked for since
    expect(preview()).toHaveAttribute('data-threads', '310');
    expect(painted).toEqual([11]);
    expect(worker().jobs).toHaveLength(3);
    expect(worker().jobs[2]!.settings).toMatchObject({ colors: 8, useKmeans: true });

    worker().answer(patternReply(worker().jobs[2]!.id, ['310', '3865'], 33));
    expect(preview()).toHaveAttribute('data-threads', '310 3865');
    expect(painted).toEqual([11, 33]);
    expect(screen.queryByTestId('preview-updating')).toBeNull();
  });

  it('with only owned threads on, previews among those threads, at most as many colours', async () => {
    const user = userEvent.setup();
    renderScreen(<Wizard />, { auth: { signedIn: true }, answers: { ...credits, ...owning(['310', '321', '699', '3865', 'anchor:403', 'anchor:9046']) } });
    await toSettings(user);
    expect(worker().jobs[0]!.settings.threadKeys).toBeUndefined();
    worker().answer(patternReply(worker().jobs[0]!.id, ['310', '3371'], 11));
    const option = screen.getByRole('checkbox', { name: 'Use only threads I own' });
    await waitFor(() => expect(option).toBeEnabled());
    await user.click(option);
    expect(worker().jobs[1]!.settings).toEqual({
      maxSide: 100,
      colors: 4,
      useKmeans: false,
      mergeThreads: false,
      cleanConfetti: true,
      dithering: 'off',
      blends: 'off',
      brand: 'dmc',
      ...NEUTRAL_ADJUSTMENTS,
      threadKeys: ['dmc:310', 'dmc:321', 'dmc:699', 'dmc:3865'], // the chart's brand's only
    });
    worker().answer(patternReply(worker().jobs[1]!.id, ['310', '321'], 22));
    await user.click(option);
    expect(worker().jobs[2]!.settings.threadKeys).toBeUndefined();
  });

  it('with only owned threads on in Anchor, previews among the Anchor threads owned', async () => {
    const user = userEvent.setup();
    renderScreen(<Wizard />, { auth: { signedIn: true }, answers: { ...credits, ...owning(['310', '321', 'anchor:403', 'anchor:9046', 'anchor:2']) } });
    await toSettings(user);
    worker().answer(patternReply(worker().jobs[0]!.id, ['310'], 11));
    await user.selectOptions(screen.getByLabelText('Thread brand'), 'anchor');
    expect(worker().jobs[1]!.settings).toMatchObject({ brand: 'anchor' });
    expect(worker().jobs[1]!.settings.threadKeys).toBeUndefined();
    worker().answer(patternReply(worker().jobs[1]!.id, ['403'], 22));
    const option = screen.getByRole('checkbox', { name: 'Use only threads I own' });
    await waitFor(() => expect(option).toBeEnabled());
    await user.click(option);
    expect(worker().jobs[2]!.settings).toMatchObject({ brand: 'anchor', colors: 3, threadKeys: ['anchor:403', 'anchor:9046', 'anchor:2'] });
  });

  it("keeps a visitor's preview within a visitor's limits", async () => {
    const user = userEvent.setup();
    renderScreen(<Wizard />);
    await toSettings(user);
    expect(worker().jobs[0]!.settings).toEqual({
      maxSide: 100,
      colors: 10,
      useKmeans: false,
      mergeThreads: false,
      cleanConfetti: true,
      dithering: 'off',
      blends: 'off',
      brand: 'dmc',
      ...NEUTRAL_ADJUSTMENTS,
    });
    worker().answer(patternReply(worker().jobs[0]!.id, ['310'], 11));
    await user.click(screen.getByRole('radio', { name: '50' }));
    expect(worker().jobs[1]!.settings).toMatchObject({ maxSide: 50, colors: 10 });
    worker().answer(patternReply(worker().jobs[1]!.id, ['310'], 22));
    await user.click(screen.getByRole('radio', { name: 'Soft' })); // dithering is a visitor's choice too
    expect(worker().jobs[2]!.settings).toMatchObject({ maxSide: 50, colors: 10, dithering: 'soft' });
  });

  it("follows the photo's adjustments (a visitor's too), shows the photo before them while 'Show before' is pressed, and Reset undoes them", async () => {
    const user = userEvent.setup();
    renderScreen(<Wizard />);
    await toSettings(user);
    worker().answer(patternReply(worker().jobs[0]!.id, ['310', '666'], 11));
    const reset = screen.getByRole('button', { name: 'Reset' });
    const before = screen.getByRole('button', { name: 'Show before' });
    expect(reset).toBeDisabled(); // nothing to reset, nothing to compare
    expect(before).toBeDisabled();
    expect(within(screen.getByRole('group', { name: 'Adjust the photo' })).getAllByRole('slider')).toHaveLength(5);

    const saturation = screen.getByLabelText(/^Saturation/);
    expect(saturation).toBeEnabled();
    fireEvent.change(saturation, { target: { value: '-100' } });
    expect(saturation).toHaveAccessibleName('Saturation-100');
    expect(worker().jobs[1]!.settings).toMatchObject({ ...NEUTRAL_ADJUSTMENTS, saturation: -100, colors: 10 });
    worker().answer(patternReply(worker().jobs[1]!.id, ['414'], 22));
    expect(painted).toEqual([11, 22]);
    expect(reset).toBeEnabled();

    // Before: the preview of the photo as it is, until pressed again.
    expect(before).toHaveAttribute('aria-pressed', 'false');
    await user.click(before);
    expect(before).toHaveAttribute('aria-pressed', 'true');
    expect(worker().jobs[2]!.settings).toMatchObject(NEUTRAL_ADJUSTMENTS);
    worker().answer(patternReply(worker().jobs[2]!.id, ['310', '666'], 33));
    expect(painted).toEqual([11, 22, 33]);
    expect(screen.getByRole('heading', { name: /before the photo's adjustments/ })).toBeInTheDocument();
    await user.click(before);
    expect(before).toHaveAttribute('aria-pressed', 'false');
    expect(worker().jobs[3]!.settings).toMatchObject({ saturation: -100 });
    worker().answer(patternReply(worker().jobs[3]!.id, ['414'], 44));

    // Each slider shows its value; moving one while 'Show before' is pressed shows the change.
    await user.click(before);
    worker().answer(patternReply(worker().jobs[4]!.id, ['310'], 55));
    fireEvent.change(screen.getByLabelText(/^Gamma/), { target: { value: '1.5' } });
    expect(screen.getByLabelText(/^Gamma/)).toHaveAccessibleName('Gamma1.50');
    expect(before).toHaveAttribute('aria-pressed', 'false');
    expect(worker().jobs[5]!.settings).toMatchObject({ saturation: -100, gamma: 1.5 });
    worker().answer(patternReply(worker().jobs[5]!.id, ['414'], 66));
    fireEvent.change(screen.getByLabelText(/^Brightness/), { target: { value: '20' } });
    expect(screen.getByLabelText(/^Brightness/)).toHaveAccessibleName('Brightness+20');
    worker().answer(patternReply(worker().jobs[6]!.id, ['414'], 77));
    await user.click(screen.getByRole('checkbox', { name: /Auto levels/ }));
    expect(worker().jobs[7]!.settings).toMatchObject({ brightness: 20, saturation: -100, gamma: 1.5, autoLevels: true });
    worker().answer(patternReply(worker().jobs[7]!.id, ['414'], 88));

    await user.click(reset);
    expect(worker().jobs[8]!.settings).toMatchObject(NEUTRAL_ADJUSTMENTS);
    expect(screen.getByLabelText(/^Saturation/)).toHaveValue('0');
    expect(screen.getByRole('checkbox', { name: /Auto levels/ })).not.toBeChecked();
    expect(reset).toBeDisabled();
    expect(before).toBeDisabled();
  });

  it('with Blends switched on (a visitor may), previews blends: two-colour swatches, "310 + 413", threads and blends counted apart', async () => {
    const user = userEvent.setup();
    renderScreen(<Wizard />);
    await toSettings(user);
    expect(worker().jobs[0]!.settings.blends).toBe('off');
    worker().answer(patternReply(worker().jobs[0]!.id, ['310', '413'], 11));
    const blends = screen.getByRole('switch', { name: /^Blends/ });
    expect(blends).not.toBeChecked();
    expect(blends).toHaveAccessibleDescription('Each stitch is one thread.');
    await user.click(blends);
    expect(blends).toBeChecked();
    expect(blends).toHaveAccessibleDescription(/one strand of each is stitched together \(1 \+ 1 strands\)/);
    expect(worker().jobs[1]!.settings).toMatchObject({ blends: 'on', colors: 10 });

    worker().answer(patternReply(worker().jobs[1]!.id, ['310', '310+413', '413'], 22));
    expect(preview()).toHaveAttribute('data-threads', '310 310+413 413');
    expect(screen.getByText('2 × 1 stitches · 2 threads + 1 blend')).toBeInTheDocument();
    const item = screen.getByTitle(/^DMC 310 \+ 413/);
    expect(item).toHaveTextContent('310 + 413');
    expect(item).toHaveAttribute('title', 'DMC 310 + 413 Thread 310+413 (1 + 1 strands): 1 stitches');
    // Its swatch shows both threads (by the test's colours for them); a plain thread's shows one.
    expect(item.querySelector('[data-blend]')).toHaveAttribute('data-blend', '#000000 #006400');
    expect(screen.getByTitle(/^DMC 310 Thread/).querySelector('[data-blend]')).toBeNull();
  });

  it('says quietly when the browser cannot decode the picture, and Generate still works', async () => {
    const user = userEvent.setup();
    renderScreen(<Wizard />);
    await toSettings(user);
    worker().answer({ id: worker().jobs[0]!.id, kind: 'error', reason: 'undecodable', message: 'The source image could not be decoded.' });
    expect(screen.getByText('Preview unavailable for this image')).toBeInTheDocument();
    expect(preview()).not.toHaveAttribute('data-threads');
    await user.type(screen.getByLabelText(/^Project name/), 'Roses');
    expect(screen.getByRole('button', { name: 'Generate Pattern' })).toBeEnabled();
  });

  it('without workers in the browser, says so instead of a preview', async () => {
    vi.stubGlobal('Worker', undefined);
    const user = userEvent.setup();
    renderScreen(<Wizard />);
    await toSettings(user);
    expect(screen.getByText('Preview unavailable in this browser')).toBeInTheDocument();
  });

  it("with background removal on, previews the server's cut-out, made once per picture", async () => {
    const user = userEvent.setup();
    const cutout = new Blob([new Uint8Array(7)], { type: 'image/png' });
    let sentFile: unknown;
    const harness = renderScreen(<Wizard />, {
      auth: { signedIn: true },
      answers: {
        ...credits,
        'POST /api/images/remove-background': (request) => {
          sentFile = request.form?.image_file;
          return { status: 201, data: { image_id: 'cut', image_url: 'http://localhost/files/cut', width: 4, height: 3, format: 'png' } };
        },
        'GET /files/cut': { status: 200, data: cutout },
      },
    });
    await toSettings(user);
    worker().answer(patternReply(worker().jobs[0]!.id, ['310'], 11));
    const removal = screen.getByRole('checkbox', { name: /Remove background/ });
    await user.click(removal);
    await waitFor(() => expect(worker().jobs).toHaveLength(2));
    expect(sentFile).toMatchObject({ size: 4, type: 'image/jpeg' }); // the chosen photo's bytes
    const job = worker().jobs[1]!;
    expect(job.source.blob.size).toBe(7);
    expect(job.source.blob.type).toBe('image/png');
    expect(job.source.key).not.toBe(worker().jobs[0]!.source.key);
    worker().answer(patternReply(job.id, ['310', 'B5200'], 44));
    expect(preview()).toHaveAttribute('data-threads', '310 B5200');

    await user.click(removal);
    expect(worker().jobs).toHaveLength(3);
    worker().answer(patternReply(worker().jobs[2]!.id, ['310'], 55));
    await user.click(removal);
    await waitFor(() => expect(worker().jobs).toHaveLength(4));
    expect(worker().jobs[3]!.source.key).toBe(job.source.key);
    expect(harness.requests.filter((request) => request === 'POST /api/images/remove-background')).toHaveLength(1);
  });

  it("previews a picture given by address through the server's copy", async () => {
    const user = userEvent.setup();
    let asked: unknown;
    renderScreen(<Wizard />, {
      answers: {
        'POST /api/images/upload': (request) => {
          asked = request.form?.image_url;
          return { status: 201, data: { image_id: 'copy', image_url: 'http://localhost/files/copy', width: 4, height: 3, format: 'jpg' } };
        },
        'GET /files/copy': { status: 200, data: new Blob([new Uint8Array(5)], { type: 'image/jpeg' }) },
      },
    });
    await user.type(screen.getByLabelText('Or enter an image URL'), 'https://example.com/cat.jpg');
    await user.click(screen.getByRole('button', { name: 'Load Image' }));
    await user.click(screen.getByRole('button', { name: 'Continue to Settings' }));
    await waitFor(() => expect(worker().jobs).toHaveLength(1));
    expect(asked).toBe('https://example.com/cat.jpg');
    expect(worker().jobs[0]!.source.blob.size).toBe(5);
  });

  it('stops its worker when the settings step is left', async () => {
    const user = userEvent.setup();
    renderScreen(<Wizard />);
    await toSettings(user);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(worker().terminated).toBe(true);
  });
});
