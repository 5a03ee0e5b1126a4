import { describe, expect, it } from 'vitest';
import { useTestServer } from './support/harness.js';
import { newUser, OidcBrowser } from './support/oidc-client.js';
import { codePointOf } from './support/text-fields.js';
import { DATABASES } from './support/test-server.js';

/**
 * The identity provider's sign-up and sign-in forms refuse control characters, non-characters and, in
 * a name or an e-mail address, invisible characters, with the form again and a sentence saying which,
 * never a 500; the same interaction then signs up or in with clean values.
 */
describe.each(DATABASES)('sign-in pages refuse control characters on $name', (database) => {
  const suite = useTestServer({ database });

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
    const browser = new OidcBrowser(suite.baseUrl);
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
      const browser = new OidcBrowser(suite.baseUrl);
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
    const user = await suite.signUp('signin');
    const browser = new OidcBrowser(suite.baseUrl);
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
    const browser = new OidcBrowser(suite.baseUrl);
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
