import { findThread, layOutText, letteringPattern, PATTERN_LIMITS, patternFromUntrustedDocument, toPatternDocument } from '@stitchwise/core';
import { describe, expect, it } from 'vitest';
import type { AlphabetView } from '../src/contract/lettering.js';
import { patternDocumentSchema } from '../src/contract/patterns.js';
import { problemOf } from './support/chart-calls.js';
import { useTestServer, type ApiClient } from './support/harness.js';
import { expectedSize, lettered, letteringOf, stitchedBox } from './support/lettering.js';
import { DATABASES } from './support/test-server.js';

const ALPHABET_IDS = ['tiny-5', 'plain-7', 'bold-10', 'gothic-12', 'italic-13', 'sans-backstitch', 'script-backstitch'];
const BACKSTITCH = ['sans-backstitch', 'script-backstitch'];
const NAME = 'Emma\n2026';

/** `GET /api/stitch/lettering/alphabets` and `POST /api/stitch/lettering`: text as a chart, for visitors and users alike. */
describe.each(DATABASES)('lettering on $name', (database) => {
  const suite = useTestServer({ database, users: ['alice'] });
  const alice = suite.user('alice');
  const clients: [string, ApiClient][] = [
    ['a visitor', suite.visitor],
    ['a user', alice],
  ];

  it('lists the seven alphabets with their kinds, sizes, characters and credits, cacheable', async () => {
    const response = await suite.visitor.api('/stitch/lettering/alphabets');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    const { alphabets } = (await response.json()) as { alphabets: AlphabetView[] };
    expect(alphabets.map((alphabet) => alphabet.id)).toEqual(ALPHABET_IDS);
    for (const alphabet of alphabets) {
      expect(alphabet.kind).toBe(BACKSTITCH.includes(alphabet.id) ? 'backstitch' : 'cross');
      expect(alphabet.cap_height).toBeGreaterThanOrEqual(5);
      expect(alphabet.height).toBeGreaterThan(alphabet.cap_height);
      for (const character of 'ÄÖÜäöüßéèêàçñåø0123456789AZaz') expect(alphabet.characters, alphabet.id).toContain(character);
      for (const field of ['name', 'style', 'font', 'licence', 'credit'] as const) expect(alphabet[field].trim(), `${alphabet.id} ${field}`).not.toBe('');
    }
    // The line box holds every letter: "Äg" laid out in it is exactly one line box tall.
    for (const { id, height } of alphabets) expect(layOutText('Äg', id).height).toBe(height);
  });

  describe.each(clients)('for %s', (_who, client) => {
    it.each(ALPHABET_IDS)('charts a two-line name in %s, kept at its Location', async (alphabet) => {
      const { document, location, text } = await lettered(client, { text: NAME, alphabet, code: '310' });
      expect(() => patternDocumentSchema.parse(document)).not.toThrow();
      expect(() => patternFromUntrustedDocument(document, PATTERN_LIMITS)).not.toThrow();

      // Defaults: centred, the font's spacing, 5 empty stitches on every side.
      const size = expectedSize(NAME, alphabet, { align: 'center' }, 5);
      expect({ width: document.width, height: document.height }).toEqual(size);
      expect(stitchedBox(document)).toEqual({ left: 5, top: 5, right: size.width - 5, bottom: size.height - 5 });

      const fullStitches = document.cells.filter((cell) => cell === 0).length;
      expect(document.cells.filter((cell) => cell !== 0 && cell !== -1)).toEqual([]);
      expect(document.legend).toHaveLength(1);
      expect(document.legend[0]).toMatchObject({ brand: 'dmc', code: '310', name: 'Black', dmc_code: '310', stitch_count: fullStitches });
      const laidOut = layOutText(NAME, alphabet, { align: 'center' });
      // Stitch for stitch the core's chart of the defaults' layout.
      expect(document).toEqual(toPatternDocument(letteringPattern(laidOut, findThread('310')!, 5)));
      if (BACKSTITCH.includes(alphabet)) {
        expect(fullStitches).toBe(0);
        expect(document.backstitches).toHaveLength(laidOut.backstitches.length);
        expect(document.backstitches.length).toBeGreaterThan(20);
      } else {
        expect(fullStitches).toBe(laidOut.stitches.reduce((sum, stitch) => sum + stitch, 0));
        expect(document.backstitches).toEqual([]);
        expect(document.knots).toEqual([]);
      }

      expect(location).toMatch(/\/files\/[\w-]+\.json$/);
      const kept = await fetch(location);
      expect(kept.status).toBe(200);
      expect(await kept.text()).toBe(text);
    });
  });

  it.each(BACKSTITCH)('dots the i and the ! of %s with French knots', async (alphabet) => {
    const { document } = await lettered(suite.visitor, { text: 'Hi!', alphabet, code: '310' });
    expect(document.knots.length).toBe(layOutText('Hi!', alphabet).knots.length);
    expect(document.knots.length).toBeGreaterThanOrEqual(2);
    expect(document.backstitches.length).toBeGreaterThan(0);
  });

  it('follows spacing, alignment and margin', async () => {
    const options = { letter_spacing: 2, line_spacing: 3, align: 'right', margin: 0 } as const;
    const { document } = await lettered(suite.visitor, { text: 'Emma\n2026!', alphabet: 'tiny-5', code: '310', ...options });
    const laidOut = expectedSize('Emma\n2026!', 'tiny-5', { letterSpacing: 2, lineSpacing: 3, align: 'right' }, 0);
    expect({ width: document.width, height: document.height }).toEqual(laidOut);
    expect(stitchedBox(document)).toMatchObject({ left: 0, top: 0 });
    // Right-aligned: the shorter first line ends where the second does, so the last column has stitches on both lines.
    const lastColumn = Array.from({ length: document.height }, (_, y) => document.cells[y * document.width + document.width - 1]);
    expect(lastColumn.slice(0, 5)).toContain(0);
    expect(lastColumn.slice(-5)).toContain(0);
  });

  it('stitches in an Anchor thread, its code as Anchor prints it', async () => {
    for (const [brand, code] of [
      ['anchor', '403'],
      ['Anchor', '0403'],
    ]) {
      const { document } = await lettered(alice, { text: NAME, alphabet: 'bold-10', brand, code });
      expect(document.legend).toHaveLength(1);
      expect(document.legend[0]).toMatchObject({ brand: 'anchor', code: '403', dmc_code: '', threads: [{ brand: 'anchor', code: '403' }] });
    }
  });

  it('refuses a chart larger than a visitor may have, naming its size; a user gets it', async () => {
    const request = { text: 'Happy Birthday', alphabet: 'bold-10', code: '310' };
    const { width, height } = expectedSize(request.text, request.alphabet, { align: 'center' }, 5);
    expect(width).toBeGreaterThan(100);
    expect(width).toBeLessThanOrEqual(500);

    const refused = await problemOf(await letteringOf(suite.visitor, request));
    expect(refused).toMatchObject({ status: 400, code: 'invalid_request', fields: ['text'] });
    expect(refused.detail).toContain(`${width} × ${height} stitches`);
    expect(refused.detail).toMatch(/100 stitches a side.*sign in/i);

    const { document } = await lettered(alice, request);
    expect([document.width, document.height]).toEqual([width, height]);
  });

  it("refuses a chart larger than a user's 500 stitches a side, naming its size", async () => {
    const request = { text: 'Happy Birthday to you', alphabet: 'italic-13', code: '310', letter_spacing: 20 };
    const { width, height } = expectedSize(request.text, request.alphabet, { letterSpacing: 20, align: 'center' }, 5);
    expect(width).toBeGreaterThan(500);
    const refused = await problemOf(await letteringOf(alice, request));
    expect(refused).toMatchObject({ status: 400, fields: ['text'] });
    expect(refused.detail).toContain(`${width} × ${height} stitches, more than the 500 stitches a side`);
  });

  const GOOD = { text: NAME, alphabet: 'tiny-5', code: '310' };
  const { text: _text, ...withoutText } = GOOD;
  const { alphabet: _alphabet, ...withoutAlphabet } = GOOD;
  const { code: _code, ...withoutCode } = GOOD;

  it.each([
    ['an unknown alphabet', { ...GOOD, alphabet: 'comic-sans' }, 'alphabet'],
    ['no alphabet', withoutAlphabet, 'alphabet'],
    ['no text', withoutText, 'text'],
    ['empty text', { ...GOOD, text: '' }, 'text'],
    ['only white space', { ...GOOD, text: '  \n \r\n ' }, 'text'],
    ['text that is not text', { ...GOOD, text: 2026 }, 'text'],
    ['201 characters', { ...GOOD, text: 'x'.repeat(201) }, 'text'],
    ['11 lines', { ...GOOD, text: Array.from({ length: 11 }, () => 'ab').join('\n') }, 'text'],
    ['a control character', { ...GOOD, text: 'Emma\u0007' }, 'text'],
    ['a text-direction control', { ...GOOD, text: 'Emma\u202E2026' }, 'text'],
    ['a zero-width space', { ...GOOD, text: 'Em\u200Bma' }, 'text'],
    ['a tab', { ...GOOD, text: 'Emma\t2026' }, 'text'],
    ['an unknown brand', { ...GOOD, brand: 'coats' }, 'brand'],
    ['no code', withoutCode, 'code'],
    ['a code the brand lacks', { ...GOOD, code: '9999' }, 'code'],
    ['an Anchor code the brand lacks', { ...GOOD, brand: 'anchor', code: '99999' }, 'code'],
    ['a blend', { ...GOOD, code: '310+413' }, 'code'],
    ['letter spacing below the range', { ...GOOD, letter_spacing: -4 }, 'letter_spacing'],
    ['letter spacing above the range', { ...GOOD, letter_spacing: 21 }, 'letter_spacing'],
    ['letter spacing not whole', { ...GOOD, letter_spacing: 1.5 }, 'letter_spacing'],
    ['letter spacing as text', { ...GOOD, letter_spacing: '2' }, 'letter_spacing'],
    ['line spacing below the range', { ...GOOD, line_spacing: -9 }, 'line_spacing'],
    ['line spacing above the range', { ...GOOD, line_spacing: 41 }, 'line_spacing'],
    ['a negative margin', { ...GOOD, margin: -1 }, 'margin'],
    ['a margin over 50', { ...GOOD, margin: 51 }, 'margin'],
    ['a margin not whole', { ...GOOD, margin: 2.5 }, 'margin'],
    ['an unknown alignment', { ...GOOD, align: 'justify' }, 'align'],
  ])('refuses %s with 400 naming the field', async (_case, body, field) => {
    for (const [who, client] of clients) {
      const refused = await problemOf(await letteringOf(client, body));
      expect(refused, who).toMatchObject({ status: 400, code: 'invalid_request', fields: [field] });
      expect(refused.detail, who).toMatch(new RegExp(`^${field}|^The `));
    }
  });

  it('refuses characters the alphabet lacks, listing each once', async () => {
    const refused = await problemOf(await letteringOf(suite.visitor, { ...GOOD, text: 'Ω Emma ✿\nΩ' }));
    expect(refused).toMatchObject({ status: 400, fields: ['text'], detail: 'The Tiny alphabet has no Ω or ✿.' });
    // An alphabet that has them all is fine, and only the missing one is named.
    const tiny = await problemOf(await letteringOf(suite.visitor, { ...GOOD, text: 'Ÿ' }));
    expect(tiny.detail).toBe('The Tiny alphabet has no Ÿ.');
    await lettered(suite.visitor, { ...GOOD, alphabet: 'italic-13', text: 'Ÿ' });
  });

  it('reads JSON only, of at most 16 KB', async () => {
    expect((await problemOf(await letteringOf(suite.visitor, 'text=Emma', 'application/x-www-form-urlencoded'))).status).toBe(415);
    expect((await problemOf(await letteringOf(suite.visitor, '{"text": "Emma",'))).code).toBe('malformed_json');
    const padded = `${JSON.stringify(GOOD)}${' '.repeat(16 * 1024)}`;
    expect((await problemOf(await letteringOf(suite.visitor, padded))).status).toBe(413);
    const badToken = await suite.visitor.api('/stitch/lettering', { method: 'POST', headers: { authorization: 'Bearer nope' }, json: GOOD });
    expect((await problemOf(badToken)).status).toBe(401);
  });

  it('documents the Location header in the OpenAPI document', async () => {
    const document = (await (await fetch(`${suite.baseUrl}/api/docs/json`)).json()) as {
      paths: Record<string, { post?: { responses: Record<string, { headers?: Record<string, { schema: { type: string } }> }> } }>;
    };
    expect(document.paths['/api/stitch/lettering']!.post!.responses['201']!.headers).toMatchObject({ Location: { schema: { type: 'string' } } });
  });

  it("counts a user's chart in their storage, as their other kept files", async () => {
    const used = async (): Promise<number> => ((await (await alice.api('/stitch/storage')).json()) as { used: number }).used;
    const before = await used();
    const { text } = await lettered(alice, GOOD);
    expect((await used()) - before).toBe(Buffer.byteLength(text));
  });
});

describe('lettering under the abuse limits (RATE_LIMIT_PER_MINUTE=3)', () => {
  const suite = useTestServer({ environment: { RATE_LIMIT_PER_MINUTE: '3' } });

  it('answers the fourth chart of a minute with 429, as the other chart-making endpoints', async () => {
    const request = { text: NAME, alphabet: 'tiny-5', code: '310' };
    for (let i = 0; i < 3; i++) await lettered(suite.visitor, request);
    const refused = await problemOf(await letteringOf(suite.visitor, request));
    expect(refused).toMatchObject({ status: 429, code: 'rate_limited' });
    // The alphabets are a plain read, never limited.
    for (let i = 0; i < 4; i++) expect((await suite.visitor.api('/stitch/lettering/alphabets')).status).toBe(200);
  });
});
