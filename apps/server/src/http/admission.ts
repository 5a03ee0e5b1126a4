import type { FastifyInstance, FastifyRequest } from 'fastify';
import { busy } from '../images/worker-pool.js';

/** The queue a heavy endpoint's work waits in: image decoding and analysis, or the segmentation model. */
export type WorkKind = 'image' | 'segmentation';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on heavy endpoints: which work queue admits them. */
    work?: WorkKind;
  }
}

/** Route config of a heavy endpoint: abuse-limited, and admitted only while its work queue has room. */
export const heavyRoute = (work: WorkKind = 'image') => ({ rateLimit: {}, work });

/** A body that sends nothing for this long is given up: the connection is closed. */
export const BODY_IDLE_MS = 30_000;

/**
 * Admission of heavy requests, decided when a request arrives, before its body is read: at most
 * `capacity[kind]` at once (bodies being received and work running or queued), else 503 at once.
 * That caps uploads in progress, so memory stays bounded (each buffers at most 10 MB) whatever
 * slow clients do, and keeps the event loop free for everything else, /api/health included.
 */
export function registerAdmission(app: FastifyInstance, capacity: Record<WorkKind, number>): void {
  const inFlight: Record<WorkKind, number> = { image: 0, segmentation: 0 };

  app.addHook('onRequest', async (request, reply) => {
    watchBodyIdle(request);
    const kind = request.routeOptions.config.work;
    if (!kind) return;
    if (inFlight[kind] >= capacity[kind]) throw busy();
    inFlight[kind]++;
    reply.raw.once('close', () => inFlight[kind]--);
  });
}

/**
 * A request body that stalls is dropped after BODY_IDLE_MS without a byte; the overall time to send
 * a whole request is bounded by the server's requestTimeout. Once the body is in, the work may take
 * as long as it needs.
 */
function watchBodyIdle(request: FastifyRequest): void {
  const { raw } = request;
  const hasBody = Number(raw.headers['content-length'] ?? 0) > 0 || raw.headers['transfer-encoding'] !== undefined;
  if (!hasBody || raw.complete) return;
  raw.socket.setTimeout(BODY_IDLE_MS);
  raw.once('end', () => raw.socket.setTimeout(0));
}
