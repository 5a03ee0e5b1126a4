import { connect, type Socket } from 'node:net';

/** Sends a request's head announcing a body of `bodyBytes`, and `sent` bytes of it; resolves with the socket once connected. */
export function openUpload(
  baseUrl: string,
  path: string,
  { bodyBytes, sent = 0, headers = {} }: { bodyBytes: number; sent?: number; headers?: Record<string, string> },
): Promise<Socket> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      const head = [
        `POST ${path} HTTP/1.1`,
        `Host: ${hostname}:${port}`,
        'Content-Type: multipart/form-data; boundary=xyz',
        `Content-Length: ${bodyBytes}`,
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
        '',
        '',
      ].join('\r\n');
      socket.write(head);
      if (sent > 0)
        socket.write(`--xyz\r\nContent-Disposition: form-data; name="image_file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${'x'.repeat(sent)}`);
      resolve(socket);
    });
    socket.once('error', reject);
    socket.setEncoding('latin1');
  });
}

/** What the server sent on a raw socket until it closed the connection, and how long that took. */
export function answerOf(socket: Socket): Promise<{ text: string; closedAfterMs: number }> {
  const started = performance.now();
  let text = '';
  socket.on('data', (chunk: string) => (text += chunk));
  return new Promise((resolve) => {
    socket.once('close', () => {
      resolve({ text, closedAfterMs: performance.now() - started });
    });
  });
}

/** The head of the server's answer on a raw socket (status line and headers), as soon as it has come, and how long that took. */
export function headOf(socket: Socket): Promise<{ head: string; afterMs: number }> {
  const started = performance.now();
  let text = '';
  return new Promise((resolve, reject) => {
    socket.on('data', (chunk: string) => {
      text += chunk;
      const end = text.indexOf('\r\n\r\n');
      if (end >= 0) resolve({ head: text.slice(0, end), afterMs: performance.now() - started });
    });
    socket.once('close', () => {
      reject(new Error(`closed before an answer: ${JSON.stringify(text)}`));
    });
  });
}

/** An answer read off a raw socket: its status, headers (names in lower case) and body as text. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends a request exactly as given — for what fetch cannot send: no Content-Type with a body, `..` in
 * a path, a broken Content-Length — and reads the answer until the server closes the connection (the
 * request should say `Connection: close`). The server may answer before the whole body is written.
 */
export function sendRaw(baseUrl: string, request: string | Buffer, timeoutMs = 10_000): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), hostname, () => socket.write(request));
    socket.setTimeout(timeoutMs, () => socket.destroy());
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined); // a reset after the answer, when the server stops reading an unwanted body
    socket.once('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      if (!text) reject(new Error('The server closed the connection without an answer.'));
      else resolve(parseAnswer(text));
    });
  });
}

/** Splits a raw HTTP/1.1 answer (latin1 text) into status, headers and a UTF-8 body, undoing chunked encoding. */
export function parseAnswer(text: string): RawAnswer {
  const end = text.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = text.slice(0, end < 0 ? text.length : end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const raw = end < 0 ? '' : text.slice(end + 4);
  const body = headers['transfer-encoding'] === 'chunked' ? unchunk(raw) : raw;
  return { status: Number(statusLine.split(' ')[1]), headers, body: Buffer.from(body, 'latin1').toString('utf8') };
}

function unchunk(raw: string): string {
  let body = '';
  let at = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', at);
    const size = lineEnd < 0 ? 0 : parseInt(raw.slice(at, lineEnd), 16);
    if (!size) return body;
    body += raw.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
}
