import type { FastifyInstance } from 'fastify';
import { HttpProblem } from '../http/problem.js';
import type { ByteRange, StoredFile } from '../storage/file-store.js';

/**
 * Stored files at /files/{id}, from whichever store holds them, with the same headers. Ids are
 * unguessable and a file never changes under its id, so responses are cacheable for a year (a saved chart
 * version's image is drawn on its first request: `fileOf` is the chart store's). Content
 * sniffing and active content are switched off by the headers of http/security-headers.ts (nosniff, a
 * sandboxing Content-Security-Policy). A single byte range is answered with 206 (resumed downloads,
 * PDF viewers); several ranges get the whole file, as HTTP allows.
 */
export function registerFileRoutes(app: FastifyInstance, fileOf: (id: string) => Promise<StoredFile | undefined>): void {
  app.route<{ Params: { id: string } }>({
    method: ['GET', 'HEAD'],
    url: '/files/:id',
    schema: { hide: true },
    handler: async (request, reply) => {
      const file = await fileOf(request.params.id);
      if (!file) throw HttpProblem.notFound('This file does not exist or has been deleted.');
      void reply.header('Cache-Control', 'public, max-age=31536000, immutable').header('ETag', `"${file.id}"`).header('Accept-Ranges', 'bytes');
      if (request.headers['if-none-match'] === `"${file.id}"`) return reply.code(304).send();
      const ifRange = request.headers['if-range'];
      const range = byteRange(request.headers.range, typeof ifRange === 'string' ? ifRange : undefined, file.id, file.size);
      if (range === 'unsatisfiable') {
        void reply.header('Content-Range', `bytes */${file.size}`);
        throw new HttpProblem(416, 'range_not_satisfiable', `The file has ${file.size} bytes; the range asked for is outside it.`);
      }
      void reply.header('Content-Type', file.contentType);
      if (range) void reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`);
      void reply.header('Content-Length', range ? range.end - range.start + 1 : file.size);
      return request.method === 'HEAD' ? reply.send() : reply.send(file.stream(range));
    },
  });
}

/**
 * The one range of a `Range: bytes=…` header (`a-b`, `a-`, `-n`), clipped to the file; undefined for
 * no header, one that is not a single byte range, or an `If-Range` naming another version.
 */
export function byteRange(header: string | undefined, ifRange: string | undefined, id: string, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (!header || (ifRange !== undefined && ifRange !== `"${id}"`)) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const [first, last] = [match[1]!, match[2]!];
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return undefined; // not a valid range: ignored, the whole file is sent
  return { start, end };
}
