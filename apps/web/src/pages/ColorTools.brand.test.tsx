// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, type SentRequest } from '../test/harness';
import { ColorMatcher } from './ColorMatcher';
import { DominantColors } from './DominantColors';

const KEY = 'stitchwise.brand';
const photo = () => new File([new Uint8Array(1024)], 'meadow.jpg', { type: 'image/jpeg' });
const thread = (brand: string | undefined, code: string, name: string, distance: number) => ({
  ...(brand && { brand }),
  code,
  name,
  r: 0,
  g: 0,
  b: 0,
  hex: '#000000',
  distance,
});

/** The server's answers: DMC threads always, the brand's as `closest_threads` when the form names one. */
function dominant({ form }: SentRequest) {
  const brand = form?.brand as string | undefined;
  return {
    status: 200,
    data: {
      colors: [
        {
          rgb: [5, 5, 5],
          hex: '#050505',
          share: 1,
          closest_dmc: [thread(undefined, '310', 'Black', 1.5)],
          ...(brand && { closest_threads: [thread(brand, brand === 'anchor' ? '403' : 'Black', 'Black', 1.2)] }),
        },
      ],
    },
  };
}
function pick({ form }: SentRequest) {
  const brand = form?.brand as string | undefined;
  const list = (of: string | undefined) => Array.from({ length: 5 }, (_, i) => thread(of, `${of ?? 'dmc'}-${i + 1}`, `Shade ${i + 1}`, i + 0.25));
  return {
    status: 200,
    data: {
      picked_color: { r: 5, g: 5, b: 5, hex: '#050505', coordinates: { x: Number(form?.x), y: Number(form?.y) } },
      closest_dmc_threads: list(undefined),
      ...(brand && { closest_threads: list(brand) }),
    },
  };
}

beforeEach(() => localStorage.clear());

describe('Dominant Color Analysis by brand', () => {
  it('matches to DMC by default, sending no brand, exactly as before', async () => {
    const user = userEvent.setup();
    const forms: SentRequest['form'][] = [];
    renderScreen(<DominantColors />, { answers: { 'POST /api/colors/dominant': (request) => (forms.push(request.form), dominant(request)) } });
    expect(screen.getByLabelText('Thread brand')).toHaveValue('dmc');
    await user.upload(screen.getByTestId('file-input'), photo());
    await user.click(screen.getByRole('button', { name: 'Analyze Colors' }));
    expect(await screen.findByTestId('color-card')).toHaveTextContent('DMC 310 · Black');
    expect(forms[0]).not.toHaveProperty('brand');
  });

  it('shows the chosen brand’s nearest thread, and remembers the choice', async () => {
    const user = userEvent.setup();
    const forms: SentRequest['form'][] = [];
    const { unmount } = renderScreen(<DominantColors />, {
      answers: { 'POST /api/colors/dominant': (request) => (forms.push(request.form), dominant(request)) },
    });
    await user.selectOptions(screen.getByLabelText('Thread brand'), 'anchor');
    expect(screen.getByText(/the Anchor threads closest to them/)).toBeInTheDocument();
    await user.upload(screen.getByTestId('file-input'), photo());
    await user.click(screen.getByRole('button', { name: 'Analyze Colors' }));
    const card = await screen.findByTestId('color-card');
    expect(card).toHaveTextContent('Anchor 403 · Black');
    expect(card).not.toHaveTextContent('DMC');
    expect(forms[0]).toMatchObject({ brand: 'anchor' });
    expect(localStorage.getItem(KEY)).toBe('anchor');
    unmount();
    renderScreen(<DominantColors />);
    expect(screen.getByLabelText('Thread brand')).toHaveValue('anchor');
  });
});

describe('Color Matcher by brand', () => {
  beforeEach(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });

  async function pickOnce(user: ReturnType<typeof userEvent.setup>): Promise<void> {
    await user.type(screen.getByLabelText('Or enter an image URL'), 'https://example.com/meadow.jpg');
    await user.click(screen.getByRole('button', { name: 'Load Image' }));
    const image = screen.getByTestId('pick-image');
    Object.defineProperty(image, 'naturalWidth', { value: 80 });
    Object.defineProperty(image, 'naturalHeight', { value: 60 });
    fireEvent.load(image);
    fireEvent.click(image, { clientX: 1, clientY: 1 });
  }

  it('lists the remembered brand’s 5 nearest threads, and those of another brand at once when it is chosen', async () => {
    localStorage.setItem(KEY, 'madeira');
    const user = userEvent.setup();
    const forms: SentRequest['form'][] = [];
    renderScreen(<ColorMatcher />, { answers: { 'POST /api/colors/pick': (request) => (forms.push(request.form), pick(request)) } });
    expect(screen.getByLabelText('Thread brand')).toHaveValue('madeira');
    await pickOnce(user);
    expect(await screen.findByRole('heading', { name: 'Top 5 Madeira Thread Matches' })).toBeInTheDocument();
    const matches = screen.getAllByTestId('thread-match');
    expect(matches).toHaveLength(5);
    expect(within(matches[0]!).getByText('Madeira madeira-1 · Shade 1')).toBeInTheDocument();
    expect(forms[0]).toMatchObject({ brand: 'madeira' });

    await user.selectOptions(screen.getByLabelText('Thread brand'), 'dmc');
    expect(await screen.findByRole('heading', { name: 'Top 5 DMC Thread Matches' })).toBeInTheDocument();
    expect(screen.getAllByTestId('thread-match')[0]).toHaveTextContent('DMC dmc-1 · Shade 1');
    expect(forms).toHaveLength(2);
    expect(forms[1]).not.toHaveProperty('brand');
    expect(forms[1]).toMatchObject({ x: forms[0]!.x, y: forms[0]!.y });
  });
});
