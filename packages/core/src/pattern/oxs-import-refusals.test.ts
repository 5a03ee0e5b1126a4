import { describe, expect, it } from 'vitest';
import { DMC_THREADS } from '../threads/catalogue.js';
import { toOxs } from './oxs.js';
import { chart, item, patternOf, refusal, refusalOf, stitch } from './oxs-import-testing.js';
import { ChartImportError, MAX_OXS_PALETTE_ITEMS, OxsChartReader, readOxsChart, type ChartImportProblem } from './oxs-read.js';

describe('OXS import: refusals', () => {
  const problemOf = (xml: string): ChartImportProblem => refusal(xml).problem;

  it('refuses a DOCTYPE before anything in it is used: billion laughs, external entities', () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('')}]><chart a="&lol9;"/>`;
    const external = '<?xml version="1.0"?><!DOCTYPE chart [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><chart><properties charttitle="&xxe;"/></chart>';
    const publicDtd = '<!DOCTYPE chart SYSTEM "http://example.com/oxs.dtd"><chart/>';
    for (const xml of [laughs, external, publicDtd]) {
      const error = refusal(xml);
      expect(error.problem).toBe('doctype');
      expect(error.message).toMatch(/document type/);
    }
    // Refused as soon as the declaration is read, while the rest of the file is still to come.
    const reader = new OxsChartReader();
    expect(() => {
      reader.write('<!DOCTYPE chart [<!ENTITY a "b">]>');
    }).toThrow(ChartImportError);
  });

  it('refuses entities the file does not define and broken character references', () => {
    for (const xml of [chart({ properties: 'charttitle="&xxe;"' }), chart({ properties: 'charttitle="&#x110000;"' })]) {
      const error = refusal(xml);
      expect(error.problem).toBe('not_xml');
      expect(error.message).toMatch(/entity or character reference .*\(line 2, column \d+\)/);
    }
  });

  it('refuses grids over 500 × 500, of zero size, or without a size or stitches', () => {
    for (const properties of [
      'chartwidth="501" chartheight="10"',
      'chartwidth="10" chartheight="501"',
      'chartwidth="0" chartheight="5"',
      'chartwidth="-3" chartheight="5"',
      'chartwidth="abc" chartheight="5"',
    ]) {
      expect(problemOf(chart({ properties })), properties).toBe('size');
    }
    expect(refusal(chart({ properties: 'chartwidth="501" chartheight="10"' })).message).toBe(
      'The chart is 501 × 10 stitches; at most 500 × 500 can be imported.',
    );
    expect(refusal('<chart><properties/></chart>').message).toMatch(/no size/);
    // Refused at the properties, before the stitches are read.
    expect(() => {
      new OxsChartReader().write('<chart><properties chartwidth="100000" chartheight="100000"/>');
    }).toThrow(/at most 500 × 500/);
  });

  it('refuses stitches outside the grid or between cells, and palette indices that do not exist', () => {
    const palette = item(1, 'DMC 310', '000000');
    expect(refusal(chart({ palette, stitches: stitch(3, 0, 1) })).message).toBe(
      'A stitch at x=3, y=0 is outside the chart, which is 3 × 2 stitches (x from 0 to 2, y from 0 to 1).',
    );
    expect(problemOf(chart({ palette, stitches: stitch(0, -1, 1) }))).toBe('stitch');
    expect(problemOf(chart({ palette, stitches: stitch('1.5', 0, 1) }))).toBe('stitch');
    expect(problemOf(`<chart><palette>${palette}</palette><fullstitches>${stitch(500, 0, 1)}</fullstitches></chart>`)).toBe('stitch');
    expect(refusal(chart({ palette, stitches: stitch(0, 0, 7) })).message).toBe('A stitch at x=0, y=0 uses palette index 7, which the palette does not have.');
    // Also when the palette comes after the stitches.
    expect(
      problemOf(`<chart><properties chartwidth="2" chartheight="2"/><fullstitches>${stitch(0, 0, 7)}</fullstitches><palette>${palette}</palette></chart>`),
    ).toBe('palette');
    expect(problemOf(chart({ palette: palette + palette }))).toBe('palette');
    expect(problemOf(chart({ palette: item(1, 'Coats 403', 'nil'), stitches: stitch(0, 0, 1) }))).toBe('palette');
  });

  it('refuses more than 50 threads, but not 50 threads from more colours', () => {
    const codes = DMC_THREADS.slice(0, 51).map((thread) => thread.code);
    const fiftyOne = chart({
      properties: 'chartwidth="51" chartheight="1"',
      palette: codes.map((code, i) => item(i + 1, `DMC ${code}`, '808080')).join(''),
      stitches: codes.map((_, i) => stitch(i, 0, i + 1)).join(''),
    });
    expect(refusal(fiftyOne).problem).toBe('threads');
    expect(refusal(fiftyOne).message).toMatch(/51 threads .* at most 50/);
    // The 51st colour is an unknown maker's black, which becomes DMC 310 here too.
    const merged = fiftyOne
      .replace(`number="DMC ${codes[50]!}" color="808080"`, 'number="Coats 8403" color="000000"')
      .replace(`number="DMC ${codes[0]!}"`, 'number="DMC 310"');
    expect(readOxsChart(merged).pattern.legend).toHaveLength(50);
  });

  it('refuses oversized palettes and more stitch entries than a chart can hold', () => {
    const palette = Array.from({ length: MAX_OXS_PALETTE_ITEMS + 1 }, (_, i) => item(i + 1, 'DMC 310', '000000')).join('');
    expect(problemOf(chart({ palette }))).toBe('palette');
    const small = { maxSide: 10, maxThreads: 5 };
    const stitches = Array.from({ length: 401 }, (_, i) => stitch(i % 10, Math.floor(i / 10) % 10, 1)).join('');
    const error = refusalOf(() =>
      readOxsChart(chart({ properties: 'chartwidth="10" chartheight="10"', palette: item(1, 'DMC 310', '000000'), stitches }), small),
    );
    expect(error.problem).toBe('stitch');
  });

  it('refuses elements nested deeper, or with more attributes, than any OXS chart has, before holding them', () => {
    const deep = `<chart>${'<a>'.repeat(100_000)}`;
    expect(refusal(deep).message).toBe('The file nests its elements more than 16 deep, which no OXS chart does.');
    const attributes = Array.from({ length: 100_000 }, (_, i) => `a${i}="1"`).join(' ');
    expect(refusal(`<chart><properties ${attributes}/></chart>`).message).toBe('An element of the file has more than 64 attributes, which no OXS chart has.');
    // A real chart's elements stay well within both.
    expect(() => readOxsChart(toOxs(patternOf(3, 12, 9, 4), { title: 'Deep enough' }))).not.toThrow();
  });

  it('refuses what is not XML, not an OXS chart, or cut short', () => {
    expect(refusal('hello, world').message).toBe('The file is not XML: an OXS chart starts with "<".');
    expect(problemOf('{"format":"stitchwise-pattern"}')).toBe('not_xml');
    expect(refusal('  \n').message).toBe('The file is empty.');
    expect(refusal('<html><body>a web page</body></html>').message).toBe('The file is XML but not an OXS chart: its root element is <html>, not <chart>.');
    expect(problemOf(chart().replace('</chart>', ''))).toBe('not_xml');
    expect(problemOf(`${chart()}<chart/>`)).toBe('not_xml');
    expect(refusal('<chart><palette></chart>').message).toMatch(/^The file is not well-formed XML \(line 1, column \d+\): /);
  });
});
