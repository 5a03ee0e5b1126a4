import { describe, expect, it } from 'vitest';
import { seededRandom } from '../random.js';
import { generatePattern } from './generate.js';
import { PatternFormatError } from './model.js';
import { parseOxs, toOxs } from './oxs.js';

function noisyPattern() {
  const random = seededRandom(8);
  const width = 60;
  const height = 40;
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const x = i % width;
    data.set([(x * 4 + random() * 60) | 0, (i / width) * 5 + random() * 40, 120, x > 50 ? 0 : 255], i * 4); // a transparent strip: empty cells
  }
  return generatePattern({ width, height, data }, { maxSide: 60, colors: 12, useKmeans: true, mergeThreads: false });
}

describe('OXS', () => {
  it('writes a chart that reads back as the same pattern', () => {
    const pattern = noisyPattern();
    expect(pattern.cells.includes(-1)).toBe(true);
    const xml = toOxs(pattern, { title: 'Roses <& thorns>' });
    const back = parseOxs(xml);
    expect(back.width).toBe(pattern.width);
    expect(back.height).toBe(pattern.height);
    expect(back.legend).toEqual(pattern.legend);
    expect(Array.from(back.cells)).toEqual(Array.from(pattern.cells));
  });

  it('has the parts other programs expect', () => {
    const pattern = noisyPattern();
    const xml = toOxs(pattern, { title: 'Roses <& thorns>', stitchesPerInch: 16 });
    expect(xml).toContain('charttitle="Roses &lt;&amp; thorns&gt;"');
    expect(xml).toMatch(
      /<properties oxsversion="1.0" software="Stitchwise"[^>]* chartheight="40" chartwidth="60"[^>]* stitchesperinch="16"[^>]* palettecount="12"\/>/,
    );
    expect(xml).toContain('<palette_item index="0" number="cloth"');
    const first = pattern.legend[0]!;
    expect(xml).toContain(`<palette_item index="1" number="DMC ${first.dmc_code}" name="${first.dmc_name}" color="${first.hex.slice(1).toUpperCase()}"`);
    const stitched = Array.from(pattern.cells).filter((cell) => cell >= 0).length;
    expect(xml.match(/<stitch x=/g)).toHaveLength(stitched);
    expect(xml).toContain('<backstitches>\n</backstitches>');
  });

  it('reads charts from other programs, keeping threads that are not DMC', () => {
    const xml = `<?xml version="1.0"?><chart><properties oxsversion="1.0" chartwidth="3" chartheight="2" charttitle="x"/>
      <palette><palette_item index="0" number="cloth" name="cloth" color="FFFFFF"/>
      <palette_item index="1" number="DMC 310" name="Black" color="000000" symbol="X"/>
      <palette_item index="2" number="Anchor 403" name="Black &amp; Co" color="1E1E1E"/></palette>
      <fullstitches><stitch x="0" y="0" palindex="1"/><stitch x="1" y="0" palindex="2"/><stitch x="2" y="1" palindex="1"/><stitch x="1" y="1" palindex="0"/></fullstitches></chart>`;
    const pattern = parseOxs(xml);
    expect(Array.from(pattern.cells)).toEqual([0, 1, -1, -1, -1, 0]);
    expect(pattern.legend.map((e) => [e.dmc_code, e.dmc_name, e.hex, e.symbol, e.stitch_count])).toEqual([
      ['310', 'Black', '#000000', 'X', 2],
      ['Anchor 403', 'Black & Co', '#1e1e1e', expect.any(String), 1],
    ]);
  });

  it('refuses files that are not charts or do not add up', () => {
    expect(() => parseOxs('<html></html>')).toThrow(PatternFormatError);
    expect(() => parseOxs('<chart><properties chartwidth="0" chartheight="2"/></chart>')).toThrow(/bad chart size/);
    expect(() => parseOxs('<chart><properties chartwidth="2" chartheight="2"/><stitch x="5" y="0" palindex="1"/></chart>')).toThrow(/outside the chart/);
    expect(() => parseOxs('<chart><properties chartwidth="2" chartheight="2"/><stitch x="1" y="0" palindex="4"/></chart>')).toThrow(/does not exist/);
  });
});
