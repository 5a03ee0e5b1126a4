// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../test/harness';
import { ColorMatcher } from './ColorMatcher';
import { COLOR_COUNTS, DominantColors } from './DominantColors';

const photo = () => new File([new Uint8Array(2 * 1024 * 1024)], 'meadow.jpg', { type: 'image/jpeg' });
const thread = { code: '310', name: 'Black', r: 0, g: 0, b: 0, hex: '#000000' };

/** The shown image has loaded at its natural size (jsdom loads no images). */
function imageLoaded(width: number, height: number): HTMLElement {
  const image = screen.getByTestId('pick-image');
  Object.defineProperty(image, 'naturalWidth', { value: width });
  Object.defineProperty(image, 'naturalHeight', { value: height });
  fireEvent.load(image);
  return image;
}
const pickAnswer = (x: number, y: number) => ({
  status: 200,
  data: {
    picked_color: { r: 10, g: 20, b: 30, hex: '#0a141e', coordinates: { x, y } },
    closest_dmc_threads: Array.from({ length: 5 }, (_, i) => ({ ...thread, code: `${310 + i}`, distance: 1.234 + i })),
  },
});

describe('Dominant Color Analysis', () => {
  it('refuses an image over the upload limit at once, naming the limit, and sends nothing', async () => {
    const user = userEvent.setup();
    const { requests } = renderScreen(<DominantColors />);
    const big = new File([new Uint8Array(16 * 1024 * 1024 + 300_000)], 'phone.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByTestId('file-input'), big);
    expect(screen.getByRole('alert')).toHaveTextContent('This image is 16.29 MB; images can be at most 10 MB. Please choose a smaller one.');
    expect(screen.getByRole('button', { name: 'Analyze Colors' })).toBeDisabled();
    expect(requests).toEqual([]);
    expect(screen.getByText(/max 10MB$/)).toBeInTheDocument();
  });

  it('offers the spec colour counts with 6 chosen, and sends the form', async () => {
    const user = userEvent.setup();
    let sent: Record<string, unknown> = {};
    renderScreen(<DominantColors />, {
      answers: {
        'POST /api/colors/dominant': (request) => {
          sent = request.form ?? {};
          return {
            status: 200,
            data: {
              colors: [
                {
                  rgb: [200, 40, 40],
                  hex: '#c82828',
                  share: 0.625,
                  closest_dmc: [{ ...thread, code: '321', name: 'Red', r: 199, g: 43, b: 59, hex: '#c72b3b' }],
                },
              ],
            },
          };
        },
      },
    });
    expect(COLOR_COUNTS).toEqual([3, 4, 5, 6, 8, 10, 12]);
    expect(screen.getByLabelText('Number of colors')).toHaveValue('6');
    expect(screen.getByRole('button', { name: 'Analyze Colors' })).toBeDisabled();
    await user.upload(screen.getByTestId('file-input'), photo());
    expect(screen.getByText('(2.00 MB)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Analyze Colors' }));
    const card = await screen.findByTestId('color-card');
    expect(card).toHaveTextContent('62.5%');
    expect(card).toHaveTextContent('RGB(200, 40, 40)');
    expect(card).toHaveTextContent('C0 M80 Y80 K22');
    expect(card).toHaveTextContent('DMC 321 · Red');
    expect(sent).toMatchObject({ n_colors: '6' });
    expect(sent).not.toHaveProperty('remove_background');
  });

  it('shows the error instead of made-up colours, and stays usable', async () => {
    const user = userEvent.setup();
    renderScreen(<DominantColors />, {
      answers: { 'POST /api/colors/dominant': { status: 422, data: { status: 422, detail: 'The image file is damaged or incomplete.' } } },
    });
    await user.upload(screen.getByTestId('file-input'), photo());
    await user.click(screen.getByRole('button', { name: 'Remove Background & Analyze' }));
    expect(await screen.findByText('The image file is damaged or incomplete.')).toBeInTheDocument();
    expect(screen.queryByTestId('color-card')).toBeNull();
    expect(screen.getByRole('button', { name: 'Analyze Colors' })).toBeEnabled();
  });

  it('refuses files of other types', async () => {
    renderScreen(<DominantColors />);
    fireEvent.change(screen.getByTestId('file-input'), { target: { files: [new File(['%PDF'], 'chart.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText('Please choose a PNG, JPG, GIF, BMP, WebP or HEIC image.')).toBeInTheDocument();
  });
});

describe('Color Matcher', () => {
  // jsdom has no canvas: the magnifier draws nothing here (the browser tests look at it).
  beforeEach(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });

  it('disables Load Image for an empty or blank address', async () => {
    const user = userEvent.setup();
    renderScreen(<ColorMatcher />);
    const load = screen.getByRole('button', { name: 'Load Image' });
    expect(load).toBeDisabled();
    await user.type(screen.getByLabelText('Or enter an image URL'), '   ');
    expect(load).toBeDisabled();
  });

  it('picks at natural-size pixels, dims while waiting, and lists 5 threads with 1-decimal distances', async () => {
    const user = userEvent.setup();
    let sent: Record<string, unknown> = {};
    let release: () => void = () => undefined;
    renderScreen(<ColorMatcher />, {
      answers: {
        'POST /api/colors/pick': async (request) => {
          sent = request.form ?? {};
          await new Promise<void>((resolve) => (release = resolve));
          return pickAnswer(400, 150);
        },
      },
    });
    await user.type(screen.getByLabelText('Or enter an image URL'), 'https://example.com/meadow.jpg');
    await user.click(screen.getByRole('button', { name: 'Load Image' }));
    // Shown at 400 × 300 of a natural 800 × 600: a click at (200, 75) is pixel (400, 150).
    const image = imageLoaded(800, 600);
    image.getBoundingClientRect = () => ({ left: 0, top: 0, width: 400, height: 300, right: 400, bottom: 300, x: 0, y: 0, toJSON: () => ({}) });
    fireEvent.click(image, { clientX: 200, clientY: 75 });
    expect(await screen.findByText('Analyzing color...')).toBeInTheDocument();
    expect(image).toHaveClass('opacity-50');
    expect(sent).toMatchObject({ image_url: 'https://example.com/meadow.jpg', x: '400', y: '150' });
    release();
    expect(await screen.findAllByTestId('thread-match')).toHaveLength(5);
    expect(screen.getByText('Top 5 DMC Thread Matches')).toBeInTheDocument();
    expect(screen.getByText('ΔE 1.2')).toBeInTheDocument();
    expect(screen.getByText('x 400, y 150')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.queryByTestId('pick-image')).toBeNull();
  });

  it('says so when picking fails', async () => {
    const user = userEvent.setup();
    renderScreen(<ColorMatcher />, { answers: { 'POST /api/colors/pick': { status: 500 } } });
    await user.type(screen.getByLabelText('Or enter an image URL'), 'https://example.com/meadow.jpg');
    await user.click(screen.getByRole('button', { name: 'Load Image' }));
    fireEvent.click(imageLoaded(800, 600), { clientX: 1, clientY: 1 });
    expect(await screen.findByText('Error picking color. Please try again.')).toBeInTheDocument();
  });

  it('says how long to wait when there were too many requests', async () => {
    const user = userEvent.setup();
    const detail = 'Too many requests: at most 60 a minute. Please wait 42 seconds and try again.';
    renderScreen(<ColorMatcher />, { answers: { 'POST /api/colors/pick': { status: 429, data: { status: 429, code: 'rate_limited', detail } } } });
    await user.type(screen.getByLabelText('Or enter an image URL'), 'https://example.com/meadow.jpg');
    await user.click(screen.getByRole('button', { name: 'Load Image' }));
    fireEvent.click(imageLoaded(800, 600), { clientX: 1, clientY: 1 });
    expect(await screen.findByText(detail)).toBeInTheDocument();
  });

  it('picks by keyboard: arrows move the crosshair from the middle, Shift moves faster, Enter and Space pick', async () => {
    const user = userEvent.setup();
    const sent: Record<string, unknown>[] = [];
    renderScreen(<ColorMatcher />, {
      answers: {
        'POST /api/colors/pick': (request) => {
          sent.push(request.form ?? {});
          return pickAnswer(Number(request.form?.x), Number(request.form?.y));
        },
      },
    });
    await user.type(screen.getByLabelText('Or enter an image URL'), 'https://example.com/meadow.jpg');
    await user.click(screen.getByRole('button', { name: 'Load Image' }));
    imageLoaded(800, 600);
    const picker = screen.getByRole('application', { name: 'Image to pick colours from' });
    expect(picker).toHaveAccessibleDescription(/arrow keys to move the crosshair/);
    expect(screen.queryByTestId('pick-crosshair')).toBeNull();
    await user.tab(); // the picker is the first stop once the image shows
    expect(picker).toHaveFocus();
    expect(screen.getByTestId('pick-crosshair')).toBeInTheDocument();
    expect(screen.getByTestId('pick-magnifier')).toBeInTheDocument();
    expect(screen.getByTestId('crosshair-position')).toHaveTextContent('Crosshair at x 400, y 300');
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowUp}{Shift>}{ArrowDown}{/Shift}');
    expect(screen.getByTestId('crosshair-position')).toHaveTextContent('Crosshair at x 402, y 339');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('x 402, y 339')).toBeInTheDocument();
    await user.keyboard('{ArrowLeft} ');
    await screen.findByText('x 401, y 339');
    expect(sent).toMatchObject([
      { image_url: 'https://example.com/meadow.jpg', x: '402', y: '339' },
      { x: '401', y: '339' },
    ]);
    await user.tab();
    expect(screen.queryByTestId('pick-magnifier')).toBeNull();
  });
});
