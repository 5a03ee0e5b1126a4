import { beforeAll, describe, expect, it } from 'vitest';
import { JSON_TYPE } from './support/malformed-attempts.js';
import { expectNothingLeaked, expectProblem, read, send, useMalformedServer, type Answer, type Attempt, type Context } from './support/malformed-routes.js';
import { OidcBrowser } from './support/oidc-client.js';
import { DATABASES } from './support/test-server.js';

/**
 * The built-in identity provider under /oidc answers malformed requests in its own ways:
 * - its sign-in and sign-up form posts are Fastify routes: a body Fastify cannot parse (bad JSON, a
 *   type it has no parser for, over the 16 KB form limit) is a problem like anywhere else; a body it
 *   parses but that is not the form (text, multipart, repeated or odd fields) gets the sign-in page
 *   again with a 4xx status, as a browser should see it;
 * - everything else under /oidc is oidc-provider's: OAuth endpoints answer `{ error, error_description }`
 *   JSON (RFC 6749 §5.2), unknown paths and methods a plain-text 404, browser endpoints an HTML page.
 *   Those are not problems, but they are 4xx and show no stack or file path.
 */

/** A page of the built-in provider's own (the sign-in page again, or "this link has expired"), with a 4xx status. */
function expectPage(answer: Answer, context: Context, described: string): void {
  expect(answer.status, described).toBeGreaterThanOrEqual(400);
  expect(answer.status, described).toBeLessThan(500);
  expect(answer.contentType, described).toMatch(/^text\/html/);
  expect(answer.body, described).toMatch(/^<!doctype html>/i);
  expectNothingLeaked(answer, context, described);
}

describe.each(DATABASES)('malformed requests on $name', (database) => {
  const context = useMalformedServer(database);

  describe("the identity provider's sign-in and sign-up forms", () => {
    let browser: OidcBrowser;
    let interaction: string;

    beforeAll(async () => {
      browser = new OidcBrowser(context.baseUrl);
      const { page } = await browser.authorize();
      const action = /action="(\/oidc\/interaction\/[^"/]+)\/login"/.exec(await page.text());
      expect(action).not.toBeNull();
      interaction = action![1]!;
    });

    /** Posts to the live interaction with its cookie, as the browser that opened it would. */
    const post = async (path: string, headers: Record<string, string>, body: string | FormData, raw = false): Promise<Answer> => {
      if (raw) {
        const attempt: Attempt = {
          name: path,
          method: 'POST',
          target: path,
          headers: { cookie: browser.jar.headerFor(`${context.baseUrl}${path}`), ...headers },
          body: () => body,
          raw,
        };
        return send(context, attempt);
      }
      const response = await browser.request(path, { method: 'POST', headers, body });
      return read(response);
    };
    const FORM_TYPE = { 'content-type': 'application/x-www-form-urlencoded' };

    describe.each(['login', 'signup'])('%s', (action) => {
      const path = (): string => `${interaction}/${action}`;

      it.each<{ name: string; headers: Record<string, string>; body: string; raw?: boolean; status: number }>([
        { name: 'broken JSON', headers: { 'content-type': JSON_TYPE }, body: '{"email": ', status: 400 },
        { name: 'an XML body', headers: { 'content-type': 'application/xml' }, body: '<email>a@example.com</email>', status: 415 },
        { name: 'a form over 16 KB', headers: FORM_TYPE, body: `email=${'a'.repeat(17 * 1024)}%40example.com&password=x`, status: 413 },
        { name: 'a body and no content type', headers: {}, body: 'email=a%40example.com', raw: true, status: 415 },
      ])('answers $name with a $status problem', async ({ headers, body, raw, status }) => {
        const answer = await post(path(), headers, body, raw);
        expectProblem(answer, { name: `POST ${path()}`, method: 'POST', target: path(), status }, context);
      });

      const multipartForm = (): FormData => {
        const form = new FormData();
        form.append('email', 'a@example.com');
        form.append('password', 'linen floss hoop');
        return form;
      };
      it.each<{ name: string; headers: Record<string, string>; body: () => string | FormData }>([
        { name: 'a multipart form', headers: {}, body: multipartForm },
        { name: 'a text/plain body', headers: { 'content-type': 'text/plain' }, body: () => 'email=a@example.com' },
        {
          name: 'JSON fields of the wrong types',
          headers: { 'content-type': JSON_TYPE },
          body: () => '{"email": {"$ne": 1}, "password": [1, 2], "name": 12345}',
        },
        { name: 'repeated fields', headers: FORM_TYPE, body: () => 'email=a%40example.com&email=b%40example.com&password=x&password=y' },
        { name: 'broken %-encoding in the form', headers: FORM_TYPE, body: () => 'email=%E0%A4%A&password=%zz&name=%' },
        { name: 'a NUL in the e-mail address', headers: FORM_TYPE, body: () => 'email=a%00%40example.com&password=linen%20floss%20hoop&name=A' },
        { name: 'an empty form', headers: FORM_TYPE, body: () => '' },
      ])('answers $name with its page again and a 4xx status', async ({ headers, body }) => {
        const answer = await post(path(), headers, body());
        expectPage(answer, context, `POST ${path()} → ${answer.status} ${answer.contentType}\n${answer.body.slice(0, 300)}`);
      });

      it('answers broken %-encoding in the path with a 400 problem', async () => {
        const target = `/oidc/interaction/%E0%A4%A/${action}`;
        const answer = await post(target, FORM_TYPE, 'email=a%40example.com');
        expectProblem(answer, { name: `POST ${target}`, method: 'POST', target, status: 400 }, context);
      });

      it('answers an unknown interaction with the "link has expired" page', async () => {
        const target = `/oidc/interaction/unknown-0000/${action}`;
        const response = await fetch(`${context.baseUrl}${target}`, { method: 'POST', headers: FORM_TYPE, body: 'email=%zz' });
        const answer = await read(response);
        expectPage(answer, context, `POST ${target} → ${answer.status}`);
        expect(answer.status).toBe(400);
      });
    });
  });

  describe("the identity provider's own endpoints (oidc-provider: OAuth errors or a plain 404)", () => {
    let endpoints: [string, string][];
    beforeAll(async () => {
      const discovery = (await (await fetch(`${context.baseUrl}/oidc/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
      endpoints = Object.entries(discovery).filter((entry): entry is [string, string] => entry[0].endsWith('_endpoint') && typeof entry[1] === 'string');
      expect(endpoints.map(([name]) => name)).toContain('token_endpoint');
    });

    it.each<{ name: string; method: string; headers: Record<string, string>; body: string }>([
      { name: 'broken JSON', method: 'POST', headers: { 'content-type': JSON_TYPE }, body: '{"grant_type": ' },
      { name: 'an XML body', method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<grant_type/>' },
      {
        name: 'a form of 300 KB',
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `client_id=${'a'.repeat(300 * 1024)}`,
      },
      {
        name: 'a form with broken %-encoding and odd keys',
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'a=%zz&&=&client_id[]=x',
      },
      { name: 'a multipart body without a boundary', method: 'POST', headers: { 'content-type': 'multipart/form-data' }, body: '--x\r\n' },
      { name: 'PUT', method: 'PUT', headers: {}, body: 'x' },
    ])('answer $name with a 4xx and no stack', async ({ method, headers, body }) => {
      for (const [name, url] of endpoints) {
        const response = await fetch(url, { method, headers, body, redirect: 'manual' });
        const answer = await read(response);
        const described = `${name} ${method} ${url} → ${answer.status} ${answer.contentType}\n${answer.body.slice(0, 300)}`;
        expect(answer.status, described).toBeGreaterThanOrEqual(400);
        expect(answer.status, described).toBeLessThan(500);
        if (answer.contentType.startsWith('application/json'))
          expect((JSON.parse(answer.body) as { error?: unknown }).error, described).toEqual(expect.any(String));
        expectNothingLeaked(answer, context, described);
      }
    });
  });
});
