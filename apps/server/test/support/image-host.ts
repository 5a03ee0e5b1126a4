import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A local HTTP server playing an outside image host, at the edge of the URL tests: it serves an
 * image, a web page, an endless or oversized body, and redirects, on 127.0.0.1.
 */
export interface ImageHost {
  /** Base URL by host name (`http://localhost:port`), which the tests allow through IMAGE_URL_ALLOW. */
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startImageHost(image: Buffer): Promise<ImageHost> {
  let port = 0;
  const open = new Set<Socket>();
  const server: Server = createServer((request, response) => {
    switch (request.url) {
      case '/photo.png':
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': image.length }).end(image);
        return;
      case '/page.html':
        response.writeHead(200, { 'content-type': 'image/png' }).end('<!doctype html><html><body>Not an image</body></html>');
        return;
      case '/redirect-to-loopback':
        response.writeHead(302, { location: `http://127.0.0.1:${port}/photo.png` }).end();
        return;
      case '/redirect-to-metadata':
        response.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
        return;
      case '/redirect-once':
        response.writeHead(302, { location: '/photo.png' }).end();
        return;
      case '/redirect-loop':
        response.writeHead(302, { location: '/redirect-loop' }).end();
        return;
      case '/huge': {
        // 11 MB without a Content-Length: the limit must hold while streaming.
        response.writeHead(200, { 'content-type': 'image/png' });
        const chunk = Buffer.alloc(64 * 1024, 0x41);
        let sent = 0;
        const pump = (): void => {
          while (sent < 11 * 1024 * 1024) {
            sent += chunk.length;
            if (!response.write(chunk)) {
              response.once('drain', pump);
              return;
            }
          }
          response.end();
        };
        pump();
        return;
      }
      case '/never-finishes':
        response.writeHead(200, { 'content-type': 'image/png' });
        response.write(image.subarray(0, 100)); // and then nothing more, ever
        return;
      case '/missing':
      default:
        response.writeHead(404).end();
    }
  });
  server.on('connection', (socket) => {
    open.add(socket);
    socket.on('close', () => {
      open.delete(socket);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://localhost:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => {
          resolve();
        });
      }),
  };
}
