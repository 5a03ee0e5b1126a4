// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../test/harness';
import { currentThread, openEditor as openEditorOn, toolButton } from './editor-screen-test-support';
import { patternOf } from './editor-test-charts';
import { paletteCount, paletteFollows, paletteRow } from './palette-test-host';

afterEach(() => vi.restoreAllMocks());

// Black 8 stitches (the first thread, current when the editor opens), Red 6, Delft Blue Dark 4.
const PATTERN = patternOf(['00000000', '111111..', '........', '2222....'], ['310', '321', '798']);
const openEditor = () => openEditorOn(PATTERN);

describe('EditorScreen', () => {
  it('draws with the pencil: the palette counts follow, and Undo and Redo take it back and forth', async () => {
    const { user, drag } = await openEditor();
    expect(toolButton('Pencil')).toHaveAttribute('aria-pressed', 'true');
    expect(currentThread()).toHaveTextContent('DMC 310 Black');
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();

    // Down column 7 over Red, no stitch and Blue: 3 new stitches of Black.
    drag([7, 1], [7, 3]);
    await paletteFollows();
    expect(paletteCount('310')).toBe(11);
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveAttribute('title', 'Undo Pencil (Ctrl+Z)');

    drag([0, 1], [2, 1]);
    await paletteFollows();
    expect(paletteCount('310')).toBe(14);
    expect(paletteCount('321')).toBe(3);

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await paletteFollows();
    expect(paletteCount('321')).toBe(6);
    expect(paletteCount('310')).toBe(11);
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    await paletteFollows();
    expect(paletteCount('321')).toBe(3);
  });

  it('switches tools from the keyboard and undoes with Ctrl+Z', async () => {
    const { user, drag } = await openEditor();
    await user.keyboard('e');
    expect(toolButton('Eraser')).toHaveAttribute('aria-pressed', 'true');
    expect(toolButton('Pencil')).toHaveAttribute('aria-pressed', 'false');
    drag([0, 0], [3, 0]);
    await paletteFollows();
    expect(paletteCount('310')).toBe(4);
    await user.keyboard('{Control>}z{/Control}');
    await paletteFollows();
    expect(paletteCount('310')).toBe(8);
    await user.keyboard('f');
    expect(toolButton('Fill')).toHaveAttribute('aria-pressed', 'true');
  });

  it('takes a thread with the eyedropper and goes back to the pencil', async () => {
    const { user, drag } = await openEditor();
    await user.click(toolButton('Eyedropper'));
    drag([1, 3]);
    expect(currentThread()).toHaveTextContent('DMC 798 Delft Blue Dark');
    expect(toolButton('Pencil')).toHaveAttribute('aria-pressed', 'true');
    expect(paletteRow('798')).toHaveAttribute('aria-pressed', 'true');
    drag([0, 2], [1, 2]);
    await paletteFollows();
    expect(paletteCount('798')).toBe(6);
  });

  it('selects a rectangle and erases it, from the button or with Delete', async () => {
    const { user, drag } = await openEditor();
    await user.click(toolButton('Select'));
    drag([2, 1], [0, 0]);
    const selection = screen.getByRole('group', { name: 'Selection' });
    expect(selection).toHaveTextContent('Selection 3 × 2');
    await user.click(within(selection).getByRole('button', { name: 'Erase' }));
    await paletteFollows();
    expect(paletteCount('310')).toBe(5);
    expect(paletteCount('321')).toBe(3);

    drag([0, 3], [1, 3]);
    await user.keyboard('{Delete}');
    await paletteFollows();
    expect(paletteCount('798')).toBe(2);
    await user.keyboard('{Escape}');
    // The bar stays while the Select tool is chosen (the chart does not move as the next selection begins), its buttons off.
    expect(screen.getByRole('group', { name: 'Selection' })).toHaveTextContent('Nothing selected');
    expect(within(screen.getByRole('group', { name: 'Selection' })).getByRole('button', { name: 'Erase' })).toBeDisabled();
  });

  it('says no thread is chosen once the current one is removed, and the pencil asks for one', async () => {
    const { user, drag } = await openEditor();
    await user.click(paletteRow('310'));
    await user.click(screen.getByRole('button', { name: 'Remove thread' }));
    expect(currentThread()).toHaveTextContent('No thread chosen');
    drag([0, 2], [3, 2]);
    expect(await screen.findByText('Choose a thread in the palette first.')).toBeInTheDocument();
    await paletteFollows();
    expect(paletteCount('321') + paletteCount('798')).toBe(18);
  });

  it('asks before the page is left with unsaved changes', async () => {
    const { drag } = await openEditor();
    const leave = () => window.dispatchEvent(new Event('beforeunload', { cancelable: true }));
    expect(leave()).toBe(true);
    drag([0, 2]);
    await waitFor(() => expect(leave()).toBe(false));
  });
});
