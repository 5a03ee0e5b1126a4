import { DMC_THREADS } from '@stitchwise/core';
import { describe, expect, it } from 'vitest';
import { imported, oxs } from './support/chart-files.js';
import { useTestServer } from './support/harness.js';
import { encodePng, multipartBody } from './support/images.js';
import { importChart, listProjects, storedFiles } from './support/stitch-requests.js';
import { DATABASES } from './support/test-server.js';

/** Chart files an import refuses, with a sentence, storing nothing: hostile, broken, too large, or sent by no one. */
describe.each(DATABASES)('chart import refusals on $name', (database) => {
  const suite = useTestServer({ database, users: ['importer'] });
  const owner = suite.user('importer');

  it('takes charts over the 10 MB image limit, up to 32 MB, and answers 413 past it', async () => {
    const stitches = Array.from({ length: 500 * 500 }, (_, i) => `<stitch x="${i % 500}" y="${Math.floor(i / 500)}" palindex="${(i % 7) + 1}"/>`).join('\n');
    const palette = DMC_THREADS.slice(0, 7)
      .map((thread, i) => `<palette_item index="${i + 1}" number="DMC ${thread.code}" color="${thread.hex.slice(1)}"/>`)
      .join('');
    const padding = `<backstitches>${'<backstitch x1="1" x2="2" y1="1" y2="2" palindex="1" objecttype="backstitch"/>\n'.repeat(50_000)}</backstitches>`;
    const big = oxs({ width: 500, height: 500, palette, stitches, extra: padding });
    expect(big.length).toBeGreaterThan(12 * 1024 * 1024);
    const project = await imported(owner, big, 'big.oxs');
    expect(project.import_report).toMatchObject({ width: 500, height: 500, threads: 7, stitches: 250_000, not_imported: { backstitches: 49_999 } }); // one line, repeated

    const tooBig = await importChart(owner, Buffer.alloc(32 * 1024 * 1024 + 1, 0x20), 'huge.oxs');
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { detail: string }).detail).toBe('The file is larger than the 32 MB limit.');
  }, 60_000);

  it('refuses hostile and broken files with a sentence, storing nothing', async () => {
    const filesBefore = await storedFiles(suite.server);
    const projectsBefore = (await listProjects(owner)).total;
    const laughs = `<?xml version="1.0"?><!DOCTYPE chart [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><chart><properties charttitle="&lol3;"/></chart>`;
    const fiftyOne = oxs({
      width: 51,
      height: 1,
      palette: DMC_THREADS.slice(0, 51)
        .map((thread, i) => `<palette_item index="${i + 1}" number="DMC ${thread.code}" color="808080"/>`)
        .join(''),
      stitches: Array.from({ length: 51 }, (_, i) => `<stitch x="${i}" y="0" palindex="${i + 1}"/>`).join(''),
    });
    const cases: [string, Buffer | string, RegExp][] = [
      ['billion laughs', laughs, /declares a document type/],
      ['an external entity', '<!DOCTYPE chart [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><chart>&xxe;</chart>', /declares a document type/],
      [
        'an undefined entity',
        oxs({ extra: '<commentboxes><commentbox boxwords="&xxe;"/></commentboxes>' }),
        /entity or character reference that is not allowed/,
      ],
      ['a grid over 500 × 500', oxs({ width: 501, height: 20 }), /^The chart is 501 × 20 stitches; at most 500 × 500 can be imported\.$/],
      ['a grid of zero size', oxs({ width: 0 }), /width is "0"; it must be a whole number of stitches from 1 to 500/],
      [
        'a stitch outside the grid',
        oxs({ stitches: '<stitch x="3" y="1" palindex="1"/>' }),
        /^A stitch at x=3, y=1 is outside the chart, which is 3 × 2 stitches/,
      ],
      ['a palette index that does not exist', oxs({ stitches: '<stitch x="0" y="0" palindex="9"/>' }), /uses palette index 9, which the palette does not have/],
      ['more than 50 threads', fiftyOne, /uses 51 threads .* at most 50/],
      ['not XML at all', 'Just some notes about my chart.', /not a chart that can be imported\. Send an OXS chart .* or a Stitchwise pattern \(\.json\)/],
      ['an image', encodePng(4, 4, () => [1, 2, 3]), /This one is an image/],
      ['a web page', '<!DOCTYPE html><html><body>hi</body></html>', /declares a document type/],
      ['XML that is not a chart', '<svg xmlns="http://www.w3.org/2000/svg"/>', /root element is <svg>, not <chart>/],
      ['a chart cut short', oxs().slice(0, -20), /not well-formed XML \(line 1, column \d+\)/],
      [
        'text that is not UTF-8',
        Buffer.concat([Buffer.from('<chart><properties charttitle="'), Buffer.from([0xff, 0xfe, 0xfd]), Buffer.from('"/></chart>')]),
        /not valid UTF-8 text/,
      ],
      ['an unknown encoding', oxs({ head: '<?xml version="1.0" encoding="x-martian"?>' }), /"x-martian" encoding, which cannot be read here/],
      ['an empty file', '', /^The file is empty\.$/],
      [
        'a chart of cloth only',
        oxs({ stitches: '<stitch x="0" y="0" palindex="0"/><stitch x="1" y="1" palindex="0"/>' }),
        /^This chart has no stitches: there is nothing to import\.$/,
      ],
      ['a chart without a stitch', oxs({ stitches: '' }), /^This chart has no stitches: there is nothing to import\.$/],
      [
        'a chart whose only marks are outside it',
        oxs({ stitches: '', extra: '<ornaments_inc_knots_and_beads><object x1="9" y1="9" palindex="1" objecttype="knot"/></ornaments_inc_knots_and_beads>' }),
        /^This chart has no stitches: there is nothing to import\. \(1 of its stitches, marks or ornaments cannot be imported\.\)$/,
      ],
      [
        'a pattern without a stitch',
        JSON.stringify({
          format: 'stitchwise-pattern',
          version: 2,
          width: 2,
          height: 1,
          legend: [{ index: 0, dmc_code: '310', symbol: '■' }],
          cells: [-1, -1],
          stats: {},
        }),
        /^This chart has no stitches: there is nothing to import\.$/,
      ],
      ['a PDF', '%PDF-1.7\n%\u00e2\u00e3\n1 0 obj', /not a chart that can be imported\. .* This one is a PDF document, which cannot be read back into a chart/],
      ['a ZIP archive', Buffer.from('PK\x03\x04\x14\x00\x00\x00', 'latin1'), /This one is a ZIP archive .*: unpack it and send the chart inside\.$/],
      ['a gzip file', Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00]), /This one is compressed with gzip/],
      [
        'UTF-16 text that is not a chart',
        Buffer.from('\ufeffMy notes', 'utf16le'),
        /not a chart that can be imported\. .* This one is UTF-16 text, but neither XML nor JSON\.$/,
      ],
      [
        'UTF-16 cut in the middle of a character',
        Buffer.concat([Buffer.from(`\ufeff${oxs()}`, 'utf16le'), Buffer.from([0x3c])]),
        /^The file is not valid UTF-16LE text, as its byte-order mark says\.$/,
      ],
      ['broken JSON', '{"format": "stitchwise-pattern", "cells": [1, 2', /cannot be read as JSON/],
      ['JSON that is not a pattern', '{"hello": "world"}', /This JSON file is not a Stitchwise pattern\. Send an OXS chart/],
      [
        'a pattern with an unknown thread',
        JSON.stringify({
          format: 'stitchwise-pattern',
          version: 1,
          width: 1,
          height: 1,
          legend: [{ index: 0, dmc_code: '99999', symbol: '■' }],
          cells: [0],
          stats: {},
        }),
        /legend\.0\.dmc_code "99999" is not a DMC thread code/,
      ],
    ];
    for (const [label, bytes, detail] of cases) {
      const response = await importChart(owner, bytes);
      const problem = (await response.json()) as { code: string; detail: string; errors?: { field: string }[] };
      expect(response.status, label).toBe(400);
      expect(response.headers.get('content-type'), label).toMatch(/^application\/problem\+json/);
      expect(problem.code, label).toBe('invalid_chart_file');
      expect(problem.detail, label).toMatch(detail);
      expect(problem.errors?.[0]?.field, label).toBe('file');
    }
    expect(await storedFiles(suite.server)).toEqual(filesBefore);
    expect((await listProjects(owner)).total).toBe(projectsBefore);
  });

  it('needs an account and a file', async () => {
    expect((await importChart(suite.visitor, oxs())).status).toBe(401);
    const noFile = await owner.api('/stitch/projects/import', { method: 'POST', body: multipartBody({ name: 'x' }) });
    expect(noFile.status).toBe(400);
    expect(((await noFile.json()) as { detail: string }).detail).toBe('Send the chart file as file.');
  });
});
