import { describe, expect, it } from 'vitest';
import type { Problem } from '../src/contract/problem.js';
import { codePointOf, postForm, useStoredProject, type TextContext } from './support/text-fields.js';
import { DATABASES } from './support/test-server.js';

/**
 * Every text a client sends — query strings, path parameters, JSON bodies, multipart form fields —
 * refuses control characters, lone surrogates, Unicode non-characters, bidirectional controls and
 * zero-width characters (a joiner inside an emoji or a word excepted) with a 400 problem naming the field, on SQLite and PostgreSQL alike (PostgreSQL cannot store NUL: it used to be a 500).
 * Single-line fields refuse TAB, LF and CR too; descriptions and prompts accept them. What is kept, and
 * names stored before the check, are in text-fields-kept; the sign-in pages in text-fields-sign-in.
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

interface TextCase {
  /** The field as named in `errors[]`. */
  field: string;
  where: string;
  /** Accepts TAB, LF and CR. */
  multiline?: boolean;
  /** Sent as JSON, which can carry a lone surrogate. */
  json?: boolean;
  send: (context: TextContext, value: string) => Promise<Response>;
}

const sendJson = (c: TextContext, path: string, method: string, body: unknown) => c.user.api(path, { method, json: body });
const imageUrl = (value: string): string => `https://example.com/${value}.png`;

const TEXT_CASES: TextCase[] = [
  { field: 'q', where: 'GET /dmc/threads ?q', send: (c, v) => c.visitor.api(`/dmc/threads?q=${encodeURIComponent(v)}`) },
  {
    field: 'prompt',
    where: 'POST /stitch/creative-ideas JSON prompt',
    multiline: true,
    json: true,
    send: (c, v) => sendJson(c, '/stitch/creative-ideas', 'POST', { prompt: v }),
  },
  {
    field: 'text',
    where: 'POST /stitch/lettering JSON text',
    multiline: true, // line breaks, but not tabs (lettering-api.test.ts)
    json: true,
    send: (c, v) => sendJson(c, '/stitch/lettering', 'POST', { text: v, alphabet: 'tiny-5', code: '310' }),
  },
  {
    field: 'code',
    where: 'POST /stitch/lettering JSON code',
    json: true,
    send: (c, v) => sendJson(c, '/stitch/lettering', 'POST', { text: 'Rose', alphabet: 'tiny-5', code: v }),
  },
  { field: 'name', where: 'POST /stitch/projects form name', send: (c, v) => postForm(c.user, '/stitch/projects', { name: v }, 'image') },
  {
    field: 'description',
    where: 'POST /stitch/projects form description',
    multiline: true,
    send: (c, v) => postForm(c.user, '/stitch/projects', { name: 'Meadow', description: v }, 'image'),
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
  { field: 'id', where: 'GET /stitch/projects/:id', send: (c, v) => c.user.api(`/stitch/projects/${encodeURIComponent(v)}`) },
  { field: 'id', where: 'PATCH /stitch/projects/:id', send: (c, v) => sendJson(c, `/stitch/projects/${encodeURIComponent(v)}`, 'PATCH', { name: 'x' }) },
  { field: 'id', where: 'DELETE /stitch/projects/:id', send: (c, v) => c.user.api(`/stitch/projects/${encodeURIComponent(v)}`, { method: 'DELETE' }) },
  { field: 'id', where: 'GET /stitch/projects/:id/export', send: (c, v) => c.user.api(`/stitch/projects/${encodeURIComponent(v)}/export?format=oxs`) },
  {
    field: 'name',
    where: 'GET /stitch/patterns/:patternId/export ?name',
    send: (c, v) => c.visitor.api(`/stitch/patterns/pattern.json/export?format=oxs&name=${encodeURIComponent(v)}`),
  },
  {
    field: 'project_name',
    where: 'POST /stitch/generate form project_name',
    send: (c, v) => postForm(c.user, '/stitch/generate', { project_name: v }, 'image_file'),
  },
  {
    field: 'project_name',
    where: 'POST /stitch/generate/anonymous form project_name',
    send: (c, v) => postForm(c.visitor, '/stitch/generate/anonymous', { project_name: v }, 'image_file'),
  },
  {
    field: 'image_url',
    where: 'POST /stitch/generate form image_url',
    send: (c, v) => postForm(c.user, '/stitch/generate', { project_name: 'Meadow', image_url: imageUrl(v) }),
  },
  {
    field: 'image_url',
    where: 'POST /stitch/generate/anonymous form image_url',
    send: (c, v) => postForm(c.visitor, '/stitch/generate/anonymous', { image_url: imageUrl(v) }),
  },
  { field: 'image_url', where: 'POST /images/upload form image_url', send: (c, v) => postForm(c.user, '/images/upload', { image_url: imageUrl(v) }) },
  {
    field: 'image_url',
    where: 'POST /images/remove-background form image_url',
    send: (c, v) => postForm(c.user, '/images/remove-background', { image_url: imageUrl(v) }),
  },
  {
    field: 'image_url',
    where: 'POST /images/crop form image_url',
    send: (c, v) => postForm(c.user, '/images/crop', { image_url: imageUrl(v), x: '0', y: '0', width: '1', height: '1' }),
  },
  {
    field: 'image_id',
    where: 'POST /images/crop form image_id',
    send: (c, v) => postForm(c.user, '/images/crop', { image_id: `abc${v}.png`, x: '0', y: '0', width: '1', height: '1' }),
  },
  {
    field: 'image_url',
    where: 'POST /colors/pick form image_url',
    send: (c, v) => postForm(c.user, '/colors/pick', { image_url: imageUrl(v), x: '0', y: '0' }),
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

describe.each(DATABASES)('text fields on $name', (database) => {
  const context = useStoredProject(database);

  it.each(REFUSALS)('$where refuses $bad', async ({ field, character, named, send }) => {
    await expectRefused(await send(context, `Rose${character}garden`), field, named);
  });
});
