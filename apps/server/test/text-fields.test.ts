import { parseOxs } from '@stitchwise/core';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Problem } from '../src/contract/problem.js';
import type { Project } from '../src/contract/projects.js';
import { openDatabase } from '../src/db/database.js';
import { encodePng, multipartBody } from './support/images.js';
import { newUser, OidcBrowser } from './support/oidc-client.js';
import { DATABASES, startTestServer, type DatabaseUnderTest, type TestServer } from './support/test-server.js';

/**
 * Every text a client sends — query strings, path parameters, JSON bodies, multipart form fields —
 * refuses control characters, lone surrogates, Unicode non-characters, bidirectional controls and
 * zero-width characters (a joiner inside an emoji or a word excepted) with a 400 problem naming the field, on SQLite and PostgreSQL alike (PostgreSQL cannot store NUL: it used to be a 500).
 * Single-line fields refuse TAB, LF and CR too; descriptions and prompts accept them. Names stored
 * before the check still export as well-formed OXS and a readable PDF.
 */

interface BadCharacter {
  label: string;
  character: string;
  /** The code points the refusal may name, when the transport changes the character; the character's own otherwise. */
  named?: string[];
}

/** The characters every field refuses, each as a sender would type it into the middle of a text. */
const BAD_CHARACTERS: BadCharacter[] = [
  { label: 'U+0001', character: '\u0001' },
  { label: 'U+0000 (NUL)', character: '\u0000' },
  { label: 'U+001B (ESC)', character: '\u001b' },
  { label: 'U+000B (VT)', character: '\u000b' },
  { label: 'U+000C (FF)', character: '\u000c' },
  { label: 'U+FFFF', character: '\uffff' },
  { label: 'U+007F (DEL)', character: '\u007f' },
  { label: 'U+0085 (C1 NEL)', character: '\u0085' },
  { label: 'U+FDD0', character: '\ufdd0' },
  { label: 'U+1FFFF', character: '\u{1ffff}' },
  // Invisible characters that change how a text reads: bidirectional controls and zero-width characters.
  { label: 'U+202E (right-to-left override)', character: '\u202e' },
  { label: 'U+2066 (left-to-right isolate)', character: '\u2066' },
  { label: 'U+200F (right-to-left mark)', character: '\u200f' },
  { label: 'U+200B (zero-width space)', character: '\u200b' },
  { label: 'U+FEFF (zero-width no-break space)', character: '\ufeff' },
  // A joiner joins nothing beside another invisible character (between two letters it would be kept).
  { label: 'U+200D (a joiner joining nothing)', character: '\u200d\u200d' },
];
/** Only JSON can carry an unpaired surrogate (`"\ud800"`); forms and URLs are UTF-8, which has none. */
const LONE_SURROGATE: BadCharacter = { label: 'U+D800 (lone surrogate)', character: '\ud800' };

const codePointOf = (character: string): string => `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** What the cases need from the running server, filled in before the tests. */
interface Context {
  server: TestServer;
  token: string;
  projectId: string;
}

interface TextCase {
  /** The field as named in `errors[]`. */
  field: string;
  where: string;
  /** Accepts TAB, LF and CR. */
  multiline?: boolean;
  /** Sent as JSON, which can carry a lone surrogate. */
  json?: boolean;
  send: (context: Context, value: string) => Promise<Response>;
}

const png = encodePng(32, 24, (x, y) => [x * 8, y * 10, 120]);
const imagePart = (field: string) => ({ field, filename: 'flowers.png', contentType: 'image/png', bytes: png });

function api(context: Context, path: string, init: RequestInit = {}, signedIn = true): Promise<Response> {
  const headers = new Headers(init.headers);
  if (signedIn) headers.set('authorization', `Bearer ${context.token}`);
  return fetch(`${context.server.baseUrl}/api${path}`, { ...init, headers });
}
const postForm = (context: Context, path: string, fields: Record<string, string>, file?: string, signedIn = true) =>
  api(context, path, { method: 'POST', body: multipartBody(fields, file ? imagePart(file) : undefined) }, signedIn);
const sendJson = (context: Context, path: string, method: string, body: unknown) =>
  api(context, path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const TEXT_CASES: TextCase[] = [
  { field: 'q', where: 'GET /dmc/threads ?q', send: (c, v) => api(c, `/dmc/threads?q=${encodeURIComponent(v)}`, {}, false) },
  {
    field: 'prompt',
    where: 'POST /stitch/creative-ideas JSON prompt',
    multiline: true,
    json: true,
    send: (c, v) => sendJson(c, '/stitch/creative-ideas', 'POST', { prompt: v }),
  },
  { field: 'name', where: 'POST /stitch/projects form name', send: (c, v) => postForm(c, '/stitch/projects', { name: v }, 'image') },
  {
    field: 'description',
    where: 'POST /stitch/projects form description',
    multiline: true,
    send: (c, v) => postForm(c, '/stitch/projects', { name: 'Meadow', description: v }, 'image'),
  },
  {
    field: 'name',
    where: 'PATCH /stitch/projects/:id JSON name',
    json: true,
    send: (c, v) => sendJson(c, `/stitch/projects/${c.projectId}`, 'PATCH', { name: v }),
  },
  {
    field: 'description',
    where: 'PATCH /stitch/projects/:id JSON description',
    multiline: true,
    json: true,
    send: (c, v) => sendJson(c, `/stitch/projects/${c.projectId}`, 'PATCH', { description: v }),
  },
  { field: 'id', where: 'GET /stitch/projects/:id', send: (c, v) => api(c, `/stitch/projects/${encodeURIComponent(v)}`) },
  { field: 'id', where: 'PATCH /stitch/projects/:id', send: (c, v) => sendJson(c, `/stitch/projects/${encodeURIComponent(v)}`, 'PATCH', { name: 'x' }) },
  { field: 'id', where: 'DELETE /stitch/projects/:id', send: (c, v) => api(c, `/stitch/projects/${encodeURIComponent(v)}`, { method: 'DELETE' }) },
  { field: 'id', where: 'GET /stitch/projects/:id/export', send: (c, v) => api(c, `/stitch/projects/${encodeURIComponent(v)}/export?format=oxs`) },
  {
    field: 'project_name',
    where: 'POST /stitch/generate form project_name',
    send: (c, v) => postForm(c, '/stitch/generate', { project_name: v }, 'image_file'),
  },
  {
    field: 'project_name',
    where: 'POST /stitch/generate/anonymous form project_name',
    send: (c, v) => postForm(c, '/stitch/generate/anonymous', { project_name: v }, 'image_file', false),
  },
  {
    field: 'image_url',
    where: 'POST /stitch/generate form image_url',
    send: (c, v) => postForm(c, '/stitch/generate', { project_name: 'Meadow', image_url: `https://example.com/${v}.png` }),
  },
  {
    field: 'image_url',
    where: 'POST /stitch/generate/anonymous form image_url',
    send: (c, v) => postForm(c, '/stitch/generate/anonymous', { image_url: `https://example.com/${v}.png` }, undefined, false),
  },
  {
    field: 'image_url',
    where: 'POST /images/upload form image_url',
    send: (c, v) => postForm(c, '/images/upload', { image_url: `https://example.com/${v}.png` }),
  },
  {
    field: 'image_url',
    where: 'POST /images/remove-background form image_url',
    send: (c, v) => postForm(c, '/images/remove-background', { image_url: `https://example.com/${v}.png` }),
  },
  {
    field: 'image_url',
    where: 'POST /images/crop form image_url',
    send: (c, v) => postForm(c, '/images/crop', { image_url: `https://example.com/${v}.png`, x: '0', y: '0', width: '1', height: '1' }),
  },
  {
    field: 'image_id',
    where: 'POST /images/crop form image_id',
    send: (c, v) => postForm(c, '/images/crop', { image_id: `abc${v}.png`, x: '0', y: '0', width: '1', height: '1' }),
  },
  {
    field: 'image_url',
    where: 'POST /colors/pick form image_url',
    send: (c, v) => postForm(c, '/colors/pick', { image_url: `https://example.com/${v}.png`, x: '0', y: '0' }),
  },
];

/**
 * What single-line fields refuse besides. A form sends LF as CR LF (the HTML form encoding
 * normalises line breaks), so the CR may be the character named.
 */
const LINE_BREAKS: BadCharacter[] = [
  { label: 'TAB in a single-line field', character: '\t' },
  { label: 'CR in a single-line field', character: '\r' },
  { label: 'LF in a single-line field', character: '\n', named: ['U+000A', 'U+000D'] },
];

const REFUSALS = TEXT_CASES.flatMap((textCase) =>
  [...BAD_CHARACTERS, ...(textCase.json ? [LONE_SURROGATE] : []), ...(textCase.multiline ? [] : LINE_BREAKS)].map((bad) => ({
    ...textCase,
    bad: bad.label,
    character: bad.character,
    named: bad.named ?? [codePointOf(bad.character)],
  })),
);

/** The answer is the app's 400 problem JSON, naming the field and the character. */
async function expectRefused(response: Response, field: string, named: string[]): Promise<void> {
  const text = await response.text();
  expect(response.status, text).toBe(400);
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const problem = JSON.parse(text) as Problem;
  expect(problem).toMatchObject({ type: 'urn:stitchwise:problem:invalid_request', title: 'Bad Request', status: 400, code: 'invalid_request' });
  const error = problem.errors?.find((entry) => entry.field === field);
  expect(error, `errors[] names ${field}: ${text}`).toBeDefined();
  expect(error!.message).toMatch(new RegExp(`^${field} must (not contain|be a single line)`));
  expect(error!.message).toMatch(new RegExp(`\\(found (${named.join('|').replaceAll('+', '\\+')})\\)$`));
  expect(problem.detail).toContain(field);
}

describe.each(DATABASES)('text fields on $name', ({ create }) => {
  let database: DatabaseUnderTest;
  const context = {} as Context;

  beforeAll(async () => {
    database = await create();
    context.server = await startTestServer(database.environment);
    context.token = (await new OidcBrowser(context.server.baseUrl).signUp(newUser('text'))).access_token;
    const generated = await postForm(context, '/stitch/generate', { project_name: 'Stored', max_side: '20', colors: '4' }, 'image_file');
    expect(generated.status).toBe(200);
    context.projectId = ((await generated.json()) as { project_id: string }).project_id;
  }, 60_000);
  afterAll(async () => {
    await context.server.stop();
    await database.dispose();
  });

  it.each(REFUSALS)('$where refuses $bad', async ({ field, character, named, send }) => {
    await expectRefused(await send(context, `Rose${character}garden`), field, named);
  });

  it('keeps ordinary text as sent: accents, CJK, emoji; tabs and line breaks in descriptions', async () => {
    const name = 'Café crème — Zoë’s 刺繍 🌸🧵 🏳️‍🌈 می‌خواهم';
    const description = 'First line\n\tindented line\r\nÄrger, ñandú, 日本語 and 👩‍👩‍👧';
    const created = await postForm(context, '/stitch/projects', { name: ` ${name} `, description }, 'image');
    expect(created.status).toBe(201);
    const project = (await created.json()) as Project;
    // A form sends every line break as CR LF.
    expect(project).toMatchObject({ name, description: description.replace(/\r?\n/g, '\r\n') });

    const renamed = await sendJson(context, `/stitch/projects/${project.id}`, 'PATCH', { name: 'Ölmühle 🌻 花', description: 'a\tb\nc' });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ name: 'Ölmühle 🌻 花', description: 'a\tb\nc' });
    const read = (await (await api(context, `/stitch/projects/${project.id}`)).json()) as Project;
    expect(read).toMatchObject({ name: 'Ölmühle 🌻 花', description: 'a\tb\nc' });

    const search = await api(context, `/dmc/threads?q=${encodeURIComponent('Écru 白')}`, {}, false);
    expect(search.status).toBe(200);
    const ecru = (await (await api(context, `/dmc/threads?q=${encodeURIComponent('ecru')}`, {}, false)).json()) as { total: number };
    expect(ecru.total).toBeGreaterThan(0);

    const idea = await sendJson(context, '/stitch/creative-ideas', 'POST', { prompt: 'A fox 🦊 in the snow,\nwith pine trees\tand a moon' });
    expect(idea.status).toBe(200);
  });

  it('exports a project whose stored name predates the check as well-formed OXS and a readable PDF', async () => {
    // PostgreSQL never could store NUL (that was the 500); SQLite could, so its old rows may hold one.
    const stored = `Old${database.name === 'SQLite' ? '\u0000' : ''}\u0001\u001b\u000b\uffff\ufdd0 name`;
    const db = await openDatabase(context.server.config.database);
    try {
      await db.updateTable('projects').set({ name: stored }).where('id', '=', context.projectId).execute();
    } finally {
      await db.destroy();
    }

    const oxs = await api(context, `/stitch/projects/${context.projectId}/export?format=oxs`);
    expect(oxs.status).toBe(200);
    const xml = await oxs.text();
    // XML 1.0's Char production (less the discouraged C1 controls and non-characters) holds for every character.
    expect(xml).toMatch(/^[\t\n\r\u0020-\u007E\u00A0-\uD7FF\uE000-\uFDCF\uFDF0-\uFFFD\u{10000}-\u{1FFFD}]*$/u);
    expect(xml).toMatch(/charttitle="Old\uFFFD+ +\uFFFD\uFFFD name"/);
    expect(parseOxs(xml).width).toBeGreaterThan(0);

    const pdf = await api(context, `/stitch/projects/${context.projectId}/export?format=pdf`);
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

describe.each(DATABASES)('sign-in pages refuse control characters on $name', ({ create }) => {
  let database: DatabaseUnderTest;
  let server: TestServer;
  beforeAll(async () => {
    database = await create();
    server = await startTestServer(database.environment);
  });
  afterAll(async () => {
    await server.stop();
    await database.dispose();
  });

  /** The refused page: the same form again, status 400, a readable message, nothing of the bad character echoed. */
  async function expectFormAgain(response: Response, action: 'login' | 'signup', message: RegExp): Promise<string> {
    const html = await response.clone().text();
    expect(response.status, html.slice(0, 300)).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html).toMatch(new RegExp(`<form method="post" action="/oidc/interaction/[^"]+/${action}"`));
    expect(html).toMatch(message);
    expect(html.replace(/[\t\n\r]/g, '')).not.toMatch(/[\p{Cc}\p{Cs}\p{Noncharacter_Code_Point}]/u);
    return html;
  }

  it.each(['\u0000', '\u0001', '\u001b', '\uffff'])('refuses sign-up with %j in the name, the e-mail or the password, then signs up', async (character) => {
    const browser = new OidcBrowser(server.baseUrl);
    const user = newUser('nul');
    const { page } = await browser.authorize({ prompt: 'create' });
    const point = codePointOf(character).replace('+', '\\+');

    const badName = await browser.submit(page, 'signup', { ...user, name: `Ann${character}e` });
    const html = await expectFormAgain(badName, 'signup', new RegExp(`Your name contains an? [^<]*\\(${point}\\)\\. Remove it and try again\\.`));
    expect(html).toMatch(/id="name"[^>]*aria-invalid="true"[^>]*aria-describedby="name-error"/);
    expect(html).toContain('value="Ann\uFFFDe"');

    const badEmail = await browser.submit(badName, 'signup', { ...user, email: `a${character}${user.email}` });
    await expectFormAgain(badEmail, 'signup', new RegExp(`The e-mail address contains an? [^<]*\\(${point}\\)`));

    const badPassword = await browser.submit(badEmail, 'signup', { ...user, password: `${user.password}${character}` });
    await expectFormAgain(badPassword, 'signup', new RegExp(`The password contains an? [^<]*\\(${point}\\)`));

    // The same interaction still signs up with clean values, and a name in any script is fine.
    const accepted = await browser.submit(badPassword, 'signup', { ...user, name: 'Zoë 刺繍 🌸' });
    expect(accepted.status).toBe(303);
  });

  it.each(['\u202e', '\u2066', '\u200b', '\ufeff'])(
    'refuses sign-up with the invisible %j in the name or the e-mail, but not in the password',
    async (character) => {
      const browser = new OidcBrowser(server.baseUrl);
      const user = newUser('invisible');
      const { page } = await browser.authorize({ prompt: 'create' });
      const point = codePointOf(character).replace('+', '\\+');
      const badName = await browser.submit(page, 'signup', { ...user, name: `Ann${character}e` });
      await expectFormAgain(badName, 'signup', new RegExp(`Your name contains an invisible control character \\(${point}\\)\\. Remove it and try again\\.`));
      const badEmail = await browser.submit(badName, 'signup', { ...user, email: `a${character}${user.email}` });
      await expectFormAgain(badEmail, 'signup', new RegExp(`The e-mail address contains an invisible control character \\(${point}\\)`));
      // A password is never shown: anything typeable is kept, and a family emoji (joined by U+200D) is a fine name.
      const accepted = await browser.submit(badEmail, 'signup', { ...user, name: 'Ann 👩‍👩‍👧', password: `${user.password}${character}` });
      expect(accepted.status).toBe(303);
    },
  );

  it.each(['\u0000', '\u0001', '\uffff'])('refuses sign-in with %j in the e-mail or the password', async (character) => {
    const user = newUser('signin');
    await new OidcBrowser(server.baseUrl).signUp(user);
    const browser = new OidcBrowser(server.baseUrl);
    const { page } = await browser.authorize();
    const point = codePointOf(character).replace('+', '\\+');

    const badEmail = await browser.submit(page, 'login', { email: `${user.email}${character}`, password: user.password });
    await expectFormAgain(badEmail, 'login', new RegExp(`role="alert">The e-mail address contains an? [^<]*\\(${point}\\)\\. Remove it and try again\\.`));
    const badPassword = await browser.submit(badEmail, 'login', { email: user.email, password: `${character}${user.password}` });
    await expectFormAgain(badPassword, 'login', new RegExp(`The password contains an? [^<]*\\(${point}\\)`));
    const newline = await browser.submit(badPassword, 'login', { email: `${user.email}\n`, password: user.password });
    await expectFormAgain(newline, 'login', /The e-mail address must be on one line, without tabs or line breaks\./);

    // Refusals are not wrong passwords: the account signs in at once.
    const accepted = await browser.submit(newline, 'login', { email: user.email, password: user.password });
    expect(accepted.status).toBe(303);
  });

  it('answers a form with a repeated field or without a body with the form, never a 500', async () => {
    const browser = new OidcBrowser(server.baseUrl);
    const { page } = await browser.authorize();
    const html = await page.text();
    const action = /action="(\/oidc\/interaction\/[^"]+\/login)"/.exec(html)![1]!;
    const repeated = await browser.request(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40example.com&email=b%40example.com&password=x',
    });
    expect(repeated.status).toBe(401);
    expect(await repeated.text()).toContain('The e-mail address or password is incorrect.');
    const empty = await browser.request(action, { method: 'POST' });
    expect(empty.status).toBe(401);
    await empty.arrayBuffer();
  });
});
