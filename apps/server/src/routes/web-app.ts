import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The built web app (apps/web/dist), the same from src/ and dist/ of the server. */
export const WEB_APP_DIR = fileURLToPath(new URL('../../../web/dist/', import.meta.url));

/** Paths that belong to the server, never to the web app's client-side routes. */
const SERVER_PREFIXES = ['/api', '/oidc', '/files'];

/**
 * Serves the React app on the API's port: its files as they are (hashed assets cached for a year),
 * and index.html for every other GET path so that client-side routes such as /stitch/projects/42
 * work on reload. Scripts and styles go out as the .br or .gz copy the build made of them when the
 * browser accepts one. Without a build the API still runs, with a warning. The security headers
 * come from http/security-headers.ts.
 */
export async function registerWebApp(app: FastifyInstance): Promise<void> {
  if (!existsSync(`${WEB_APP_DIR}index.html`)) {
    app.log.warn(`The web app is not built (${WEB_APP_DIR} has no index.html): only the API is served. Run npm run build.`);
    return;
  }
  await app.register(fastifyStatic, {
    root: WEB_APP_DIR,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(reply, path) {
      void reply.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (SERVER_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) {
      reply.callNotFound();
      return reply;
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
