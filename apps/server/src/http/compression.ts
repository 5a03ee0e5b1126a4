import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Brotli or gzip for answers of 1 KB and more whose type compresses (JSON, HTML, scripts, styles,
 * SVG, XML; never PNG, JPEG, GIF, WebP or PDF, already compressed), streamed for stream answers.
 * Partial answers (206) are left alone, and so are answers already encoded: the web app's built
 * files come with .br/.gz copies made at build time (routes/web-app.ts). Request bodies are read as
 * sent. Registered before the routes, since it attaches itself to each route as it is declared.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024, globalDecompression: false });
}
