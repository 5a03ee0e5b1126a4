// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../test/harness';
import { openEditor, toolButton } from './editor-screen-test-support';
import { patternOf } from './editor-test-charts';
import { paletteCount, paletteFollows } from './palette-test-host';

// Black 7 stitches (the most, so the current thread when the editor opens), Red 6, on a chart 8 × 7.
const PATTERN = patternOf(['0000000.', '111111..', '........', '........', '........', '........', '........'], ['310', '321']);

describe('EditorScreen: mirror drawing, the magic wand and turning', () => {
  it('draws the mirror images of a stroke with four-way mirror drawing, as one undo step', async () => {
    const { user, drag } = await openEditor(PATTERN);
    const mirror = screen.getByRole('group', { name: 'Mirror' });
    await user.click(within(mirror).getByRole('button', { name: 'Four-way' }));
    expect(within(mirror).getByRole('button', { name: 'Four-way' })).toHaveAttribute('aria-pressed', 'true');
    // Two stitches on row 5 of 7; their images at columns 6–7 of row 5, and on row 1 (over two Red) at both ends.
    drag([0, 5], [1, 5]);
    await paletteFollows();
    expect(paletteCount('310')).toBe(7 + 4 * 2);
    expect(paletteCount('321')).toBe(4);
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveAttribute('title', 'Undo Pencil (Ctrl+Z)');
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await paletteFollows();
    expect(paletteCount('310')).toBe(7);
    expect(paletteCount('321')).toBe(6);
  });

  it('places the axes where the chart is tapped, and draws mirrored about them', async () => {
    const { user, drag } = await openEditor(PATTERN);
    await user.click(within(screen.getByRole('group', { name: 'Mirror' })).getByRole('button', { name: 'Left | right' }));
    await user.click(screen.getByRole('button', { name: 'Place axes' }));
    drag([2, 2]); // the axis through the middle of column 2, the nearest lattice point to the tap
    expect(screen.getByRole('button', { name: 'Centre axes' })).toBeEnabled();
    drag([0, 2]); // its image is column 4
    await paletteFollows();
    expect(paletteCount('310')).toBe(9);
  });

  it('selects the touching stitches of a thread with the magic wand, turns them, and erases them', async () => {
    const { user, drag } = await openEditor(PATTERN);
    await user.click(toolButton('Magic wand'));
    drag([1, 0]);
    const bar = () => screen.getByRole('group', { name: 'Selection' });
    expect(bar()).toHaveTextContent('7 × 1');
    // A quarter turn about its middle stands the row up in column 3 (moved down into the chart), over one Red stitch.
    await user.click(within(bar()).getByRole('button', { name: 'Rotate ↻' }));
    expect(bar()).toHaveTextContent('1 × 7');
    await paletteFollows();
    expect(paletteCount('321')).toBe(5);
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveAttribute('title', 'Undo Rotate 90° clockwise (Ctrl+Z)');
    await user.click(within(bar()).getByRole('button', { name: 'Erase' }));
    await paletteFollows();
    expect(paletteCount('310')).toBe(0);
  });

  it('turns the whole chart a quarter, swapping its size, as one undo step', async () => {
    const { user } = await openEditor(PATTERN);
    await user.click(screen.getByText('Turn or flip the whole chart'));
    await user.click(screen.getByRole('button', { name: 'Rotate chart ↻' }));
    expect(screen.getByRole('application', { name: /7 × 8 stitches/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getByRole('application', { name: /8 × 7 stitches/ })).toBeInTheDocument();
  });
});

describe('EditorScreen: the selection and undo', () => {
  it('lets go of the selection when a turn is undone, so Erase cannot take the stitches it no longer stands for', async () => {
    const { user, drag } = await openEditor(PATTERN);
    await user.click(toolButton('Magic wand'));
    drag([1, 0]);
    const bar = () => screen.queryByRole('group', { name: 'Selection' });
    await user.click(within(bar()!).getByRole('button', { name: 'Rotate ↻' }));
    expect(bar()).toHaveTextContent('1 × 7');
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    // The Black row is back; a selection left standing up in column 3 would cover one Black and one Red stitch.
    expect(bar()).toHaveTextContent('Nothing selected');
    await user.keyboard('{Delete}');
    await paletteFollows();
    expect([paletteCount('310'), paletteCount('321')]).toEqual([7, 6]);
    // Redo too: the selection is made again for what is there.
    drag([1, 0]);
    await user.click(within(bar()!).getByRole('button', { name: 'Rotate ↻' }));
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    drag([1, 0]);
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(bar()).toHaveTextContent('Nothing selected');
  });
});

describe('EditorScreen: placed mirror axes and chart turns', () => {
  it('puts placed axes back through the centre when the chart is turned, so mirror drawing still draws images', async () => {
    const { user, drag } = await openEditor(PATTERN);
    await user.click(within(screen.getByRole('group', { name: 'Mirror' })).getByRole('button', { name: 'Left | right' }));
    await user.click(screen.getByRole('button', { name: 'Place axes' }));
    drag([6, 2]); // the axis through the middle of column 6 of 8
    await user.click(screen.getByText('Turn or flip the whole chart'));
    await user.click(screen.getByRole('button', { name: 'Rotate chart ↻' }));
    // The chart is 7 wide now: about an axis still at 6.5 stitches, a stitch in column 5 had its image off the chart.
    expect(screen.getByRole('button', { name: 'Centre axes' })).toBeDisabled();
    drag([5, 6]); // its image about the centre (3.5) is column 1
    await paletteFollows();
    expect(paletteCount('310')).toBe(9);
  });

  it('draws about the centre while a placed point lies off the chart (an undone turn made it smaller)', async () => {
    const { user, drag } = await openEditor(PATTERN);
    await user.click(screen.getByText('Turn or flip the whole chart'));
    await user.click(screen.getByRole('button', { name: 'Rotate chart ↻' })); // 7 × 8
    await user.click(within(screen.getByRole('group', { name: 'Mirror' })).getByRole('button', { name: 'Top | bottom' }));
    await user.click(screen.getByRole('button', { name: 'Place axes' }));
    drag([3, 7]); // the axis through the middle of row 7 of 8
    await user.click(screen.getByRole('button', { name: 'Undo' })); // 8 × 7 again: row 7 is off the chart
    drag([7, 6]); // its image about the centre (3.5) is row 0, where column 7 is empty
    await paletteFollows();
    expect(paletteCount('310')).toBe(9);
  });
});
