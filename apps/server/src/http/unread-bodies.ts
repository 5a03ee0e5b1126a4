import type { IncomingMessage } from 'node:http';
import { MAX_UPLOAD_BYTES } from '../contract/fields.js';

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
