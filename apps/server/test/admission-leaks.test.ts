import { connect } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClientKey } from '../src/auth/client-key.js';
import { heavyRoute, registerAdmission } from '../src/http/admission.js';
import { closeIdleConnectionsOnClose } from '../src/http/graceful-close.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends a request's head and closes the connection `afterMs` later, before any answer. */
async function abandon(app: FastifyInstance, path: string, afterMs: number): Promise<void> {
  const { port } = app.server.address() as { port: number };
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`);
  await sleep(afterMs);
  socket.destroy();
}

describe('places held by requests whose client went away', () => {
  let app: FastifyInstance;
  afterEach(async () => {
    await app.close();
  });

  it('gives back the place of a client that left while its token was being checked', async () => {
    app = Fastify();
    // Checking the client takes a while (a token's keys fetched, Redis asked): the client leaves meanwhile.
    const clientKey = async (): Promise<ClientKey> => {
      await sleep(150);
      return 'user:someone';
    };
    registerAdmission(app, { capacity: { image: 100, segmentation: 100 }, perClient: 4, clientKey });
    app.get('/heavy', { config: heavyRoute() }, async () => {
      await sleep(50);
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    for (let i = 0; i < 5; i++) await abandon(app, '/heavy', 30);
    await sleep(300);
    // All four places are free for the same client.
    const { port } = app.server.address() as { port: number };
    const answers = await Promise.all(Array.from({ length: 4 }, () => fetch(`http://127.0.0.1:${port}/heavy`)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
  });

  it('forgets the connections of requests whose client went away mid-answer', async () => {
    app = Fastify();
    const tracked = closeIdleConnectionsOnClose(app);
    app.get('/slow', async () => {
      await sleep(200);
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    for (let i = 0; i < 5; i++) await abandon(app, '/slow', 30);
    await sleep(400);
    expect(tracked.connections()).toBe(0);
  });
});
