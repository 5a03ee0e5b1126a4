import { type PatternDocument } from '@stitchwise/core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportedProject } from '../src/contract/imports.js';
import type { ShoppingList } from '../src/contract/shopping-list.js';
import { chartLayout } from '../src/render/chart.js';
import { fileIdOf } from './support/chart-calls.js';
import { useTestServer } from './support/harness.js';
import { lettered } from './support/lettering.js';
import { pdfPageTexts } from './support/pdf-text.js';
import { importChart, readPattern } from './support/stitch-requests.js';
import { DATABASES } from './support/test-server.js';

/**
 * Lettering is ordinary full stitches and backstitch in one thread, so the exports that every chart has
 * take it as it is: a cross-stitch alphabet and a backstitch one through the PDF, PNG, OXS and shopping list.
 */
describe.each(DATABASES)('lettering through the exports on $name', (database) => {
  const suite = useTestServer({ database, users: ['alice'] });
  const alice = suite.user('alice');
  const charts: Record<string, { document: PatternDocument; id: string }> = {};

  beforeAll(async () => {
    for (const alphabet of ['bold-10', 'script-backstitch']) {
      const { document, location } = await lettered(suite.visitor, { text: 'Emma\n2026!', alphabet, code: '310' });
      charts[alphabet] = { document, id: fileIdOf(location) };
    }
  });

  describe.each(['bold-10', 'script-backstitch'])('in %s', (alphabet) => {
    const chart = () => charts[alphabet]!;
    const exported = async (format: string, client = suite.visitor): Promise<Response> => {
      const response = await client.api(`/stitch/patterns/${chart().id}/export?format=${format}&name=Emma`);
      expect(response.status, `${format} export`).toBe(200);
      return response;
    };

    it('prints a PDF whose thread list names DMC 310 with its stitches, backstitch, knots and skein', async () => {
      const [cover, threads] = (await pdfPageTexts(await (await exported('pdf')).arrayBuffer())).map((text) => text.replace(/ +/g, ' '));
      const { width, height, legend, backstitches, knots } = chart().document;
      expect(cover).toContain(`${width} × ${height} stitches`);
      // The row: symbol, code, name, stitches, then backstitch (in stitch widths) and knots where there are any, then skeins.
      const row = `${legend[0]!.symbol} 310 Black ${legend[0]!.stitch_count}`;
      if (backstitches.length === 0) expect(threads).toContain(`${row} 1 Skeins:`);
      else {
        // Lines run between points of the half-stitch lattice: half a stitch width a unit.
        const length = backstitches.reduce((sum, { x1, y1, x2, y2 }) => sum + Math.hypot(x2 - x1, y2 - y1) / 2, 0);
        expect(threads).toMatch(new RegExp(`${row} ${length.toFixed(1)} st \\([\\d.]+ cm\\) ${knots.length} 1 Skeins:`));
      }
    });

    it('draws the chart PNG at 12 px a stitch, the size of the chart', async () => {
      const response = await suite.visitor.api('/stitch/patterns/export?format=png', { method: 'POST', json: chart().document });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      const { width, height } = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      const layout = chartLayout(chart().document, 12);
      expect({ width, height }).toEqual({ width: layout.width, height: layout.height });
    });

    it('writes OXS that imports back as the same chart', async () => {
      const oxs = await (await exported('oxs')).text();
      const response = await importChart(alice, oxs, 'emma.oxs', { name: 'Emma' });
      expect(response.status, await response.clone().text()).toBe(201);
      const project = (await response.json()) as ImportedProject;
      expect(project.import_report.not_imported).toEqual({ full_stitches: 0, part_stitches: 0, backstitches: 0, knots: 0, other: 0 });
      const { document } = await readPattern(alice, project.id);
      const { stats: _read, ...back } = document;
      const { stats: _sent, ...sent } = chart().document;
      expect(back).toEqual(sent);
    });

    it('needs at least a skein of DMC 310 on the shopping list', async () => {
      const response = await importChart(alice, JSON.stringify(chart().document), 'emma.json', { name: 'Emma' });
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as ImportedProject;
      const list = (await (await alice.api(`/stitch/projects/${id}/shopping-list`)).json()) as ShoppingList;
      expect(list.threads).toHaveLength(1);
      expect(list.threads[0]).toMatchObject({ brand: 'dmc', code: '310', name: 'Black', owned: 0 });
      expect(list.threads[0]!.skeins_needed).toBeGreaterThanOrEqual(1);
      expect(list.threads[0]!.to_buy).toBe(list.threads[0]!.skeins_needed);
    });
  });
});
