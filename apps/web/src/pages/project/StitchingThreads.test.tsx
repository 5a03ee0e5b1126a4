// @vitest-environment jsdom
import { blendOf, findThread, legendEntryOf, namedThread } from '@stitchwise/core';
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
        filter={undefined}
        onFilter={() => {}}
      />,
    );
    const [plain, blend] = screen.getAllByTestId('stitching-thread');
    expect(blend).toHaveTextContent(`▲DMC 310 + 413 (1 + 1 strands) ${black.name} + ${pewter.name}50 %6 / 12`);
    expect(blend!.querySelector('[data-blend]')).toHaveAttribute('data-blend', `${black.hex} ${pewter.hex}`);
    expect(plain).toHaveTextContent(`■DMC 310 ${black.name}10 %3 / 30`);
    expect(plain!.querySelector('[data-blend]')).toBeNull();
  });
});
