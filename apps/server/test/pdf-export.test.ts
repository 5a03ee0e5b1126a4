import { fabricByCount, generatePattern, type Pattern } from '@stitchwise/core';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { PageRangeError, renderPdf, type PdfOptions } from '../src/render/pdf.js';
import { fileIdOf, generatedPlan, problemOf } from './support/chart-calls.js';
import { useTestServer } from './support/harness.js';
import { encodePng } from './support/images.js';
import { pdfPageSizes, pdfPageTexts as pageTexts } from './support/pdf-text.js';

function chart(width: number, height: number, colours: number): Pattern {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const x = i % width;
    const y = Math.floor(i / width);
    data.set([(x * 255) / width, (y * 255) / height, ((x + y) * 7) % 256, 255], i * 4);
  }
  return generatePattern({ width, height, data }, { maxSide: Math.max(width, height), colors: colours, useKmeans: false, mergeThreads: false });
}

const meadow: PdfOptions = { title: 'Meadow', paper: 'a4', variant: 'color', fabric: fabricByCount(14)! };
const A4_PORTRAIT = { width: 595, height: 842 };
const A4_LANDSCAPE = { width: 842, height: 595 };

describe('PDF chart', () => {
  let pattern: Pattern;
  let texts: string[];
  beforeAll(async () => {
    pattern = chart(200, 150, 30);
    texts = await pageTexts(await renderPdf(pattern, meadow));
  }, 60_000);

  it('splits 200 × 150 stitches into 4 × 2 portrait chart pages after the cover and thread list', () => {
    expect(texts).toHaveLength(1 + 1 + 8);
    expect(texts[0]).toContain('Meadow');
    expect(texts[0]).toContain('200 × 150 stitches');
    expect(texts[0]).toMatch(/14-count Aida: 14\.3 × 10\.7 in \(36\.3 × 27\.2 cm\)/);
    expect(texts[1]).toContain('Threads');
  });

  it('cuts even blocks repeating 2 stitches between neighbouring pages, numbered as on the cover’s page map', () => {
    expect(texts[2]).toContain('Meadow — chart page 1 of 8: stitches 1–52 across, 1–76 down');
    expect(texts[3]).toContain('chart page 2 of 8: stitches 51–102 across, 1–76 down');
    expect(texts[5]).toContain('chart page 4 of 8: stitches 150–200 across, 1–76 down');
    expect(texts[6]).toContain('chart page 5 of 8: stitches 1–52 across, 75–150 down');
    expect(texts[0]).toContain('8 chart pages, portrait, at most 52 × 76 stitches each; neighbouring pages repeat 2 rows or columns');
    // Each cell of the map: chart page, PDF page, first stitch across and down.
    expect(texts[0]).toContain('Page 1 p. 3 1, 1');
    expect(texts[0]).toContain('Page 4 p. 6 150, 1');
    expect(texts[0]).toContain('Page 6 p. 8 51, 75');
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
      legend: small.legend.map((entry, index) =>
        index === 0 ? { ...entry, name: `Crème${bad}brûlée`, code: `3${bad}10`, dmc_name: `Crème${bad}brûlée`, dmc_code: `3${bad}10` } : entry,
      ),
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
    expect(texts[2]).toContain(squash(`${shown} — chart page 1 of 1`));
  });

  it('prints only the chosen chart pages, and the page map shows which', async () => {
    const pdf = await renderPdf(pattern, { ...meadow, print: { orientation: 'auto', preset: 'pattern-keeper', pages: '6, 2-3' } });
    const chosen = await pageTexts(pdf);
    expect(chosen).toHaveLength(1 + 1 + 3);
    expect(chosen[2]).toContain('chart page 2 of 8: stitches 51–102 across, 1–76 down');
    expect(chosen[3]).toContain('chart page 3 of 8');
    expect(chosen[4]).toContain('chart page 6 of 8: stitches 51–102 across, 75–150 down');
    expect(chosen[0]).toContain('This PDF holds chart pages 2–3, 6; the others are greyed out.');
    expect(chosen[0]).toContain('Page 1 not printed 1, 1');
    expect(chosen[0]).toContain('Page 2 p. 3 51, 1');
    expect(chosen[0]).toContain('Page 6 p. 5 51, 75');
  });

  it('refuses a range reaching past the last chart page before drawing anything', async () => {
    const beyond = renderPdf(pattern, { ...meadow, print: { orientation: 'auto', preset: 'pattern-keeper', pages: '7-9' } });
    await expect(beyond).rejects.toThrow(`${PageRangeError.MARK}pages must be from 1 to 8: this chart has 8 chart pages`);
  });
});

describe('PDF chart of 100 × 75 stitches', () => {
  let pattern: Pattern;
  beforeAll(() => {
    pattern = chart(100, 75, 8);
  });

  it('fits on 2 portrait chart pages of 51 × 75, not 4 with two of 8 rows as 60 × 70 blocks did', async () => {
    const pdf = await renderPdf(pattern, meadow);
    expect(await pdfPageSizes(pdf)).toEqual(Array(4).fill(A4_PORTRAIT));
    const texts = await pageTexts(pdf);
    expect(texts[2]).toContain('chart page 1 of 2: stitches 1–51 across, 1–75 down');
    expect(texts[3]).toContain('chart page 2 of 2: stitches 50–100 across, 1–75 down');
    const letter = await renderPdf(pattern, { ...meadow, paper: 'letter' });
    expect(await pdfPageSizes(letter)).toEqual(Array(4).fill({ width: 612, height: 792 }));
  });

  it('turns the chart pages to landscape when asked, the cover and thread list staying portrait', async () => {
    const pdf = await renderPdf(pattern, { ...meadow, print: { orientation: 'landscape', preset: 'pattern-keeper', pages: 'all' } });
    expect(await pdfPageSizes(pdf)).toEqual([A4_PORTRAIT, A4_PORTRAIT, ...Array(4).fill(A4_LANDSCAPE)]);
    const texts = await pageTexts(pdf);
    expect(texts[0]).toContain('4 chart pages, landscape, at most 51 × 39 stitches each');
    expect(texts[5]).toContain('chart page 4 of 4: stitches 50–100 across, 38–75 down');
  });

  it('prints large print on landscape pages when they are fewer than portrait ones', async () => {
    const pdf = await renderPdf(pattern, { ...meadow, print: { orientation: 'auto', preset: 'large-print', pages: 'all' } });
    // Portrait would take 3 × 2 pages of at most 40 × 57; landscape takes 2 × 2 of at most 63 × 40.
    expect(await pdfPageSizes(pdf)).toEqual([A4_PORTRAIT, A4_PORTRAIT, ...Array(4).fill(A4_LANDSCAPE)]);
  });
});

describe('PDF print options through the API', () => {
  const { visitor } = useTestServer();
  let patternId: string;
  let document: unknown;

  const storedExport = (query: string): Promise<Response> => visitor.api(`/stitch/patterns/${patternId}/export${query}`);
  const sentExport = (query: string): Promise<Response> => visitor.api(`/stitch/patterns/export${query}`, { method: 'POST', json: document });

  beforeAll(async () => {
    // A 4:3 picture at 100 stitches on the long side: a visitor's 100 × 75 chart.
    const image = encodePng(400, 300, (x, y) => [x < 200 ? 210 : 40, y < 150 ? 70 : 180, (x + y) % 255]);
    const plan = await generatedPlan(visitor, { colors: '6', max_side: '100' }, image, 'meadow.png');
    expect(plan.metadata.grid_size).toEqual({ width: 100, height: 75 });
    patternId = fileIdOf(plan.pattern_url);
    document = await (await fetch(plan.pattern_url)).json();
  }, 60_000);

  it('prints the chart pages as asked, by default on 2 portrait pages', async () => {
    const plain = await storedExport('?format=pdf');
    expect(plain.status).toBe(200);
    expect(await pdfPageSizes(await plain.arrayBuffer())).toEqual(Array(4).fill(A4_PORTRAIT));
    const chosen = await storedExport('?format=pdf&orientation=landscape&stitches_per_page=large-print&pages=2-3');
    expect(chosen.status).toBe(200);
    expect(await pdfPageSizes(await chosen.arrayBuffer())).toEqual([A4_PORTRAIT, A4_PORTRAIT, A4_LANDSCAPE, A4_LANDSCAPE]);
    const sent = await sentExport('?format=pdf&pages=2');
    expect(sent.status).toBe(200);
    expect((await pageTexts(await sent.arrayBuffer()))[2]).toContain('chart page 2 of 2');
  });

  it('answers a page the chart does not have, or a range it cannot read, with 400 naming pages', async () => {
    for (const response of [await storedExport('?format=pdf&pages=2-3'), await sentExport('?format=pdf&pages=3')]) {
      expect(await problemOf(response)).toMatchObject({ status: 400, fields: ['pages'], detail: 'pages must be from 1 to 2: this chart has 2 chart pages.' });
    }
    for (const [query, field] of [
      ['?pages=1-x', 'pages'],
      ['?pages=0', 'pages'],
      ['?pages=3-1', 'pages'],
      ['?orientation=sideways', 'orientation'],
      ['?stitches_per_page=100', 'stitches_per_page'],
    ] as const) {
      expect(await problemOf(await storedExport(`?format=pdf&${query.slice(1)}`)), query).toMatchObject({ status: 400, fields: [field] });
      expect(await problemOf(await sentExport(`?format=pdf&${query.slice(1)}`)), query).toMatchObject({ status: 400, fields: [field] });
    }
  });
});
