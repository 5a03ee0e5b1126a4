/**
 * What the load benchmark sends: the heavy endpoints, their request bodies (a real photo), who sends
 * them, and the accounts and project that signed-in endpoints need. Used by load.ts and, to build
 * the same requests in its own process, by load-generator.ts.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { RequestData } from 'autocannon';
import { OidcBrowser } from '../apps/server/test/support/oidc-client.js';

const require = createRequire(import.meta.url);
const photo = readFileSync(require.resolve('rgbquant/demo/img/kodim21.png')); // Kodak 21, 768 × 512 PNG, 636 KiB

interface Body {
  bytes: Buffer;
  contentType: string;
}

/** A multipart/form-data body built once: the fields, then the photo as image_file, as a browser's FormData sends them. */
function multipart(fields: Record<string, string | number>): Body {
  const boundary = `----StitchwiseLoad${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image_file"; filename="kodim21.png"\r\nContent-Type: image/png\r\n\r\n`));
  parts.push(photo, Buffer.from('\r\n'));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { bytes: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Who sends a request: an address, and for signed-in endpoints a user with one project. */
export interface Identity {
  address: string;
  token: string;
  projectId: string;
}

export interface Endpoint {
  /** For --only. */
  key: string;
  method: 'GET' | 'POST';
  path: (who: Identity) => string;
  body?: Body;
  signedIn: boolean;
  /** An answer expected besides 2xx, 429 and 503, and why. */
  expected?: { status: number; why: string };
}

export const label = (endpoint: Endpoint): string =>
  `${endpoint.method} ${endpoint.path({ address: '', token: '', projectId: '<project>' }).replace(/\/patterns\/[^/]+\//, '/patterns/<pattern>/')}`;

/** Every endpoint, in the order of the loads; `patternId` is the pattern the exports download. */
export function endpoints(patternId: string): Endpoint[] {
  const image = (key: string, path: string, fields: Record<string, string | number> = {}): Endpoint => ({
    key,
    method: 'POST',
    path: () => path,
    body: multipart(fields),
    signedIn: false,
  });
  return [
    image('dominant', '/api/colors/dominant', { n_colors: 6 }),
    image('pick', '/api/colors/pick', { x: 384, y: 256 }),
    image('upload', '/api/images/upload'),
    image('crop', '/api/images/crop', { x: 100, y: 50, width: 400, height: 300 }),
    image('remove-background', '/api/images/remove-background'),
    image('generate-anonymous', '/api/stitch/generate/anonymous', { colors: 10, max_side: 100 }),
    { key: 'export-pdf', method: 'GET', path: () => `/api/stitch/patterns/${patternId}/export?format=pdf&paper=a4&fabric=14`, signedIn: false },
    { key: 'export-oxs', method: 'GET', path: () => `/api/stitch/patterns/${patternId}/export?format=oxs&fabric=14`, signedIn: false },
    { ...image('generate', '/api/stitch/generate', { project_name: 'Load test', colors: 20, max_side: 100 }), signedIn: true },
    {
      key: 'ideas',
      method: 'POST',
      path: () => '/api/stitch/creative-ideas',
      body: { bytes: Buffer.from(JSON.stringify({ prompt: 'a red fox' })), contentType: 'application/json' },
      signedIn: true,
      expected: { status: 403, why: 'daily idea credits spent (10 a day per user)' },
    },
    {
      key: 'project-export',
      method: 'GET',
      path: (who) => `/api/stitch/projects/${who.projectId}/export?format=pdf&paper=a4&fabric=14`,
      signedIn: true,
    },
  ];
}

/** The heaviest generation a signed-in user can ask for: the abort storm's requests (load-attacks.ts), not one of the loads. */
export const heaviestGeneration: Endpoint = {
  key: 'generate-heaviest',
  method: 'POST',
  path: () => '/api/stitch/generate',
  body: multipart({
    project_name: 'Abort storm',
    colors: 50,
    max_side: 500,
    use_kmeans: 'true',
    dithering: 'strong',
    cell_size: 24,
    return_symbols_overlay: 'true',
  }),
  signedIn: true,
};

export function endpoint(key: string, patternId = ''): Endpoint {
  const found = endpoints(patternId).find((candidate) => candidate.key === key);
  if (!found) throw new Error(`No endpoint ${key}`);
  return found;
}

export function requestOf(endpoint: Endpoint, who: Identity): RequestData {
  const headers: Record<string, string> = { 'x-forwarded-for': who.address };
  if (endpoint.signedIn) headers.authorization = `Bearer ${who.token}`;
  if (endpoint.body) headers['content-type'] = endpoint.body.contentType;
  return { method: endpoint.method, path: endpoint.path(who), headers, ...(endpoint.body ? { body: endpoint.body.bytes } : {}) };
}

/** One request outside the loads (warm-up, set-up). */
export async function send(base: string, endpoint: Endpoint, who: Identity): Promise<{ status: number; body: string }> {
  const request = requestOf(endpoint, who);
  const response = await fetch(base + request.path, {
    method: request.method,
    headers: request.headers,
    ...(request.body ? { body: new Uint8Array(request.body as Buffer) } : {}),
  });
  return { status: response.status, body: await response.text() };
}

/** A new user, signed up through the server's built-in OpenID provider; its access token. */
export async function signUp(base: string, name: string): Promise<string> {
  const id = `${name}-${randomBytes(4).toString('hex')}`;
  const tokens = await new OidcBrowser(base).signUp({ name: `Load ${name}`, email: `${id}@example.com`, password: `linen floss hoop ${id}` });
  return tokens.access_token;
}

/** A signed-in generation, for the project the export load downloads. */
export async function projectOf(base: string, who: Omit<Identity, 'projectId'>): Promise<string> {
  const { status, body } = await send(base, endpoint('generate'), { ...who, projectId: '' });
  if (status !== 200) throw new Error(`Making a project for the export load failed: ${status} ${body}`);
  return (JSON.parse(body) as { project_id: string }).project_id;
}
