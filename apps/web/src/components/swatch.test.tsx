// @vitest-environment jsdom
import { blendOf, findThread, legendEntryOf, namedThread, type ChartThread } from '@stitchwise/core';
import '@testing-library/jest-dom/vitest';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SymbolSwatch } from './chart/SymbolSwatch';
import { blendColours, blendStrandsText, swatchStyle } from './swatch';
import { ThreadSwatch } from './ThreadSwatch';

const [black, pewter] = [findThread('310')!, findThread('413')!];
const blend = blendOf(black, pewter);
const legendBlend = legendEntryOf(namedThread(blend), 0, '▲', 10);
const legendPlain = legendEntryOf(namedThread(black), 1, '■', 10);
const chartBlend: ChartThread = { ...namedThread(blend), symbol: '▲', removed: false };

describe('blend swatches', () => {
  it('finds a blend’s two colours in a legend entry, a chart thread and a catalogue blend; none for a plain thread', () => {
    for (const thread of [legendBlend, chartBlend, blend]) expect(blendColours(thread)).toEqual([black.hex, pewter.hex]);
    expect(blendColours(legendPlain)).toBeUndefined();
    expect(blendColours(namedThread(black))).toBeUndefined();
  });

  it('says a blend’s strands as its legend lists them, and nothing for a plain thread', () => {
    expect(blendStrandsText(legendBlend)).toBe('1 + 1 strands');
    expect(blendStrandsText(chartBlend)).toBe('1 + 1 strands');
    expect(blendStrandsText({ threads: legendBlend.threads.map((thread) => ({ ...thread, strands: 2 })) })).toBe('2 + 2 strands');
    expect(blendStrandsText(legendPlain)).toBeUndefined();
  });

  it('paints a plain thread in its colour, a blend in its two threads’ colours with the mix between them', () => {
    expect(swatchStyle(black.hex)).toEqual({ backgroundColor: black.hex });
    expect(swatchStyle(blend.hex, [black.hex, pewter.hex])).toEqual({
      backgroundColor: blend.hex,
      backgroundImage: `linear-gradient(135deg, ${black.hex} 0 35%, ${blend.hex} 35% 65%, ${pewter.hex} 65% 100%)`,
    });
  });

  it('marks the swatches of a blend with its two colours, the symbol inked for the mix', () => {
    const { container } = render(
      <>
        <ThreadSwatch hex={blend.hex} blend={blendColours(blend)} />
        <SymbolSwatch hex={blend.hex} blend={blendColours(chartBlend)} symbol="▲" />
        <ThreadSwatch hex={black.hex} />
      </>,
    );
    const [thread, symbol, plain] = Array.from(container.children) as HTMLElement[];
    expect(thread).toHaveAttribute('data-blend', `${black.hex} ${pewter.hex}`);
    expect(symbol).toHaveAttribute('data-blend', `${black.hex} ${pewter.hex}`);
    expect(symbol).toHaveTextContent('▲');
    expect(symbol!.style.color).toBe('rgb(255, 255, 255)'); // white on the dark grey mix
    expect(plain).not.toHaveAttribute('data-blend');
  });
});
