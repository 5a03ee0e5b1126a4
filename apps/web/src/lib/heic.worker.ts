/**
 * The HEIC worker: decodes a HEIC/HEIF photo with libheif (WebAssembly, from the npm package
 * libheif-js, bundled by Vite: nothing is fetched from outside the app), shrinks it to the upload
 * size and encodes it as JPEG (PNG if it has an alpha channel). Runs off the page's thread, and
 * only when a HEIC photo is chosen, so neither the 1.4 MB decoder nor the decoding weighs on the
 * page. libheif applies the photo's rotation and mirroring (irot/imir) while decoding, so the
 * result is upright.
 */
import libheifFactory from 'libheif-js/libheif-wasm/libheif.js';
import wasmUrl from 'libheif-js/libheif-wasm/libheif.wasm?url';
import { encodePicture } from './encode-picture';
import type { HeicReply, HeicRequest } from './heic-protocol';
import { downsizedSize } from './upload-photo';

/** What this module uses of libheif-js's JavaScript API (its type declarations cover only the C functions). */
interface Libheif {
  HeifDecoder: new () => { decode(bytes: Uint8Array): HeifImage[] };
}
interface HeifImage {
  get_width(): number;
  get_height(): number;
  is_primary(): boolean;
  has_alpha_channel(): boolean;
  display(target: ImageData, done: (result: ImageData | null) => void): void;
  free(): void;
}

/** What this module uses of a dedicated worker's global scope (the DOM library types `self` as a window). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<HeicRequest>) => void) | null;
  postMessage(message: HeicReply): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  convert(event.data).then(
    (picture) => scope.postMessage({ kind: 'done', picture }),
    (error: unknown) => scope.postMessage({ kind: 'error', message: error instanceof Error ? error.message : String(error) }),
  );
};

async function convert({ file, longSide }: HeicRequest): Promise<Blob> {
  const [bytes, libheif] = await Promise.all([file.arrayBuffer(), loadLibheif()]);
  const decoded = await decodePrimaryImage(libheif, new Uint8Array(bytes));
  const bitmap = await createImageBitmap(decoded.pixels);
  try {
    const size = downsizedSize(bitmap.width, bitmap.height, longSide) ?? { width: bitmap.width, height: bitmap.height };
    return await encodePicture(bitmap, size, decoded.hasAlpha ? 'image/png' : 'image/jpeg');
  } finally {
    bitmap.close();
  }
}

/** The Emscripten module, instantiated from the bundled .wasm file (its loader cannot fetch it in a bundle). */
async function loadLibheif(): Promise<Libheif> {
  const response = await fetch(wasmUrl);
  if (!response.ok) throw new Error(`The HEIC decoder could not be loaded (${response.status}).`);
  const wasmBinary = await response.arrayBuffer();
  return libheifFactory({ wasmBinary }) as unknown as Libheif;
}

/** The primary picture of the file (a HEIC may hold several: bursts, depth maps), as RGBA pixels. */
async function decodePrimaryImage(libheif: Libheif, bytes: Uint8Array): Promise<{ pixels: ImageData; hasAlpha: boolean }> {
  const images = new libheif.HeifDecoder().decode(bytes);
  try {
    const image = images.find((candidate) => candidate.is_primary()) ?? images[0];
    if (!image) throw new Error('This HEIC file holds no picture that can be read.');
    const pixels = new ImageData(image.get_width(), image.get_height());
    await new Promise<void>((resolve, reject) => {
      image.display(pixels, (result) => (result ? resolve() : reject(new Error('This HEIC picture could not be decoded.'))));
    });
    return { pixels, hasAlpha: image.has_alpha_channel() };
  } finally {
    for (const image of images) image.free();
  }
}
