// @vitest-environment jsdom
import { blendOf, findThread, type EditableChart } from '@stitchwise/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/harness';
import { chartOf, chartWithThreads } from './editor-test-charts';
import { paletteCodes, paletteCount, paletteRow, PaletteHost } from './palette-test-host';

async function openAddBlend(initial: EditableChart = chartOf(['0011', '0...'], ['310', '321'])) {
  const user = userEvent.setup();
  renderScreen(<PaletteHost initial={initial} />);
  await user.click(screen.getByText('Add a blend'));
  return user;
}

const picker = (label: 'First thread' | 'Second thread') => ({
  search: () => screen.getByRole('searchbox', { name: `${label}: DMC code or name` }),
  choices: (kind: 'chart' | 'catalogue') => within(screen.getByRole('list', { name: `${label}: ${kind} threads` })).getAllByRole('button'),
});
const [first, second] = [picker('First thread'), picker('Second thread')];
const blendPreview = () => screen.getByTestId('blend-preview');

describe('Add a blend', () => {
  it('blends a chart thread with one found in the catalogue, shows the mix, and adds it with its own symbol', async () => {
    const user = await openAddBlend();
    // Empty searches offer the chart's own threads.
    expect(first.choices('chart').map((button) => button.getAttribute('aria-label'))).toEqual(['DMC 310 Black', 'DMC 321 Red']);
    await user.click(first.choices('chart')[0]!);
    expect(screen.getByRole('group', { name: 'First thread' })).toHaveTextContent(/DMC 310\s*Black/);
    await user.type(second.search(), '413');
    await user.click(second.choices('catalogue')[0]!);

    const mix = blendOf(findThread('310')!, findThread('413')!);
    expect(blendPreview()).toHaveTextContent(`DMC 310 + 413Mix ${mix.hex.toUpperCase()}, 1 + 1 strands`);
    expect(blendPreview().querySelector('[data-blend]')).toHaveAttribute('data-blend', `${findThread('310')!.hex} ${findThread('413')!.hex}`);
    await user.click(screen.getByRole('button', { name: 'Add blend DMC 310 + 413' }));

    expect(paletteCodes()).toEqual(['310', '321', '310+413']);
    expect(paletteCount('310+413')).toBe(0);
    // ■ and ▲ are Black's and Red's; the blend gets a symbol of its own, and shows both its threads.
    expect(paletteRow('310+413')).toHaveTextContent(/^[^■▲]310 \+ 413Black \+ Pewter Gray Dark0/);
    expect(paletteRow('310+413').querySelector('[data-blend]')).toHaveAttribute('data-blend', `${findThread('310')!.hex} ${findThread('413')!.hex}`);
    expect(screen.getByRole('heading', { name: 'Threads (3 of 50)' })).toBeInTheDocument();
    // The picks are cleared for the next blend.
    expect(first.search()).toHaveValue('');
    expect(screen.queryByTestId('blend-preview')).toBeNull();
  });

  it('says a blend is two different threads, and one already in the chart is not added again', async () => {
    const user = await openAddBlend(chartOf(['012'], ['310', '413', '310+413']));
    await user.click(first.choices('chart')[0]!);
    await user.click(second.choices('chart')[0]!);
    expect(screen.getByText('A blend is two different threads: choose another second thread.')).toBeInTheDocument();
    expect(screen.queryByTestId('blend-preview')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Change the second thread' }));
    // The chart's blend is not offered as a thread to blend.
    expect(second.choices('chart').map((button) => button.getAttribute('aria-label'))).toEqual(['DMC 310 Black', 'DMC 413 Pewter Gray Dark']);
    await user.click(second.choices('chart')[1]!);
    expect(blendPreview()).toHaveTextContent('This blend is already in the chart.');
    expect(screen.queryByRole('button', { name: /^Add blend/ })).toBeNull();
  });

  it('warns when the two threads are too far apart to read as one colour', async () => {
    const user = await openAddBlend();
    await user.click(first.choices('chart')[0]!);
    await user.type(second.search(), 'B5200');
    await user.click(second.choices('catalogue')[0]!);
    expect(blendPreview()).toHaveTextContent(/These threads are far apart \(ΔE \d+\): the stitch may read as two colours/);
    expect(screen.getByRole('button', { name: 'Add blend DMC 310 + B5200' })).toBeEnabled();
  });

  it('cannot add a 51st colour', async () => {
    const user = await openAddBlend(chartWithThreads(50));
    expect(screen.getAllByText('A chart can have at most 50 threads. Remove or merge one first.')).toHaveLength(2);
    await user.click(first.choices('chart')[0]!);
    await user.click(second.choices('chart')[1]!);
    expect(screen.getByRole('button', { name: /^Add blend/ })).toBeDisabled();
  });
});

describe('replace and merge with blends', () => {
  const actions = () => screen.getByRole('group', { name: /^Actions for/ });

  it('a blend is chosen like a thread, says its strands, and merges into a thread', async () => {
    const user = userEvent.setup();
    renderScreen(<PaletteHost initial={chartOf(['0122', '1...'], ['310', '321', '310+413'])} />);
    // Its skeins are its threads', as the legend and the PDF count them: 310's with its strand in the blend.
    expect(paletteRow('310+413')).toHaveTextContent(/^.310 \+ 413Black \+ Pewter Gray Dark2–$/);
    expect(within(paletteRow('310')).getByTestId('palette-skeins')).toHaveTextContent('1 skein');
    await user.click(paletteRow('310+413'));
    expect(actions()).toHaveTextContent(/^DMC 310 \+ 413 Black \+ Pewter Gray Dark1 \+ 1 strands2 full stitches, skeins in its threads: 310 1, 413 1/);
    await user.selectOptions(within(actions()).getByRole('combobox', { name: 'Other thread' }), 'DMC 310 Black');
    await user.click(within(actions()).getByRole('button', { name: 'Merge into' }));
    expect(paletteCodes()).toEqual(['310', '321']);
    expect(paletteCount('310')).toBe(3);
  });

  it('a thread is replaced with a blend', async () => {
    const user = userEvent.setup();
    renderScreen(<PaletteHost initial={chartOf(['0122', '1...'], ['310', '321', '310+413'])} />);
    await user.click(paletteRow('321'));
    await user.selectOptions(within(actions()).getByRole('combobox', { name: 'Other thread' }), 'DMC 310 + 413 Black + Pewter Gray Dark');
    await user.click(within(actions()).getByRole('button', { name: 'Replace with' }));
    expect(paletteCount('321')).toBe(0);
    expect(paletteCount('310+413')).toBe(4);
  });
});
