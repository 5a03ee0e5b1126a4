import { createHash } from 'node:crypto';
import helmet, { fastifyHelmet } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { page } from '../identity/pages.js';

/**
 * The security headers of every answer, in one place. Helmet sends the common ones everywhere:
 * nosniff, X-Frame-Options DENY, Referrer-Policy, cross-origin isolation of windows and resources,
 * and HSTS when the public URL is https. The Content-Security-Policy depends on the path:
 *
 * - the web app (every path not below): only its own scripts and styles, nothing inline, and
 *   WebAssembly (the HEIC photo decoder); pictures from anywhere (image URLs people paste are shown
 *   as they are, so are profile pictures), calls to this server and to an external OpenID provider;
 * - /api: JSON answers, which nothing may render or frame;
 * - /api/docs: Swagger UI, which sets inline styles from its scripts;
 * - /oidc: the provider's server-rendered pages, whose one inline stylesheet is allowed by its hash;
 * - /files: stored uploads and results, sandboxed so that a stored file can never run script.
 *
 * The policy chosen here replaces any a route sets itself.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'publicUrl' | 'identity'>): Promise<void> {
  const https = config.publicUrl.startsWith('https://');
  await app.register(helmet, {
    contentSecurityPolicy: false, // per path, below
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Browsers honour HSTS only over https; on plain http (localhost) it would only mislead.
    // Not includeSubDomains: a self-hosted server cannot speak for its domain's other hosts.
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: false } : false,
  });

  const policies = contentSecurityPolicies(config);
  const setters = Object.fromEntries(
    Object.entries(policies).map(([name, directives]) => [name, fastifyHelmet.contentSecurityPolicy({ useDefaults: false, directives })]),
  ) as Record<PolicyName, ReturnType<typeof fastifyHelmet.contentSecurityPolicy>>;

  // On the raw response, so that it reaches answers written there too (oidc-provider's own pages).
  app.addHook('onRequest', (request, reply, done) => {
    setters[policyNameFor(request.url)](request.raw, reply.raw, (error?: Error) => {
      done(error);
    });
  });
  // Headers a route set on the reply win over the raw ones: put this module's policy back.
  app.addHook('onSend', (_request, reply, payload, done) => {
    const policy = reply.raw.getHeader('content-security-policy');
    if (policy !== undefined) void reply.header('content-security-policy', policy);
    done(null, payload);
  });
}

export type PolicyName = 'webApp' | 'api' | 'apiDocs' | 'identity' | 'files';
type Directives = Record<string, string[]>;

export function policyNameFor(url: string): PolicyName {
  const path = decodedPath(url);
  const under = (prefix: string): boolean => path === prefix || path.startsWith(`${prefix}/`);
  if (under('/api/docs')) return 'apiDocs';
  if (under('/api')) return 'api';
  if (under('/oidc')) return 'identity';
  if (under('/files')) return 'files';
  return 'webApp';
}

/** The path as the router sees it (`/%66iles/…` is `/files/…`), so the policy cannot be dodged by encoding. */
function decodedPath(url: string): string {
  const path = url.split('?', 1)[0] ?? '/';
  try {
    return decodeURIComponent(path);
  } catch {
    return path; // refused by the router as a bad address anyway
  }
}

export function contentSecurityPolicies(config: Pick<Config, 'publicUrl' | 'identity'>): Record<PolicyName, Directives> {
  const https = config.publicUrl.startsWith('https://');
  // An external provider's discovery, token and userinfo endpoints are called by the web app, and its sign-in may post back.
  const provider = config.identity.kind === 'external' ? [new URL(config.identity.issuer).origin] : [];
  const upgrade: Directives = https ? { 'upgrade-insecure-requests': [] } : {};
  const locked = { 'base-uri': ["'none'"], 'form-action': ["'none'"], 'frame-ancestors': ["'none'"] };
  return {
    webApp: {
      'default-src': ["'self'"],
      // 'wasm-unsafe-eval' lets the app compile WebAssembly (the HEIC decoder, bundled with the app);
      // unlike 'unsafe-eval' it allows no eval(), new Function() or other string-to-script.
      'script-src': ["'self'", "'wasm-unsafe-eval'"],
      'script-src-attr': ["'none'"],
      'style-src': ["'self'"],
      // Previews of chosen files are blob: URLs; pasted image URLs and profile pictures can be on any host.
      'img-src': ["'self'", 'data:', 'blob:', 'https:', ...(https ? [] : ['http:'])],
      'font-src': ["'self'"],
      'connect-src': ["'self'", ...provider],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'", ...provider],
      'frame-ancestors': ["'none'"],
      ...upgrade,
    },
    api: { 'default-src': ["'none'"], ...locked },
    apiDocs: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:'],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
      ...upgrade,
    },
    identity: {
      'default-src': ["'none'"],
      'style-src': identityPageStyleHashes(),
      'base-uri': ["'none'"],
      // The sign-in and sign-out forms post to the provider, which then redirects to the web app.
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
      ...upgrade,
    },
    files: { 'default-src': ["'none'"], ...locked, sandbox: [] },
  };
}

/** The provider's pages carry their stylesheet inline: allow exactly that text by its hash. */
function identityPageStyleHashes(): string[] {
  const html = page('', '');
  const hashes = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
    ([, css = '']) => `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`,
  );
  return hashes.length ? hashes : ["'none'"];
}
