import { fabricByCount, generatePattern, type Pattern } from '@stitchwise/core';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { pdfPageTexts as pageTexts } from './support/pdf-text.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { blockStarts, PAGE_OVERLAP, renderPdf } from '../src/render/pdf.js';

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

  it('draws stored names holding control characters, lone surrogates or non-characters without boxes or broken lines', async () => {
    // Names stored before text fields were checked may hold anything a client sent.
    const bad = '\u0000\u0001\u001b\u007f\u0085\ud800\uffff\ufdd0\u{1fffe}';
    const small = chart(30, 20, 4);
    const tainted: Pattern = {
      ...small,
      legend: small.legend.map((entry, index) => (index === 0 ? { ...entry, dmc_name: `Crème${bad}brûlée`, dmc_code: `3${bad}10` } : entry)),
    };
    const title = `Zoë's\u000b\u000cmeadow${bad}\nand\tmore`;
    const pdf = await renderPdf(tainted, { title, paper: 'a4', variant: 'color', fabric: fabricByCount(14)! });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');

    const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false }).promise;
    const info = ((await document.getMetadata()) as { info: { Title?: string } }).info;
    await document.destroy();
    // White-space controls become spaces, the rest U+FFFD (which DejaVu Sans draws).
    const shown = `Zoë's  meadow\uFFFD\uFFFD\uFFFD\uFFFD \uFFFD\uFFFD\uFFFD\uFFFD and more`;
    expect(info.Title).toBe(shown);

    // PDF.js splits runs at spaces, and the pages' text is joined with spaces: compare with spaces squashed.
    const squash = (text: string): string => text.replace(/ +/g, ' ');
    const texts = (await pageTexts(pdf)).map(squash);
    expect(texts).toHaveLength(3);
    // A control character drawn in DejaVu is its empty box, which PDF.js reads back as NUL; a line break would split the title.
    for (const text of texts) expect(text).not.toMatch(/\p{Cc}/u);
    expect(texts[0]).toContain(squash(shown));
    expect(texts[1]).toContain('Crème\uFFFD\uFFFD\uFFFD\uFFFD \uFFFD\uFFFD\uFFFD\uFFFDbrûlée');
    expect(texts[2]).toContain(squash(`${shown} — page 1-1`));
  });
});
