// A local origin playing an outside image host for the browser tests: serves the test photo.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const photo = readFileSync(require.resolve('rgbquant/demo/img/kodim21.png'));
const port = Number(process.argv[2] ?? 3212);
createServer((request, response) => {
  if (request.url === '/kodim21.png') {
    response.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*' });
    response.end(photo);
  } else {
    response.writeHead(request.url === '/health' ? 200 : 404, { 'content-type': 'text/plain' });
    response.end(request.url === '/health' ? 'ok' : 'not found');
  }
}).listen(port, '127.0.0.1');
