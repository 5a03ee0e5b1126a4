import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from './support/harness.js';
import { multipartBody, PHOTOS } from './support/images.js';

/**
 * Every endpoint that takes an image file refuses the same hostile uploads with the same problem —
 * status, code, and the endpoint's own file field in `errors[0]` — because they all share one intake.
 * An animated GIF is not hostile: every endpoint reads its first frame and succeeds.
 */
interface Endpoint {
  path: string;
  /** The form's file field. */
  field: string;
  /** The other fields the form needs to get as far as the image. */
  fields: Record<string, string>;
  signedIn?: boolean;
  /** The status of a success. */
  ok: 200 | 201;
}

const ENDPOINTS: Endpoint[] = [
  { path: '/colors/dominant', field: 'image_file', fields: {}, ok: 200 },
  { path: '/colors/pick', field: 'image_file', fields: { x: '1', y: '1' }, ok: 200 },
  { path: '/images/upload', field: 'image_file', fields: {}, ok: 201 },
  { path: '/images/remove-background', field: 'image_file', fields: {}, ok: 201 },
  { path: '/images/crop', field: 'image_file', fields: { x: '0', y: '0', width: '1', height: '1' }, ok: 201 },
  { path: '/stitch/generate/anonymous', field: 'image_file', fields: {}, ok: 200 },
  { path: '/stitch/generate', field: 'image_file', fields: { project_name: 'Hostile' }, signedIn: true, ok: 200 },
  { path: '/stitch/projects', field: 'image', fields: { name: 'Hostile' }, signedIn: true, ok: 201 },
];

interface Upload {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** A hostile upload and the one problem every endpoint answers it with. */
interface HostileCase {
  name: string;
  status: number;
  code: string;
  make: () => Promise<Upload>;
}

const png = (bytes: Buffer, filename = 'photo.png'): Upload => ({ filename, contentType: 'image/png', bytes });
const photoPng = (): Promise<Buffer> => sharp(PHOTOS.kodim21()).resize(200).png().toBuffer();

const HOSTILE: HostileCase[] = [
  { name: 'an empty file', status: 400, code: 'empty_file', make: () => Promise.resolve(png(Buffer.alloc(0))) },
  {
    name: 'a truncated JPEG',
    status: 422,
    code: 'image_unreadable',
    make: async () => {
      const jpeg = await sharp(PHOTOS.kodim21()).jpeg({ quality: 90 }).toBuffer();
      return { filename: 'photo.jpg', contentType: 'image/jpeg', bytes: jpeg.subarray(0, jpeg.length >> 1) };
    },
  },
  {
    name: 'a truncated PNG',
    status: 422,
    code: 'image_unreadable',
    make: async () => {
      const whole = await photoPng();
      return png(whole.subarray(0, whole.length >> 1));
    },
  },
  {
    name: 'a web page named photo.png',
    status: 415,
    code: 'unsupported_media_type',
    make: () => Promise.resolve(png(Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>'))),
  },
  {
    name: 'random bytes named photo.png',
    status: 415,
    code: 'unsupported_media_type',
    make: () => Promise.resolve(png(Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 131 + 7) % 251)))),
  },
  {
    name: 'an SVG',
    status: 415,
    code: 'unsupported_media_type',
    make: () =>
      Promise.resolve({
        filename: 'drawing.svg',
        contentType: 'image/svg+xml',
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'),
      }),
  },
  {
    name: 'a PNG whose header claims 10000 × 5000 pixels',
    status: 422,
    code: 'image_too_large',
    make: async () => {
      const tiny = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#808080' } })
        .png()
        .toBuffer();
      tiny.writeUInt32BE(10_000, 16); // IHDR width
      tiny.writeUInt32BE(5_000, 20); // IHDR height: 50 megapixels, over the 40 limit
      return png(tiny);
    },
  },
  {
    name: 'an upload over 10 MB',
    status: 413,
    code: 'payload_too_large',
    make: async () => png(Buffer.concat([await photoPng(), Buffer.alloc(10 * 1024 * 1024 + 1)])),
  },
];

const suite = useTestServer({ users: ['intake'] });

interface Answer {
  status: number;
  contentType: string | null;
  body: { code?: string; errors?: { field: string }[]; width?: number; height?: number; parameters?: { original_size: { width: number; height: number } } };
}

async function send(endpoint: Endpoint, upload: Upload): Promise<Answer> {
  const body = multipartBody(endpoint.fields, { field: endpoint.field, ...upload });
  const response = await (endpoint.signedIn ? suite.user('intake') : suite.visitor).api(endpoint.path, { method: 'POST', body });
  return { status: response.status, contentType: response.headers.get('content-type'), body: (await response.json()) as Answer['body'] };
}

describe.each(HOSTILE)('$name', ({ status, code, make }) => {
  let upload: Upload;
  beforeAll(async () => {
    upload = await make();
  });

  it.each(ENDPOINTS)(`is refused by $path with ${status} ${code}`, async (endpoint) => {
    const answer = await send(endpoint, upload);
    expect({ status: answer.status, code: answer.body.code }, JSON.stringify(answer.body)).toEqual({ status, code });
    expect(answer.contentType).toMatch(/^application\/problem\+json/);
    expect(answer.body.errors?.[0]?.field, 'errors[0].field names the file field').toBe(endpoint.field);
  });
});

describe('an animated GIF', () => {
  let upload: Upload;
  beforeAll(async () => {
    const frames = [40, 220, 120].map((grey) => Buffer.alloc(64 * 64 * 3, grey));
    const bytes = await sharp(Buffer.concat(frames), { raw: { width: 64, height: 64 * frames.length, channels: 3, pageHeight: 64 } })
      .gif()
      .toBuffer();
    expect((await sharp(bytes).metadata()).pages).toBe(frames.length);
    upload = { filename: 'animated.gif', contentType: 'image/gif', bytes };
  });

  it.each(ENDPOINTS)(
    'is read by $path from its first frame',
    async (endpoint) => {
      const answer = await send(endpoint, upload);
      expect(answer.status, JSON.stringify(answer.body)).toBe(endpoint.ok);
      // Where the answer has a size, it is one frame's, not the strip of all frames.
      const size = answer.body.parameters?.original_size ?? answer.body;
      if (size.width !== undefined) expect([size.width, size.height]).toEqual(endpoint.path === '/images/crop' ? [1, 1] : [64, 64]);
    },
    240_000, // some endpoints run the background-removal model: seconds when idle, several times that on a busy machine
  );
});
