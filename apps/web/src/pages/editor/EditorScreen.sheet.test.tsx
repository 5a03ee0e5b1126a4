// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../../test/harness';
import { currentThread, openEditor as openEditorOn } from './editor-screen-test-support';
import { patternOf } from './editor-test-charts';
import { paletteCount, paletteFollows } from './palette-test-host';
import { BELOW_LG } from '../../lib/use-media-query';

// Black 8 stitches (the first thread, current when the editor opens), Red 6, Delft Blue Dark 4.
const PATTERN = patternOf(['00000000', '111111..', '........', '2222....'], ['310', '321', '798']);

/** The window's width as media queries see it: narrower than Tailwind's lg (64rem) or not, changeable while open. */
let narrow = true;
const listeners = new Set<() => void>();
function resizeTo(isNarrow: boolean) {
  narrow = isNarrow;
  act(() => listeners.forEach((listener) => listener()));
}
beforeEach(() => {
  narrow = true;
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      get matches() {
        return query === BELOW_LG && narrow;
      },
      media: query,
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    }),
  });
});
afterEach(() => {
  delete (window as { matchMedia?: unknown }).matchMedia;
  listeners.clear();
});

const sheet = () => screen.queryByRole('dialog', { name: /^Threads/ });
const openSheet = async (user: Awaited<ReturnType<typeof openEditorOn>>['user']) => {
  await user.click(currentThread());
  return screen.getByRole('dialog', { name: /^Threads/ });
};

describe('the editor on a narrow screen', () => {
  it('shows the current thread in the tool bar as the button that opens the palette as a modal sheet', async () => {
    const { user } = await openEditorOn(PATTERN);
    expect(screen.queryByRole('region', { name: /^Threads/ })).toBeNull();
    expect(currentThread()).toHaveTextContent('DMC 310 Black');
    expect(currentThread()).toHaveAccessibleName('Threads, current: DMC 310 Black');
    expect(currentThread()).toHaveAttribute('aria-expanded', 'false');

    const opened = await openSheet(user);
    expect(opened).toHaveAttribute('aria-modal', 'true');
    expect(currentThread()).toHaveAttribute('aria-expanded', 'true');
    expect(within(opened).getByRole('button', { name: 'Close threads' })).toHaveFocus();
    // Keys pressed in it are not the editor's shortcuts: E does not choose the eraser.
    await user.keyboard('e');
    expect(within(screen.getByRole('toolbar', { name: 'Tools' })).getByRole('button', { name: 'Pencil' })).toHaveAttribute('aria-pressed', 'true');

    await user.keyboard('{Escape}');
    expect(sheet()).toBeNull();
    expect(currentThread()).toHaveFocus();
  });

  it('closes the sheet when a thread is chosen in it, which becomes the current thread the pencil draws with', async () => {
    const { user, drag } = await openEditorOn(PATTERN);
    const opened = await openSheet(user);
    await user.click(
      within(opened)
        .getAllByTestId('palette-thread')
        .find((row) => row.dataset.code === '798')!,
    );
    expect(sheet()).toBeNull();
    expect(currentThread()).toHaveTextContent('DMC 798 Delft Blue Dark');
    expect(currentThread()).toHaveFocus();

    drag([0, 2], [1, 2]);
    await paletteFollows();
    await openSheet(user);
    expect(paletteCount('798')).toBe(6);
  });

  it('closes the sheet from its close button or a tap beside it, and keeps it open for the thread actions', async () => {
    const { user } = await openEditorOn(PATTERN);
    await user.click(within(await openSheet(user)).getByRole('button', { name: 'Close threads' }));
    expect(sheet()).toBeNull();

    await openSheet(user);
    await user.click(screen.getByRole('button', { name: 'Highlight' }));
    expect(sheet()).not.toBeNull();
    fireEvent.click(screen.getByTestId('sheet-backdrop'));
    expect(sheet()).toBeNull();
  });

  it('puts the palette beside the chart when the window widens, and the sheet away', async () => {
    const { user } = await openEditorOn(PATTERN);
    await openSheet(user);
    resizeTo(false);
    expect(sheet()).toBeNull();
    expect(screen.getByRole('region', { name: /^Threads/ })).toBeInTheDocument();
    // Where the palette is in sight, the current thread is only shown.
    expect(currentThread().tagName).not.toBe('BUTTON');
    expect(currentThread()).toHaveTextContent('DMC 310 Black');
  });
});
