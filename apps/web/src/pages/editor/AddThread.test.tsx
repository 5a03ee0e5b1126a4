// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/harness';
import { chartOf, chartWithThreads } from './editor-test-charts';
import { paletteCodes, paletteCount, paletteRow, PaletteHost } from './palette-test-host';

const LIMIT_MESSAGE = 'A chart can have at most 50 threads. Remove or merge one first.';

async function openAddThread(initial = chartOf(['0011', '0...'], ['310', '321'])) {
  const user = userEvent.setup();
  renderScreen(<PaletteHost initial={initial} />);
  await user.click(screen.getByText('Add a thread'));
  return user;
}

const search = () => screen.getByRole('searchbox', { name: 'DMC code or name' });
const found = () => within(screen.getByRole('list', { name: 'Catalogue threads' })).getAllByRole('listitem');
const nearest = () => within(screen.getByRole('list', { name: 'Nearest threads' })).getAllByRole('listitem');
/** The ΔE00 each nearest thread shows, as numbers. */
const deltaEs = () => nearest().map((row) => Number(/ΔE (\d+\.\d)/.exec(row.textContent)?.[1]));

describe('Add a thread', () => {
  it('finds a thread by its code and adds it to the palette with a free symbol and no stitches', async () => {
    const user = await openAddThread();
    await user.type(search(), '3865');
    expect(found()[0]).toHaveTextContent('3865Winter White');
    await user.click(within(found()[0]!).getByRole('button', { name: 'Add DMC 3865' }));

    expect(paletteCodes()).toEqual(['310', '321', '3865']);
    expect(paletteCount('3865')).toBe(0);
    // ■ and ▲ are taken by Black and Red.
    expect(paletteRow('3865')).toHaveTextContent(/^●3865Winter White/);
    expect(screen.getByRole('heading', { name: 'Threads (3 of 50)' })).toBeInTheDocument();
    // Now in the chart: no second Add.
    expect(found()[0]).toHaveTextContent('in chart');
    expect(within(found()[0]!).queryByRole('button')).toBeNull();
  });

  it('finds threads by name, at most eight, marking those already in the chart', async () => {
    const user = await openAddThread();
    await user.type(search(), 'coral');
    expect(found().length).toBeGreaterThan(1);
    expect(found().length).toBeLessThanOrEqual(8);
    for (const row of found()) expect(row).toHaveTextContent(/coral/i);
    await user.click(screen.getByRole('button', { name: 'Add DMC 351' }));
    expect(paletteCodes()).toContain('351');
    expect(paletteRow('351')).toHaveTextContent('Coral');

    await user.clear(search());
    await user.type(search(), 'red');
    const red = found().find((row) => row.textContent.startsWith('321'));
    expect(red).toHaveTextContent('in chart');
  });

  it('lists the threads nearest to a chosen colour, nearest first, with their ΔE00', async () => {
    await openAddThread();
    fireEvent.change(screen.getByLabelText('Colour'), { target: { value: '#c83c50' } });
    expect(nearest()).toHaveLength(5);
    const distances = deltaEs();
    expect(distances.every(Number.isFinite)).toBe(true);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    // A colour no thread matches exactly.
    expect(distances[0]).toBeGreaterThan(0);

    // Black itself: DMC 310 at ΔE 0, already in the chart.
    fireEvent.change(screen.getByLabelText('Colour'), { target: { value: '#000000' } });
    expect(nearest()[0]).toHaveTextContent(/^310Black.*ΔE 0\.0in chart$/);
    expect(deltaEs()).toEqual([...deltaEs()].sort((a, b) => a - b));
  });

  it('adds one of the nearest threads', async () => {
    const user = await openAddThread();
    fireEvent.change(screen.getByLabelText('Colour'), { target: { value: '#fff000' } });
    const add = within(nearest()[0]!).getByRole('button', { name: /^Add DMC / });
    const code = add.getAttribute('aria-label')!.slice('Add DMC '.length);
    await user.click(add);
    expect(paletteCodes()).toEqual(['310', '321', code]);
  });

  it('says a chart holds at most 50 threads, and adds no more once it has them', async () => {
    const user = await openAddThread(chartWithThreads(49));
    // Said in 'Add a thread' (and in 'Add a blend').
    const addThread = within(screen.getByText('Add a thread').closest('details')!);
    expect(addThread.queryByText(LIMIT_MESSAGE)).toBeNull();
    await user.type(search(), 'B5200');
    await user.click(screen.getByRole('button', { name: 'Add DMC B5200' }));
    expect(screen.getByRole('heading', { name: 'Threads (50 of 50)' })).toBeInTheDocument();
    expect(addThread.getByText(LIMIT_MESSAGE)).toBeInTheDocument();

    // The 49 first threads of the colour card are reds and pinks: greens are not in the chart.
    await user.clear(search());
    await user.type(search(), 'green');
    const adds = found().flatMap((row) => within(row).queryAllByRole('button'));
    expect(adds.length).toBeGreaterThan(0);
    for (const add of adds) expect(add).toBeDisabled();
    expect(paletteCodes()).toHaveLength(50);
  });
});
