import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ClientKey } from '../auth/client-key.js';
import { answerAndClose } from './error-handling.js';
import { busy } from '../refusals.js';
import { HttpProblem } from './problem.js';
import { LIMITED } from './rate-limits.js';

/** The queue a heavy endpoint's work waits in: image decoding and analysis, or the segmentation model. */
export type WorkKind = 'image' | 'segmentation';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on heavy endpoints: which work queue admits them. */
    work?: WorkKind;
    /** The endpoint keeps files for its client: refused at once when their storage quota (a visitor's or a user's) cannot take the upload. */
    storesFiles?: boolean;
  }
}

/** Route config of a heavy endpoint: abuse-limited, and admitted only while its work queue has room. */
export const heavyRoute = (work: WorkKind = 'image', { storesFiles = false } = {}) => ({ ...LIMITED, work, storesFiles });

/** A body that sends nothing for this long is given up: the connection is closed. */
export const BODY_IDLE_MS = 30_000;

/**
 * A body must arrive at this average rate, counted from the request's start over the time the server
 * was waiting for it, once BODY_GRACE_MS of such waiting has passed; slower is 408 and the connection
 * closed. A 10 MB photo at this rate would take longer than the request timeout anyway: the bound is
 * for bodies that trickle (a byte every few seconds holds a place at no cost to the sender).
 */
export const MIN_BODY_BYTES_PER_SECOND = 8 * 1024;
export const BODY_GRACE_MS = 5_000;
const BODY_CHECK_MS = 1_000;

export interface AdmissionOptions {
  /** Heavy requests in flight at once, per work queue: bodies being received and work running or queued. */
  capacity: Record<WorkKind, number>;
  /** Heavy requests one client (a user, or a visitor's address) may have in flight at once. */
  perClient: number;
  clientKey: (request: FastifyRequest) => Promise<ClientKey>;
}

/**
 * Admission of heavy requests, decided when a request arrives, before its body is read: at most
 * `capacity[kind]` at once, else 503 at once, which bounds the uploads buffered (10 MB each at most);
 * and at most `perClient` of them for one client, else 429, so no one client holds the places of
 * everyone else. Work itself takes a thread only once its body is in (the worker pool's own queue).
 * Every request body, heavy or not, is held to a minimum rate (watchBodyRate).
 */
export function registerAdmission(app: FastifyInstance, { capacity, perClient, clientKey }: AdmissionOptions): void {
  const inFlight: Record<WorkKind, number> = { image: 0, segmentation: 0 };
  const byClient = new Map<ClientKey, number>();
  const bodies = watchBodyRate(app);

  app.addHook('onRequest', async (request, reply) => {
    bodies.watch(request, reply);
    const kind = request.routeOptions.config.work;
    if (!kind) return;
    const client = await clientKey(request);
    // Gone while its token was checked (or an earlier hook waited): its 'close' has fired already, and
    // counting it now would hold a place for ever.
    if (reply.raw.destroyed) return;
    const held = byClient.get(client) ?? 0;
    if (held >= perClient) throw tooManyAtOnce(perClient);
    if (inFlight[kind] >= capacity[kind]) throw busy();
    inFlight[kind]++;
    byClient.set(client, held + 1);
    reply.raw.once('close', () => {
      inFlight[kind]--;
      const left = (byClient.get(client) ?? 1) - 1;
      if (left > 0) byClient.set(client, left);
      else byClient.delete(client);
    });
  });
}

function tooManyAtOnce(perClient: number): HttpProblem {
  return new HttpProblem(
    429,
    'too_many_at_once',
    `You already have ${perClient} images or charts being sent or processed. Please wait for one of them to finish, then try again.`,
    undefined,
    { 'Retry-After': '5' },
  );
}

interface WatchedBody {
  request: FastifyRequest;
  reply: FastifyReply;
  /** The connection's bytes read when the request arrived (earlier requests on a kept-alive connection, and this one's head). */
  bytesBefore: number;
  /** Time the server spent waiting for this body, counted in checks. */
  waitedMs: number;
}

/**
 * Request bodies that stall or trickle are cut off: a body that sends nothing for BODY_IDLE_MS is dropped
 * (also when it is being read only to be dropped after an early answer), and one slower than
 * MIN_BODY_BYTES_PER_SECOND after BODY_GRACE_MS is answered 408 and its connection closed. Time counts
 * only while the server waits for the client: a body the server is not reading yet (its buffer full,
 * the socket paused by back-pressure) is not the client's fault. The overall time to send a request is
 * bounded by the server's requestTimeout.
 */
function watchBodyRate(app: FastifyInstance): { watch: (request: FastifyRequest, reply: FastifyReply) => void } {
  const watched = new Set<WatchedBody>();
  const timer = setInterval(() => {
    for (const body of watched) checkBody(body, watched);
  }, BODY_CHECK_MS).unref();
  app.addHook('onClose', (_instance, done) => {
    clearInterval(timer);
    done();
  });

  return {
    watch(request, reply) {
      const { raw } = request;
      const { socket } = raw;
      if (typeof socket.setTimeout !== 'function') return; // app.inject's stand-in socket: no network to wait for
      const hasBody = Number(raw.headers['content-length'] ?? 0) > 0 || raw.headers['transfer-encoding'] !== undefined;
      if (!hasBody || raw.complete) return;
      socket.setTimeout(BODY_IDLE_MS);
      const body: WatchedBody = { request, reply, bytesBefore: socket.bytesRead, waitedMs: 0 };
      watched.add(body);
      const done = (): void => {
        watched.delete(body);
      };
      raw.once('end', () => {
        done();
        socket.setTimeout(reply.raw.writableFinished ? request.server.server.keepAliveTimeout : 0);
      });
      raw.once('close', done);
      reply.raw.once('finish', () => {
        if (!raw.complete) socket.setTimeout(BODY_IDLE_MS); // Node has just set the keep-alive timeout
      });
    },
  };
}

function checkBody(body: WatchedBody, watched: Set<WatchedBody>): void {
  const { raw } = body.request;
  if (raw.complete || raw.socket.destroyed) {
    watched.delete(body);
    return;
  }
  // Bytes waiting in the request's buffer mean the server has not read what came: not the client's delay.
  if (raw.readableLength > 0 || raw.socket.isPaused()) return;
  body.waitedMs += BODY_CHECK_MS;
  if (body.waitedMs <= BODY_GRACE_MS) return;
  const received = raw.socket.bytesRead - body.bytesBefore;
  if (received >= (MIN_BODY_BYTES_PER_SECOND * body.waitedMs) / 1000) return;
  watched.delete(body);
  body.request.log.info({ status: 408, received, waitedMs: body.waitedMs }, 'request body too slow: connection closed');
  if (body.reply.raw.headersSent)
    raw.socket.destroy(); // answered already: only its body was being drained
  else
    answerAndClose(
      raw.socket,
      new HttpProblem(408, 'request_too_slow', 'The request arrived too slowly and was stopped. Please check your connection and try again.'),
    );
}
