import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { problemBody } from './problem.js';
import { problemOf } from './error-handling.js';
import type { Problem } from '../contract/problem.js';

/** Whether the client asked for the answer as server-sent events (`Accept: text/event-stream`). */
export function wantsEvents(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/event-stream');
}

/**
 * An abort signal for the request's work that fires when the client goes away before its answer is
 * complete (a cancel button closing the request, a closed tab), so the server stops working for nobody.
 */
export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const gone = (): void => {
    if (!reply.raw.writableFinished) controller.abort(new DOMException('The client closed the request', 'AbortError'));
  };
  // A 'close' listener added after the connection closed never fires: check first.
  if (reply.raw.destroyed) gone();
  else reply.raw.once('close', gone);
  return controller.signal;
}

type Event = { type: string } & Record<string, unknown>;

/**
 * Answers long work as server-sent events: `work` emits events as it goes, and its result is the last
 * one. The stream starts with the first event, so a failure before it (bad input, a limit, busy) is
 * answered as usual with its status; a failure after it ends the stream with a `problem` event (or
 * quietly, when `clientGoneSignal` says the client has gone).
 * Each event's name is its `type` and its data is the event as JSON.
 */
export async function answerWithEvents<E extends Event>(
  request: FastifyRequest,
  reply: FastifyReply,
  work: (emit: (event: E) => void) => Promise<E>,
  problemEvent: (problem: Problem) => E,
  clientGoneSignal: AbortSignal,
): Promise<FastifyReply> {
  let stream: PassThrough | undefined;
  const emit = (event: E): void => {
    if (!stream) {
      stream = new PassThrough();
      // no-transform and X-Accel-Buffering: proxies pass each event on at once instead of holding them.
      void reply.code(200).type('text/event-stream').header('Cache-Control', 'no-store, no-transform').header('X-Accel-Buffering', 'no').send(stream);
    }
    stream.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
  };
  try {
    emit(await work(emit));
  } catch (error) {
    if (!stream) throw error;
    // Work stopped because the client went away is no fault, and there is nobody to tell.
    if (clientGoneSignal.aborted) request.log.debug('work stopped: the client went away');
    else emit(problemEvent(problemBody(problemOf(error, request))));
  }
  stream?.end();
  return reply;
}
