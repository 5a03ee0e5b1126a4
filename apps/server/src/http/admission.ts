import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES } from '../contract/fields.js';
import { busy } from '../images/worker-pool.js';
import { LIMITED } from './rate-limits.js';

/** The queue a heavy endpoint's work waits in: image decoding and analysis, or the segmentation model. */
export type WorkKind = 'image' | 'segmentation';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on heavy endpoints: which work queue admits them. */
    work?: WorkKind;
    /** The endpoint keeps files for a visitor: refused at once when their storage quota is spent. */
    storesFiles?: boolean;
  }
}

/** Route config of a heavy endpoint: abuse-limited, and admitted only while its work queue has room. */
export const heavyRoute = (work: WorkKind = 'image', { storesFiles = false } = {}) => ({ ...LIMITED, work, storesFiles });

/** A body that sends nothing for this long is given up: the connection is closed. */
export const BODY_IDLE_MS = 30_000;

/** The largest body read to its end after an early answer (an upload and its form fields). */
const DRAINED_BODY_BYTES = MAX_UPLOAD_BYTES + 1024 * 1024;

/**
 * Whether to close the connection after answering a request whose body has not all arrived (429, 503,
 * 401…). Closing while the client is still sending resets the connection before it reads the answer,
 * so a body no larger than an accepted upload is read and dropped (Node does so, without buffering it);
 * a larger or unbounded one is not worth reading.
 */
export function closeRatherThanDrain(raw: IncomingMessage): boolean {
  if (raw.complete) return false;
  const length = Number(raw.headers['content-length']);
  return !(Number.isFinite(length) && length <= DRAINED_BODY_BYTES);
}

/**
 * Admission of heavy requests, decided when a request arrives, before its body is read: at most
 * `capacity[kind]` at once (bodies being received and work running or queued), else 503 at once.
 * That caps uploads in progress, so memory stays bounded (each buffers at most 10 MB) whatever
 * slow clients do, and keeps the event loop free for everything else, /api/health included.
 */
export function registerAdmission(app: FastifyInstance, capacity: Record<WorkKind, number>): void {
  const inFlight: Record<WorkKind, number> = { image: 0, segmentation: 0 };

  app.addHook('onRequest', async (request, reply) => {
    watchBodyIdle(request, reply);
    const kind = request.routeOptions.config.work;
    if (!kind) return;
    if (inFlight[kind] >= capacity[kind]) throw busy();
    inFlight[kind]++;
    reply.raw.once('close', () => inFlight[kind]--);
  });
}

/**
 * A request body that stalls is dropped after BODY_IDLE_MS without a byte, also when it is being read
 * only to be dropped after an early answer; the overall time to send a whole request is bounded by the
 * server's requestTimeout. Once the body is in, the work may take as long as it needs — or, when the
 * answer has gone already, the connection idles as after any answer.
 */
function watchBodyIdle(request: FastifyRequest, reply: FastifyReply): void {
  const { raw } = request;
  const { socket } = raw;
  if (typeof socket.setTimeout !== 'function') return; // app.inject's stand-in socket: no network to wait for
  const hasBody = Number(raw.headers['content-length'] ?? 0) > 0 || raw.headers['transfer-encoding'] !== undefined;
  if (!hasBody || raw.complete) return;
  socket.setTimeout(BODY_IDLE_MS);
  raw.once('end', () => socket.setTimeout(reply.raw.writableFinished ? request.server.server.keepAliveTimeout : 0));
  reply.raw.once('finish', () => {
    if (!raw.complete) socket.setTimeout(BODY_IDLE_MS); // Node has just set the keep-alive timeout
  });
}
