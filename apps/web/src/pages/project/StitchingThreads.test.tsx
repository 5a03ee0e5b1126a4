// @vitest-environment jsdom
import { blendOf, findThread, legendEntryOf, namedThread, stitchingStatistics } from '@stitchwise/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/harness';
import { StitchingThreads } from './StitchingThreads';

describe('the thread sheet of Stitching mode', () => {
  it('shows a blend with both its threads in the swatch, its name and 1 + 1 strands', () => {
    const [black, pewter] = [findThread('310')!, findThread('413')!];
    const legend = [legendEntryOf(namedThread(black), 0, '■', 30), legendEntryOf(namedThread(blendOf(black, pewter)), 1, '▲', 12)];
    renderScreen(
      <StitchingThreads
        legend={legend}
        perThread={[
          { done: 3, total: 30 },
          { done: 6, total: 12 },
        ]}
        statistics={stitchingStatistics({ daily: {}, done: 9, total: 42, today: '2026-01-10' })}
        filter={undefined}
        onFilter={() => {}}
      />,
    );
    const [plain, blend] = screen.getAllByTestId('stitching-thread');
    expect(blend).toHaveTextContent(`▲DMC 310 + 413 (1 + 1 strands) ${black.name} + ${pewter.name}50 %6 / 126 left`);
    expect(blend!.querySelector('[data-blend]')).toHaveAttribute('data-blend', `${black.hex} ${pewter.hex}`);
    expect(plain).toHaveTextContent(`■DMC 310 ${black.name}10 %3 / 3027 left`);
    expect(plain!.querySelector('[data-blend]')).toBeNull();
  });

  it('shows today’s count, the pace and the estimated finish above the threads', () => {
    const legend = [legendEntryOf(namedThread(findThread('310')!), 0, '■', 1000)];
    const statistics = stitchingStatistics({ daily: { '2026-01-09': 60, '2026-01-10': 40 }, done: 100, total: 1000, today: '2026-01-10' });
    renderScreen(<StitchingThreads legend={legend} perThread={[{ done: 100, total: 1000 }]} statistics={statistics} filter={undefined} onFilter={() => {}} />);
    expect(screen.getByTestId('stitching-today')).toHaveTextContent(
      '40 stitches marked todayAbout 50 stitches a day over the last 2 daysAt this pace you will finish around 28 January 2026',
    );
    expect(screen.getByTestId('stitching-thread')).toHaveTextContent('900 left');
  });
});
