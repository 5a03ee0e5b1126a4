import type { FastifyInstance } from 'fastify';
import { HttpProblem } from '../http/problem.js';
import type { FileStore } from '../storage/file-store.js';

/**
 * Stored files at /files/{id}. Ids are unguessable and a file never changes under its id, so
 * responses are cacheable for a year. Content sniffing and active content are switched off by
 * the headers of http/security-headers.ts (nosniff, a sandboxing Content-Security-Policy).
 */
export function registerFileRoutes(app: FastifyInstance, files: FileStore): void {
  app.route<{ Params: { id: string } }>({
    method: ['GET', 'HEAD'],
    url: '/files/:id',
    schema: { hide: true },
    handler: async (request, reply) => {
      const file = await files.get(request.params.id);
      if (!file) throw HttpProblem.notFound('This file does not exist or has been deleted.');
      if (request.headers['if-none-match'] === `"${file.id}"`) return reply.code(304).send();
      void reply
        .header('Content-Type', file.contentType)
        .header('Content-Length', file.size)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('ETag', `"${file.id}"`);
      return request.method === 'HEAD' ? reply.send() : reply.send(file.stream());
    },
  });
}
