// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../test/harness';
import { openEditor as openEditorOn, toolButton } from './editor-screen-test-support';
import { patternOf } from './editor-test-charts';
import { paletteCount, paletteFollows, paletteMarks, paletteRow } from './palette-test-host';

afterEach(() => vi.restoreAllMocks());

// Black 8 stitches (current when the editor opens), Red 6, Delft Blue Dark 4; row 2 is empty.
const PATTERN = patternOf(['00000000', '111111..', '........', '2222....'], ['310', '321', '798']);
const openEditor = () => openEditorOn(PATTERN);

const undoButton = () => screen.getByRole('button', { name: 'Undo' });
const endLineButton = () => screen.queryByRole('button', { name: 'End line' });

describe('the editor with part stitches, backstitch and French knots', () => {
  it('chooses each tool with its letter, which its button names', async () => {
    const { user } = await openEditor();
    const letters = { l: 'Half stitch', q: 'Quarter stitch', t: 'Three-quarter stitch', b: 'Backstitch', k: 'French knot' };
    for (const [letter, name] of Object.entries(letters)) {
      await user.keyboard(letter);
      expect(toolButton(name)).toHaveAttribute('aria-pressed', 'true');
      // The tooltip's first line: the name and the letter.
      expect(toolButton(name).title.split('\n')[0]).toBe(`${name} (${letter.toUpperCase()})`);
    }
    expect(toolButton('Pencil')).toHaveAttribute('aria-pressed', 'false');
  });

  it('puts part stitches and knots where the pointer is; the palette counts them; Undo and Redo take each back and forth', async () => {
    const { user, click } = await openEditor();
    await user.keyboard('l');
    click(0.2, 2.2); // top left of stitch (0, 2)
    await user.keyboard('q');
    click(1.8, 2.8);
    await user.keyboard('t');
    click(2.2, 2.7);
    expect(undoButton()).toHaveAttribute('title', 'Undo Three-quarter stitch (Ctrl+Z)');
    await user.keyboard('k');
    click(4.05, 2.1);
    expect(undoButton()).toHaveAttribute('title', 'Undo French knot (Ctrl+Z)');
    await paletteFollows();
    expect(paletteMarks('310')).toBe('+ 3 part, 1 knot');
    expect(paletteCount('310')).toBe(8);

    click(3.9, 1.95); // the knot again: taken away
    await paletteFollows();
    expect(paletteMarks('310')).toBe('+ 3 part');
    await user.click(undoButton());
    await user.click(undoButton());
    await paletteFollows();
    expect(paletteMarks('310')).toBe('+ 3 part');
    expect(screen.getByRole('button', { name: 'Redo' })).toHaveAttribute('title', 'Redo French knot (Shift+Ctrl+Z)');
    await user.click(undoButton());
    await paletteFollows();
    expect(paletteMarks('310')).toBe('+ 2 part');
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    await paletteFollows();
    expect(paletteMarks('310')).toBe('+ 3 part');
  });

  it('draws a backstitch line click by click with a guide, ends it with Escape, and erases a segment clicked', async () => {
    const { user, click, hover, drag, canvasFake } = await openEditor();
    // Delft Blue Dark loses its full stitches, to be used for backstitch only.
    await user.click(paletteRow('798'));
    await user.keyboard('e');
    drag([0, 3], [3, 3]);
    await paletteFollows();
    expect(paletteCount('798')).toBe(0);
    expect(paletteMarks('798')).toBe('');

    await user.keyboard('b');
    click(0.05, 2); // left edge of row 2
    expect(endLineButton()).toBeInTheDocument();
    canvasFake.clear();
    hover(1.9, 2.1);
    // The next segment is drawn dashed.
    await waitFor(() => expect(canvasFake.callsOf('setLineDash').some(({ args }) => (args[0] as number[]).length > 0)).toBe(true));
    click(2, 2);
    click(2.1, 2.9);
    expect(undoButton()).toHaveAttribute('title', 'Undo Backstitch (Ctrl+Z)');
    await user.keyboard('{Escape}');
    expect(endLineButton()).toBeNull();
    await paletteFollows();
    expect(paletteMarks('798')).toBe('Backstitch only, 3 long');

    click(1, 2.05); // on the first segment, with no line going: erased
    await paletteFollows();
    expect(paletteMarks('798')).toBe('Backstitch only, 1 long');
    expect(undoButton()).toHaveAttribute('title', 'Undo Erase backstitch (Ctrl+Z)');
    expect(endLineButton()).toBeNull();
    await user.click(undoButton());
    await paletteFollows();
    expect(paletteMarks('798')).toBe('Backstitch only, 3 long');
  });

  it('ends the line when another tool is chosen, or with the End line button', async () => {
    const { user, click } = await openEditor();
    await user.keyboard('b');
    click(0, 2);
    await user.keyboard('k');
    expect(endLineButton()).toBeNull();
    await user.keyboard('b');
    click(3, 2); // starts a new line: nothing joins it to the old one
    await paletteFollows();
    expect(paletteMarks('310')).toBe('');
    click(4, 2);
    await user.click(endLineButton()!);
    expect(endLineButton()).toBeNull();
    await paletteFollows();
    expect(paletteMarks('310')).toBe('+ backstitch 1');
  });

  it('shows a hidden layer again when a tool that draws on it is chosen', async () => {
    const { user } = await openEditor();
    const layer = () => within(screen.getByRole('group', { name: 'Stitches shown' })).getByRole('button', { name: 'Backstitch' });
    await user.click(layer());
    expect(layer()).toHaveAttribute('aria-pressed', 'false');
    await user.click(toolButton('Backstitch'));
    expect(layer()).toHaveAttribute('aria-pressed', 'true');
  });
});
