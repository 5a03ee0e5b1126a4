import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { sqliteUnderTest, startTestServer } from './support/test-server.js';

describe('closing the server', () => {
  it('ends at once although a client holds a connection it never sent a request on, and finishes the request in flight', async () => {
    const database = await sqliteUnderTest();
    const server = await startTestServer(database.environment);
    try {
      const { hostname, port } = new URL(server.baseUrl);
      // A spare connection, as browsers and HTTP clients open ahead of need.
      const spare = connect(Number(port), hostname);
      await new Promise((resolve) => spare.once('connect', resolve));
      const spareClosed = new Promise((resolve) => spare.once('close', resolve));
      // A request in flight: its answer still arrives.
      // Waited for until the server has read it: a fixed pause lost that race on a busy machine (a reset, not an answer).
      const arrived = new Promise((resolve) => server.app.server.once('request', resolve));
      const inFlight = fetch(`${server.baseUrl}/api/dmc/threads?limit=100`);
      await arrived;
      const started = performance.now();
      await server.app.close();
      // Not held open by the idle spare connection until its keep-alive timeout (72 s): room for a slow machine.
      expect(performance.now() - started).toBeLessThan(30_000);
      await spareClosed;
      expect((await inFlight).status).toBe(200);
    } finally {
      await database.dispose();
    }
  }, 60_000);
});
