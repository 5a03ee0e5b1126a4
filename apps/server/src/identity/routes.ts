import formBody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { InteractionResults, default as Provider } from 'oidc-provider';
import { HttpProblem } from '../http/problem.js';
import { characterProblem, SignUpRefused, type LocalAccounts } from './local-accounts.js';
import { messagePage, signInPage, signUpPage } from './pages.js';
import { PASSWORD_MIN_LENGTH } from './passwords.js';

const TOO_MANY_SIGN_UPS = 'Too many accounts were created from your network today. Please try again tomorrow, or sign in to an account you already have.';

const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters. A few unrelated words make a strong password.`;

interface InteractionParams {
  uid: string;
}

/** A field of a posted form as text: '' when it is missing, repeated or the body is not a form. */
function formText(request: FastifyRequest, name: string): string {
  const value = (request.body as Record<string, unknown> | null | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}

/**
 * Mounts the built-in provider under /oidc: its own endpoints (discovery, authorize, token, jwks,
 * userinfo, end-session, …) through one catch-all route handed to oidc-provider untouched, and the
 * sign-in and sign-up pages of its interactions as ordinary Fastify routes.
 */
export async function registerIdentityRoutes(
  app: FastifyInstance,
  provider: Provider,
  accounts: LocalAccounts,
  { signUpsPerDay }: { signUpsPerDay: number },
): Promise<void> {
  await app.register(async (interactions) => {
    await interactions.register(formBody, { bodyLimit: 16 * 1024 });
    // The sign-up limit's refusal (a 429 HttpProblem thrown before the form is read) as a page, not JSON.
    interactions.setErrorHandler((error, _request, reply) => {
      if (!(error instanceof HttpProblem && error.status === 429)) throw error;
      return sendHtml(reply, 429, messagePage('Too many new accounts', TOO_MANY_SIGN_UPS, { href: '/', label: 'Back to Stitchwise' }));
    });
    interactions.addHook('onRequest', (_request, reply, done) => {
      // Pages carrying forms for credentials are never cached (never framed either: http/security-headers.ts).
      void reply.header('Cache-Control', 'no-store');
      done();
    });

    interactions.get<{ Params: InteractionParams; Querystring: { view?: string } }>('/oidc/interaction/:uid', async (request, reply) => {
      const details = await interactionDetails(provider, request, reply);
      if (!details) return;
      const { prompt } = details;
      if (prompt.name === 'consent') {
        // Only reached when a grant could not be loaded; the web app is first-party, so finish without asking.
        return finish(provider, request, reply, {}, true);
      }
      const view = request.query.view ?? (prompt.name === 'create' ? 'signup' : 'login');
      const email = typeof details.params.login_hint === 'string' ? details.params.login_hint : undefined;
      return sendHtml(
        reply,
        200,
        view === 'signup' ? signUpPage({ uid: details.uid, values: { email }, passwordHint: PASSWORD_HINT }) : signInPage({ uid: details.uid, email }),
      );
    });

    interactions.post<{ Params: InteractionParams }>('/oidc/interaction/:uid/login', async (request, reply) => {
      const details = await interactionDetails(provider, request, reply);
      if (!details) return;
      const email = formText(request, 'email');
      const password = formText(request, 'password');
      // Characters no text field accepts: refused before the database sees them (PostgreSQL cannot store NUL).
      const refused = characterProblem('email', email) ?? characterProblem('password', password);
      if (refused) return sendHtml(reply, 400, signInPage({ uid: details.uid, email, error: refused }));
      const account = await accounts.authenticate(email, password);
      if (account === 'throttled') {
        const error = 'Too many wrong passwords for this e-mail address. Please wait 15 minutes and try again.';
        return sendHtml(reply, 429, signInPage({ uid: details.uid, email, error }));
      }
      if (!account) {
        const error = 'The e-mail address or password is incorrect. Check them and try again.';
        return sendHtml(reply, 401, signInPage({ uid: details.uid, email, error }));
      }
      return finish(provider, request, reply, { login: { accountId: account.id, remember: true } });
    });

    // Each account has its own storage quota, so sign-ups are limited per address (form submissions, a day).
    const signUpLimit = { rateLimit: { max: signUpsPerDay, timeWindow: '1 day' } };
    interactions.post<{ Params: InteractionParams }>('/oidc/interaction/:uid/signup', { config: signUpLimit }, async (request, reply) => {
      const details = await interactionDetails(provider, request, reply);
      if (!details) return;
      const values = { name: formText(request, 'name'), email: formText(request, 'email') };
      try {
        const account = await accounts.signUp({ ...values, password: formText(request, 'password') });
        // `create` resolves a prompt=create request; `login` signs the new account in.
        await finish(provider, request, reply, { create: {}, login: { accountId: account.id, remember: true } });
        return;
      } catch (error) {
        if (!(error instanceof SignUpRefused)) throw error;
        const status = error.fieldErrors.email?.includes('already exists') ? 409 : 400;
        return sendHtml(reply, status, signUpPage({ uid: details.uid, values, errors: error.fieldErrors, passwordHint: PASSWORD_HINT }));
      }
    });

    interactions.get<{ Params: InteractionParams }>('/oidc/interaction/:uid/abort', async (request, reply) => {
      if (!(await interactionDetails(provider, request, reply))) return;
      return finish(provider, request, reply, { error: 'access_denied', error_description: 'The user cancelled the sign-in.' });
    });
  });

  await app.register((mount, _options, done) => {
    // Leave request bodies unread: oidc-provider parses them itself from the raw request.
    mount.removeAllContentTypeParsers();
    mount.addContentTypeParser('*', (_request, _payload, done) => {
      done(null);
    });
    const callback = provider.callback();
    const handle = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      reply.hijack();
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '/').replace(/^\/oidc/, '') || '/';
      await callback(raw, reply.raw);
    };
    mount.all('/oidc', handle);
    mount.all('/oidc/*', handle);
    done();
  });
}

/** Hands the interaction's result back to oidc-provider, which redirects the browser to resume sign-in. */
async function finish(
  provider: Provider,
  request: FastifyRequest,
  reply: FastifyReply,
  result: InteractionResults,
  mergeWithLastSubmission = false,
): Promise<void> {
  reply.hijack(); // oidc-provider writes the redirect to the raw response itself
  try {
    await provider.interactionFinished(request.raw, reply.raw, result, { mergeWithLastSubmission });
  } catch (error) {
    request.log.error({ err: error }, 'could not finish the sign-in interaction');
    if (!reply.raw.headersSent) {
      reply.raw.writeHead(500, { 'content-type': 'text/html; charset=utf-8' });
      reply.raw.end(messagePage('Something went wrong', 'Sign-in could not be completed. Please try again.', { href: '/', label: 'Back to Stitchwise' }));
    }
  }
}

type Details = Awaited<ReturnType<Provider['interactionDetails']>>;

/** The interaction behind this page, or a friendly page when it has expired or its cookie is missing. */
async function interactionDetails(
  provider: Provider,
  request: FastifyRequest<{ Params: InteractionParams }>,
  reply: FastifyReply,
): Promise<Details | undefined> {
  try {
    const details = await provider.interactionDetails(request.raw, reply.raw);
    if (details.uid !== request.params.uid) throw new Error('interaction mismatch');
    return details;
  } catch {
    await sendHtml(
      reply,
      400,
      messagePage(
        'This sign-in link has expired',
        'Sign-in pages are valid for one hour and only in the browser that opened them. Please start again from Stitchwise.',
        {
          href: '/',
          label: 'Back to Stitchwise',
        },
      ),
    );
    return undefined;
  }
}

function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').send(html);
}
