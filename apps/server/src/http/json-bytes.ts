import { Transform } from 'node:stream';
import type { FastifyInstance, preParsingAsyncHookHandler } from 'fastify';
import type { z } from 'zod';
import { type HttpProblem } from './problem.js';

const bytesBodies = new WeakSet<z.ZodType>();

/**
 * A JSON body schema whose body the route receives as bytes, to be parsed and checked off the event
 * loop (a chart of a few megabytes takes the better part of a second): documented as the schema says,
 * never validated by Fastify. Use it only in a scope set up by `readJsonAsBytes`.
 */
export function jsonBytesBody<Schema extends z.ZodType>(schema: Schema): Schema {
  const marked = schema.meta({}); // a copy of its own, so other routes using the schema are validated as usual
  bytesBodies.add(marked);
  return marked;
}

export const isJsonBytesBody = (schema: unknown): boolean => typeof schema === 'object' && schema !== null && bytesBodies.has(schema as z.ZodType);

/** In this scope, JSON bodies (up to `bodyLimit`) reach the routes as a Buffer, unparsed. */
export function readJsonAsBytes(scope: FastifyInstance, bodyLimit: number): void {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit }, (_request, body, done) => {
    done(null, body);
  });
}

/**
 * A preParsing hook refusing, before it is read, a body larger than `limit(request)` bytes (undefined: no
 * limit of its own): at once by its Content-Length, or as it streams when it has none.
 */
export function bodyAtMost(
  limit: (request: Parameters<preParsingAsyncHookHandler>[0]) => number | undefined,
  tooLarge: () => HttpProblem,
): preParsingAsyncHookHandler {
  return async (request, _reply, payload) => {
    const bytes = limit(request);
    if (bytes === undefined) return payload;
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > bytes) throw tooLarge();
    let seen = 0;
    return payload.pipe(
      new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          seen += chunk.length;
          callback(seen > bytes ? tooLarge() : undefined, chunk);
        },
      }),
    );
  };
}
