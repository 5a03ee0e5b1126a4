import { fabricByCount, generatePattern, type Pattern } from '@stitchwise/core';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { blockStarts, PAGE_OVERLAP, renderPdf } from '../src/render/pdf.js';

/** Text of every page, read back with PDF.js as a tracking app would read it. */
async function pageTexts(pdf: Buffer): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false }).promise;
  const texts: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return texts;
}

function chart(width: number, height: number, colours: number): Pattern {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const x = i % width;
    const y = Math.floor(i / width);
    data.set([(x * 255) / width, (y * 255) / height, ((x + y) * 7) % 256, 255], i * 4);
  }
  return generatePattern({ width, height, data }, { maxSide: Math.max(width, height), colors: colours, useKmeans: false, mergeThreads: false });
}

describe('PDF chart', () => {
  let pattern: Pattern;
  let texts: string[];
  beforeAll(async () => {
    pattern = chart(200, 150, 30);
    texts = await pageTexts(await renderPdf(pattern, { title: 'Meadow', paper: 'a4', variant: 'color', fabric: fabricByCount(14)! }));
  }, 60_000);

  it('splits 200 × 150 stitches into 4 × 3 chart pages after the cover and thread list', () => {
    expect(blockStarts(200, 60)).toEqual([0, 57, 114, 171]);
    expect(blockStarts(150, 70)).toEqual([0, 67, 134]);
    expect(texts).toHaveLength(1 + 1 + 12);
    expect(texts[0]).toContain('Meadow');
    expect(texts[0]).toContain('200 × 150 stitches');
    expect(texts[0]).toMatch(/14-count Aida: 14\.3 × 10\.7 in \(36\.3 × 27\.2 cm\)/);
    expect(texts[1]).toContain('Threads');
  });

  it('repeats 3 stitches between neighbouring pages', () => {
    expect(PAGE_OVERLAP).toBe(3);
    expect(texts[2]).toContain('page 1-1: stitches 1–60 across, 1–70 down');
    expect(texts[3]).toContain('page 1-2: stitches 58–117 across, 1–70 down');
    expect(texts[5]).toContain('page 1-4: stitches 172–200 across, 1–70 down');
    expect(texts[6]).toContain('page 2-1: stitches 1–60 across, 68–137 down');
  });

  it('carries every legend symbol as text, in the thread list and on the chart pages', () => {
    const chartText = texts.slice(2).join(' ');
    for (const entry of pattern.legend) {
      expect(texts[1], `symbol of ${entry.dmc_code} in the thread list`).toContain(entry.symbol);
      expect(texts[1]).toContain(entry.dmc_name);
      expect(chartText, `symbol of ${entry.dmc_code} on the chart`).toContain(entry.symbol);
    }
  });

  it('makes a black-and-white variant on Letter paper', async () => {
    const small = chart(40, 30, 6);
    const bw = await pageTexts(await renderPdf(small, { title: 'Small', paper: 'letter', variant: 'bw', fabric: fabricByCount(18)! }));
    expect(bw).toHaveLength(3);
    expect(bw[0]).toContain('black-and-white');
  });
});
