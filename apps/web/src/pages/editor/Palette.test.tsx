// @vitest-environment jsdom
import {
  addBackstitch,
  CHART_SYMBOLS,
  fabricByCount,
  placeKnot,
  placePart,
  threadNeed,
  threadNeedOfUse,
  type EditableChart,
  type EditResult,
} from '@stitchwise/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/harness';
import { chartOf } from './editor-test-charts';
import { paletteCodes, paletteCount, paletteRow, PaletteHost } from './palette-test-host';

// Black ■ 4 stitches, Red ▲ 3, Delft Blue Dark ● 1.
const ROWS = ['0001', '0112', '....'];
const CODES = ['310', '321', '798'];

function showPalette(rows: readonly string[] = ROWS, codes: readonly string[] = CODES, ...edits: ((chart: EditableChart) => EditResult)[]) {
  const user = userEvent.setup();
  renderScreen(<PaletteHost initial={edits.reduce((chart, edit) => edit(chart).chart, chartOf(rows, codes))} />);
  return user;
}

const actions = () => screen.getByRole('group', { name: /^Actions for/ });

describe('Palette', () => {
  it('lists every thread with its symbol, DMC code, name, stitches and skeins', () => {
    showPalette();
    expect(screen.getByRole('heading', { name: 'Threads (3 of 50)' })).toBeInTheDocument();
    expect(paletteCodes()).toEqual(['310', '321', '798']);
    expect(paletteRow('310')).toHaveTextContent(/^■310Black41 skein$/);
    expect(paletteRow('321')).toHaveTextContent(/^▲321Red31 skein$/);
    expect(paletteRow('798')).toHaveTextContent(/^●798Delft Blue Dark11 skein$/);
  });

  it('says what else a thread stitches (part stitches, backstitch, knots) and counts it in the skeins', () => {
    showPalette(
      ['0..', '...'],
      ['310', '798'],
      (chart) => placePart(chart, 1, 0, 'half-slash', 0),
      (chart) => placePart(chart, 1, 0, 'quarter-tl', 0),
      (chart) => addBackstitch(chart, { x: 0, y: 0 }, { x: 2, y: 2 }, 0),
      (chart) => placeKnot(chart, { x: 4, y: 2 }, 0),
      // Delft Blue Dark: 3 stitch widths of backstitch and nothing else.
      (chart) => addBackstitch(chart, { x: 0, y: 4 }, { x: 6, y: 4 }, 1),
    );
    expect(paletteRow('310')).toHaveTextContent(/^■310Black\+ 2 part, backstitch 1.4, 1 knot11 skein$/);
    expect(within(paletteRow('310')).getByTestId('palette-marks')).toHaveAttribute(
      'title',
      'Also 2 part stitches, backstitch 1.4 stitch widths long, 1 French knot',
    );
    // A thread with no full stitch still needs a skein for its backstitch.
    expect(paletteRow('798')).toHaveTextContent(/^▲798Delft Blue DarkBackstitch only, 3 long01 skein$/);
  });

  it('counts knots in the skeins to buy', () => {
    const fabric = fabricByCount(14)!;
    // 1,000 knots need more than the one skein of a single stitch.
    const skeins = threadNeedOfUse({ stitch_count: 1, knots: 1000 }, fabric).skeinsToBuy;
    expect(skeins).toBeGreaterThan(1);
    const chart = chartOf(['0' + '.'.repeat(99), '.'.repeat(100), '.'.repeat(100)], ['310']);
    const knots = Array.from({ length: 1000 }, (_, k) => ({ x: k % 200, y: Math.floor(k / 200), thread: 0 }));
    renderScreen(<PaletteHost initial={{ ...chart, marks: { parts: [], backstitches: [], knots } }} />);
    expect(paletteRow('310')).toHaveTextContent(`+ 1,000 knots1${skeins} skeins`);
  });

  it('shows large counts with thousands separators and the skeins for 14-count fabric', () => {
    const skeins = threadNeed(10_000, fabricByCount(14)!).skeinsToBuy;
    expect(skeins).toBeGreaterThan(1);
    showPalette(
      Array.from({ length: 100 }, () => '0'.repeat(100)),
      ['310'],
    );
    expect(paletteRow('310')).toHaveTextContent(`10,000${skeins} skeins`);
  });

  it('marks the chosen thread as current and shows its actions', async () => {
    const user = showPalette();
    expect(screen.queryByRole('group', { name: /^Actions for/ })).toBeNull();
    await user.click(paletteRow('321'));
    expect(paletteRow('321')).toHaveAttribute('aria-pressed', 'true');
    expect(paletteRow('310')).toHaveAttribute('aria-pressed', 'false');
    expect(actions()).toHaveAccessibleName('Actions for DMC 321 Red');
    await user.click(paletteRow('798'));
    expect(paletteRow('321')).toHaveAttribute('aria-pressed', 'false');
    expect(paletteRow('798')).toHaveAttribute('aria-pressed', 'true');
  });

  it('highlights the current thread, and shows all threads again', async () => {
    const user = showPalette();
    await user.click(paletteRow('321'));
    await user.click(within(actions()).getByRole('button', { name: 'Highlight' }));
    expect(within(actions()).getByRole('button', { name: 'Show all threads' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(actions()).getByRole('button', { name: 'Show all threads' }));
    expect(within(actions()).getByRole('button', { name: 'Highlight' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('replaces a thread with another everywhere; both stay in the palette', async () => {
    const user = showPalette();
    await user.click(paletteRow('321'));
    await user.selectOptions(within(actions()).getByRole('combobox', { name: 'Other thread' }), 'DMC 798 Delft Blue Dark');
    await user.click(within(actions()).getByRole('button', { name: 'Replace with' }));
    expect(paletteCount('321')).toBe(0);
    expect(paletteCount('798')).toBe(4);
    expect(paletteCount('310')).toBe(4);
    expect(paletteCodes()).toEqual(['310', '321', '798']);
  });

  it('merges a thread into another: its stitches move and it leaves the palette', async () => {
    const user = showPalette();
    await user.click(paletteRow('321'));
    const other = within(actions()).getByRole('combobox', { name: 'Other thread' });
    expect(
      within(other)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['DMC 310 Black', 'DMC 798 Delft Blue Dark']);
    await user.click(within(actions()).getByRole('button', { name: 'Merge into' }));
    expect(paletteCodes()).toEqual(['310', '798']);
    expect(paletteCount('310')).toBe(7);
    expect(screen.getByRole('heading', { name: 'Threads (2 of 50)' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /^Actions for/ })).toBeNull();
  });

  it('removes a thread, its stitches going to a remaining thread, until one is left', async () => {
    const user = showPalette();
    await user.click(paletteRow('798'));
    await user.click(within(actions()).getByRole('button', { name: 'Remove thread' }));
    expect(paletteCodes()).toEqual(['310', '321']);
    expect(paletteCount('310') + paletteCount('321')).toBe(8);
    await user.click(paletteRow('321'));
    await user.click(within(actions()).getByRole('button', { name: 'Remove thread' }));
    expect(paletteCodes()).toEqual(['310']);
    expect(paletteCount('310')).toBe(8);
    await user.click(paletteRow('310'));
    expect(within(actions()).getByRole('button', { name: 'Remove thread' })).toBeDisabled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers only the symbols no other thread uses, and changes the symbol', async () => {
    const user = showPalette();
    await user.click(paletteRow('321'));
    const symbol = () => within(actions()).getByRole('combobox', { name: 'Symbol' });
    const offered = () =>
      within(symbol())
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(symbol()).toHaveValue('▲');
    expect(offered()).toHaveLength(CHART_SYMBOLS.length - 2);
    expect(offered()).toContain('▲');
    expect(offered()).not.toContain('■');
    expect(offered()).not.toContain('●');

    await user.selectOptions(symbol(), '★');
    expect(paletteRow('321')).toHaveTextContent(/^★321/);
    expect(symbol()).toHaveValue('★');

    // Black may now take ▲, which Red gave up, but not ★.
    await user.click(paletteRow('310'));
    expect(offered()).toContain('▲');
    expect(offered()).not.toContain('★');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
