// @vitest-environment jsdom
import { fabricByCount } from '@stitchwise/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LegendEntry } from '../api/schemas';
import { renderScreen } from '../test/harness';
import { Legend, LEGEND_LIMIT } from './Legend';

const entry = (index: number, dmc_code: string, stitch_count: number): LegendEntry => ({
  index,
  hex: '#112233',
  symbol: '■',
  dmc_code,
  dmc_name: `Thread ${dmc_code}`,
  stitch_count,
  rgb: { r: 17, g: 34, b: 51 },
});

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
const skeins = () => screen.getAllByTestId('legend-skeins').map((cell) => cell.textContent);

describe('Legend', () => {
  it('shows each thread with its stitches and the whole skeins to buy on 14-count Aida, and says what that assumes', () => {
    renderScreen(<Legend entries={[entry(0, '310', 7500), entry(1, '321', 2400), entry(2, '3865', 1), entry(3, '939', 0)]} />);
    expect(screen.getByRole('columnheader', { name: 'Skeins' })).toBeInTheDocument();
    const rows = screen.getAllByTestId('legend-row');
    expect(cellsOf(rows[0]!)).toEqual(['■', '', '310', 'Thread 310', '#112233', '7,500', '4']);
    // Just over one skein means two to buy; one stitch still takes a skein; a thread with no stitch (an editor's removed thread) none.
    expect(skeins()).toEqual(['4', '2', '1', '0']);
    expect(screen.getByTestId('skein-footnote')).toHaveTextContent(
      'Skeins: whole DMC skeins (8 m of 6 strands) to buy per thread, estimated for full cross stitches on 14-count Aida with 2 strands and 15 % spare for starts and ends.',
    );
  });

  it('estimates for another fabric when given one: 11-count Aida is stitched with 3 strands', () => {
    renderScreen(<Legend entries={[entry(0, '310', 7500)]} fabric={fabricByCount(11)} />);
    expect(skeins()).toEqual(['7']);
    expect(screen.getByTestId('skein-footnote')).toHaveTextContent('on 11-count Aida with 3 strands');
  });

  it(`shows at most ${LEGEND_LIMIT} threads, each with its skeins, and no footnote without threads`, () => {
    const many = Array.from({ length: LEGEND_LIMIT + 5 }, (_, index) => entry(index, String(100 + index), 1000));
    const { unmount } = renderScreen(<Legend entries={many} />);
    expect(screen.getAllByTestId('legend-row')).toHaveLength(LEGEND_LIMIT);
    expect(skeins()).toHaveLength(LEGEND_LIMIT);
    expect(screen.getByText(`Showing the ${LEGEND_LIMIT} most used of ${LEGEND_LIMIT + 5} threads.`)).toBeInTheDocument();
    unmount();

    renderScreen(<Legend entries={[]} />);
    expect(screen.getByText('No threads yet.')).toBeInTheDocument();
    expect(screen.queryByTestId('skein-footnote')).toBeNull();
  });
});
