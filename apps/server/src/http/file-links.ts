import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { loopbackOrigin } from '../identity/app-address.js';

/** The loopback origin the browser used for the request being answered, where file links follow it. */
const requestOrigin = new AsyncLocalStorage<string>();

/**
 * How stored files are linked in answers (`…_url` fields). With PUBLIC_URL set, always from it. Without it,
 * its default `http://localhost:PORT` is a guess: a browser on the server's own machine that opened the app
 * at 127.0.0.1 (or [::1]) would be refused `localhost` images by the page's own policy, so links follow the
 * loopback address that request really came by (`loopbackOrigin`: never an arbitrary Host header).
 */
export function registerFileLinks(app: FastifyInstance, config: Pick<Config, 'publicUrl' | 'publicUrlSet'>): (fileId: string) => string {
  if (!config.publicUrlSet) {
    app.addHook('onRequest', (request, _reply, done) => {
      const origin = loopbackOrigin(request.raw);
      if (origin) requestOrigin.run(origin, done);
      else done();
    });
  }
  return (fileId) => `${requestOrigin.getStore() ?? config.publicUrl}/files/${fileId}`;
}
