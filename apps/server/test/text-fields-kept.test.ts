import { parseOxs } from '@stitchwise/core';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import type { Project } from '../src/contract/projects.js';
import { openDatabase } from '../src/db/database.js';
import { postForm, useStoredProject } from './support/text-fields.js';
import { DATABASES } from './support/test-server.js';

/**
 * Text fields keep ordinary text as sent, in any script, and multi-line fields their tabs and line
 * breaks; names stored before the text fields were checked still export as well-formed OXS and a
 * readable PDF. What the fields refuse is in text-fields-refusals.
 */
describe.each(DATABASES)('text fields on $name', (database) => {
  const context = useStoredProject(database);
  const { user, visitor } = context;

  it('keeps ordinary text as sent: accents, CJK, emoji; tabs and line breaks in descriptions', async () => {
    const name = 'Café crème — Zoë’s 刺繍 🌸🧵 🏳️‍🌈 می‌خواهم';
    const description = 'First line\n\tindented line\r\nÄrger, ñandú, 日本語 and 👩‍👩‍👧';
    const created = await postForm(user, '/stitch/projects', { name: ` ${name} `, description }, 'image');
    expect(created.status).toBe(201);
    const project = (await created.json()) as Project;
    // A form sends every line break as CR LF.
    expect(project).toMatchObject({ name, description: description.replace(/\r?\n/g, '\r\n') });

    const renamed = await user.api(`/stitch/projects/${project.id}`, { method: 'PATCH', json: { name: 'Ölmühle 🌻 花', description: 'a\tb\nc' } });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ name: 'Ölmühle 🌻 花', description: 'a\tb\nc' });
    const read = (await (await user.api(`/stitch/projects/${project.id}`)).json()) as Project;
    expect(read).toMatchObject({ name: 'Ölmühle 🌻 花', description: 'a\tb\nc' });

    const search = await visitor.api(`/dmc/threads?q=${encodeURIComponent('Écru 白')}`);
    expect(search.status).toBe(200);
    const ecru = (await (await visitor.api(`/dmc/threads?q=${encodeURIComponent('ecru')}`)).json()) as { total: number };
    expect(ecru.total).toBeGreaterThan(0);

    const idea = await user.api('/stitch/creative-ideas', { method: 'POST', json: { prompt: 'A fox 🦊 in the snow,\nwith pine trees\tand a moon' } });
    expect(idea.status).toBe(200);
  });

  it('exports a project whose stored name predates the check as well-formed OXS and a readable PDF', async () => {
    // PostgreSQL never could store NUL (that was the 500); SQLite could, so its old rows may hold one.
    const stored = `Old${database.name === 'SQLite' ? '\u0000' : ''}\u0001\u001b\u000b\uffff\ufdd0 name`;
    const db = await openDatabase(context.suite.server.config.database);
    try {
      await db.updateTable('projects').set({ name: stored }).where('id', '=', context.projectId).execute();
    } finally {
      await db.destroy();
    }

    const oxs = await user.api(`/stitch/projects/${context.projectId}/export?format=oxs`);
    expect(oxs.status).toBe(200);
    const xml = await oxs.text();
    // XML 1.0's Char production (less the discouraged C1 controls and non-characters) holds for every character.
    expect(xml).toMatch(/^[\t\n\r\u0020-\u007E\u00A0-\uD7FF\uE000-\uFDCF\uFDF0-\uFFFD\u{10000}-\u{1FFFD}]*$/u);
    expect(xml).toMatch(/charttitle="Old\uFFFD+ +\uFFFD\uFFFD name"/);
    expect(parseOxs(xml).width).toBeGreaterThan(0);

    const pdf = await user.api(`/stitch/projects/${context.projectId}/export?format=pdf`);
    expect(pdf.status).toBe(200);
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const document = await getDocument({ data: bytes, useSystemFonts: false, isEvalSupported: false }).promise;
    try {
      const cover = (await (await document.getPage(1)).getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join('');
      expect(cover).toContain('Old');
      expect(cover).toContain('name');
      // Nothing drawn as the font's empty box (read back as NUL) or as a control character.
      expect(cover).not.toMatch(/\p{Cc}/u);
      const { info } = (await document.getMetadata()) as { info: { Title?: string } };
      expect(info.Title).toMatch(/^Old\uFFFD+ +\uFFFD\uFFFD name$/);
    } finally {
      await document.destroy();
    }
  });
});
