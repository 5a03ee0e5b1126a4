// @vitest-environment jsdom
import { layOutText, letteringInk } from '@stitchwise/core';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../test/harness';
import { openEditor as openEditorOn, toolButton } from './editor-screen-test-support';
import { patternOf } from './editor-test-charts';
import { paletteCount, paletteFollows, paletteMarks } from './palette-test-host';

afterEach(() => vi.restoreAllMocks());

// Black 2 stitches (current when the editor opens) and Red 1 on a 30 × 14 chart with room for a name.
const ROWS = ['00...........................1', ...Array<string>(13).fill('..............................')];
const openEditor = () => openEditorOn(patternOf(ROWS, ['310', '321']));
const stitchesOf = (text: string, alphabet: string) => layOutText(text, alphabet).stitches.reduce((sum, set) => sum + set, 0);
/** Columns from the first stitch of a text in Plain to its last. */
const stitchedWidth = (text: string) => letteringInk(layOutText(text, 'plain-7'))!.width;

async function openTextTool() {
  const opened = await openEditor();
  await opened.user.keyboard('x');
  expect(toolButton('Text')).toHaveAttribute('aria-pressed', 'true');
  const form = await screen.findByRole('form', { name: 'Text' });
  return { ...opened, form, field: within(form).getByRole('textbox', { name: 'Text' }), place: within(form).getByRole('button', { name: 'Place text' }) };
}

describe('the Text tool', () => {
  it('floats the text over the chart without changing it, and places it as one step that Undo and Redo take back and forth', async () => {
    const { user, form, field, place } = await openTextTool();
    expect(place).toBeDisabled();
    await user.type(field, 'Emma');
    expect(within(form).getByRole('status')).toHaveTextContent(/^\d+ × \d+ stitches in DMC 310, from column \d+, row \d+\. Drag on the chart to move it\.$/);
    await paletteFollows();
    expect(paletteCount('310')).toBe(2); // only shown, not stitched yet

    await user.click(place);
    await paletteFollows();
    const placed = 2 + stitchesOf('Emma', 'plain-7');
    expect(paletteCount('310')).toBe(placed);
    expect(field).toHaveValue('');
    const undo = screen.getByRole('button', { name: 'Undo' });
    expect(undo).toHaveAttribute('title', 'Undo Add text (Ctrl+Z)');
    await user.click(undo);
    await paletteFollows();
    expect(paletteCount('310')).toBe(2);
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    await paletteFollows();
    expect(paletteCount('310')).toBe(placed);
  });

  it('stitches backstitch alphabets as lines and knots of the current thread', async () => {
    const { user, form, field, place } = await openTextTool();
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Alphabet' }), 'Backstitch sans, 8 stitches, backstitch');
    await user.type(field, 'ij');
    await user.click(place);
    await paletteFollows();
    expect(paletteMarks('310')).toMatch(/^\+ backstitch [\d.]+, 2 knots$/);
    expect(paletteCount('310')).toBe(2);
  });

  it('says which characters the alphabet lacks, and that text off the chart would be cut', async () => {
    const { user, form, field } = await openTextTool();
    await user.type(field, 'Ω Jo');
    expect(within(form).getByRole('status')).toHaveTextContent(/^The Plain alphabet has no Ω\. Left out\. \d+ × \d+ stitches/);
    for (let step = 0; step < 12; step++) await user.click(within(form).getByRole('button', { name: 'Move text right' }));
    expect(within(form).getByRole('status')).toHaveTextContent('Part of it is off the chart and would be left out: move it, or make the chart bigger to fit.');
    await user.click(within(form).getByRole('button', { name: 'Centre' }));
    expect(within(form).getByRole('status')).toHaveTextContent('Drag on the chart to move it.');
  });

  it('makes the chart bigger to hold the text only when asked, as the same one step of undo', async () => {
    const { user, form, field, place } = await openTextTool();
    await user.type(field, 'Jo');
    for (let step = 0; step < 12; step++) await user.click(within(form).getByRole('button', { name: 'Move text right' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Make the chart bigger to fit' }));
    // Centred on the 30-stitch chart, moved 12 right: its right edge is past the chart's.
    const grown = Math.floor((30 - stitchedWidth('Jo')) / 2) + 12 + stitchedWidth('Jo');
    expect(within(form).getByRole('status')).toHaveTextContent(`The chart will grow to ${grown} × 14 stitches to hold it.`);
    expect(screen.getByRole('application', { name: /^Chart of Roses, 30 × 14 stitches/ })).toBeInTheDocument();
    await user.click(place);
    expect(await screen.findByRole('application', { name: new RegExp(`^Chart of Roses, ${grown} × 14 stitches`) })).toBeInTheDocument();
    await paletteFollows();
    expect(paletteCount('310')).toBe(2 + stitchesOf('Jo', 'plain-7'));
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('application', { name: /^Chart of Roses, 30 × 14 stitches/ })).toBeInTheDocument();
    await paletteFollows();
    expect(paletteCount('310')).toBe(2);
  });

  it('moves the text by dragging on the chart, however fast the pointer goes, and typing in the text field chooses no tool', async () => {
    const { user, form, field, drag } = await openTextTool();
    await user.type(field, 'pet'); // p, e and t choose tools outside the field
    expect(toolButton('Text')).toHaveAttribute('aria-pressed', 'true');
    const status = within(form).getByRole('status');
    const position = () => /from column (\d+), row (\d+)/.exec(status.textContent)!.slice(1).map(Number);
    const [column, row] = position();
    // All moves in one go, before the page renders: the text still ends where the pointer did.
    drag([5, 5], [6, 5], [7, 6], [8, 6], [9, 7]);
    await waitFor(() => expect(position()).toEqual([column! + 4, row! + 2]));
    expect(within(form).getByRole('button', { name: 'Centre' })).toBeEnabled();
    await paletteFollows();
    expect(paletteCount('310')).toBe(2);
  });

  it('hides a selection made before, so Delete cannot erase what is not shown', async () => {
    const { user, drag } = await openEditor();
    await user.keyboard('s');
    drag([0, 0], [5, 0]);
    expect(screen.getByRole('group', { name: 'Selection' })).toBeInTheDocument();
    await user.keyboard('x');
    expect(screen.queryByRole('group', { name: 'Selection' })).not.toBeInTheDocument();
    await user.keyboard('{Delete}');
    await paletteFollows();
    expect(paletteCount('310')).toBe(2);
  });
});
