// @vitest-environment jsdom
import { blendOf, findThread, legendEntryOf, namedThread, upgradeLegendEntry } from '@stitchwise/core';
import { fabricByCount, legendUse, type ChartMarks } from '@stitchwise/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LegendEntry } from '../api/schemas';
import { renderScreen } from '../test/harness';
import { Legend, LEGEND_LIMIT } from './Legend';

const entry = (index: number, dmc_code: string, stitch_count: number): LegendEntry =>
  upgradeLegendEntry({ index, hex: '#112233', symbol: '■', dmc_code, dmc_name: `Thread ${dmc_code}`, stitch_count, rgb: { r: 17, g: 34, b: 51 } });

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
const skeins = () => screen.getAllByTestId('legend-skeins').map((cell) => cell.textContent);

describe('Legend', () => {
  it('shows a blend with its codes spaced, both threads in its swatch and its strands, 1 + 1', () => {
    const [black, pewter] = [findThread('310')!, findThread('413')!];
    const blend = legendEntryOf(namedThread(blendOf(black, pewter)), 1, '▲', 120);
    const first = renderScreen(<Legend entries={[entry(0, '310', 7500), blend]} />);
    const row = screen.getAllByTestId('legend-row')[1]!;
    expect(cellsOf(row).slice(0, 6)).toEqual(['▲', '', '310 + 4131 + 1 strands', `${black.name} + ${pewter.name}`, blend.hex.toUpperCase(), '120']);
    expect(row.querySelector('[data-blend]')).toHaveAttribute('data-blend', `${black.hex} ${pewter.hex}`);
    expect(screen.getAllByTestId('legend-row')[0]!.querySelector('[data-blend]')).toBeNull();
    first.unmount();
    // As the PDF counts them: the blend's strand of 310 in 310's own row, none in the blend's, and 413,
    // stitched only in the blend, in a row of its own after the legend.
    const plain = legendEntryOf(namedThread(black), 0, '■', 7500);
    const blendUse = { ...blend, stitch_count: 7500 };
    const { unmount } = renderScreen(<Legend entries={[plain, blendUse]} />);
    // 7,500 stitches × 4.83 × 25.4/14 mm × 1.15 / 48 m = 1.575 skeins a strand: 310 has 2 strands plain and
    // 1 in the blend, 4.72 → 5 (counted apart, 4 + 2 = 6); 413 its one strand, 2.
    expect(skeins()).toEqual(['5', '–', '2']);
    const extra = screen.getByTestId('legend-blend-thread');
    expect(cellsOf(extra).slice(2, 6)).toEqual(['413', pewter.name, pewter.hex.toUpperCase(), 'in blends only']);
    unmount();
  });

  it('shows each thread with its stitches and the whole skeins to buy on 14-count Aida, and says what that assumes', () => {
    renderScreen(<Legend entries={[entry(0, '310', 7500), entry(1, '321', 2400), entry(2, '3865', 1), entry(3, '939', 0)]} />);
    expect(screen.getByRole('columnheader', { name: 'Skeins' })).toBeInTheDocument();
    const rows = screen.getAllByTestId('legend-row');
    expect(cellsOf(rows[0]!)).toEqual(['■', '', '310', 'Thread 310', '#112233', '7,500', '4']);
    // Just over one skein means two to buy; one stitch still takes a skein; a thread with no stitch (an editor's removed thread) none.
    expect(skeins()).toEqual(['4', '2', '1', '0']);
    const footnote = screen.getByTestId('skein-footnote');
    expect(footnote).toHaveTextContent('Skeins: whole DMC skeins (8 m of 6 strands) to buy per thread, estimated on 14-count Aida');
    expect(footnote).toHaveTextContent('a full cross stitch takes 4.83 stitch widths of thread in each of 2 strands');
    expect(footnote).toHaveTextContent('a part stitch its share (half ½, quarter ¼, three-quarter ¾), backstitch twice its length in 1 strand');
    expect(footnote).toHaveTextContent('15 % spare for starts and ends.');
    // No columns for stitches the chart does not have.
    expect(screen.queryByRole('columnheader', { name: 'Backstitch' })).toBeNull();
  });

  it('estimates for another fabric when given one: 11-count Aida is stitched with 3 strands', () => {
    renderScreen(<Legend entries={[entry(0, '310', 7500)]} fabric={fabricByCount(11)} />);
    expect(skeins()).toEqual(['7']);
    expect(screen.getByTestId('skein-footnote')).toHaveTextContent(
      'estimated on 11-count Aida: a full cross stitch takes 4.83 stitch widths of thread in each of 3 strands',
    );
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

  it('lists part stitches, backstitch length and knots per thread, marks a backstitch-only thread, and counts them in the skeins', () => {
    // 310: full and part stitches; 321: 12,000 stitch widths of backstitch only (a little over a skein's worth); 939: three knots only.
    const marks: ChartMarks = {
      parts: [
        { x: 0, y: 0, kind: 'three-quarter-tl', thread: 0 },
        { x: 0, y: 0, kind: 'quarter-br', thread: 0 },
      ],
      backstitches: [
        { x1: 0, y1: 0, x2: 23_980, y2: 0, thread: 1 },
        { x1: 23_980, y1: 0, x2: 23_980, y2: 20, thread: 1 },
      ],
      knots: [0, 2, 4].map((x) => ({ x, y: 0, thread: 2 })),
    };
    const entries = [entry(0, '310', 7500), entry(1, '321', 0), entry(2, '939', 0)];
    renderScreen(<Legend entries={entries} marks={marks} />);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Symbol',
      'Colour',
      'DMC',
      'Name',
      'Hex',
      'Stitches',
      'Part stitches',
      'Backstitch',
      'Knots',
      'Skeins',
    ]);
    const rows = screen.getAllByTestId('legend-row');
    expect(cellsOf(rows[0]!).slice(5)).toEqual(['7,500', '2', '', '', '4']);
    expect(cellsOf(rows[1]!).slice(5)).toEqual(['backstitch only', '', '12,000', '', '2']);
    expect(cellsOf(rows[2]!).slice(5)).toEqual(['0', '', '', '3', '1']);
  });

  it('takes each thread’s use from its entry as well, as the core’s legendUse gives it', () => {
    const pattern = {
      legend: [entry(0, '310', 10), entry(1, '321', 0)],
      marks: { parts: [], backstitches: [{ x1: 0, y1: 0, x2: 2, y2: 0, thread: 1 }], knots: [] },
    };
    renderScreen(<Legend entries={legendUse(pattern)} />);
    const rows = screen.getAllByTestId('legend-row');
    expect(cellsOf(rows[1]!).slice(5)).toEqual(['backstitch only', '', '1', '', '1']);
  });
});
