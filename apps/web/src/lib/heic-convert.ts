import { canPreparePictures } from './encode-picture';
import type { HeicReply, HeicRequest } from './heic-protocol';
import { preparedName, UPLOAD_LONG_SIDE } from './upload-photo';

/**
 * Converts a HEIC/HEIF photo into an upright JPEG file (PNG when it has transparency), shrunk to the
 * upload size, in a worker that exists only for this one conversion. The page imports this module
 * only when a HEIC photo is chosen.
 */
export async function convertHeic(file: File): Promise<File> {
  if (!canPreparePictures() || typeof Worker === 'undefined') throw new Error('This browser cannot convert pictures.');
  // A same-origin module worker from Vite's build, as the Content-Security-Policy requires.
  const worker = new Worker(new URL('./heic.worker.ts', import.meta.url), { type: 'module' });
  try {
    const reply = await new Promise<HeicReply>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<HeicReply>) => resolve(event.data);
      worker.onerror = (event) => {
        event.preventDefault(); // reported to the person as a photo that could not be read, not as a page error
        reject(new Error(event.message || 'The HEIC decoder stopped.'));
      };
      worker.postMessage({ file, longSide: UPLOAD_LONG_SIDE } satisfies HeicRequest);
    });
    if (reply.kind === 'error') throw new Error(reply.message);
    const type = reply.picture.type === 'image/png' ? 'image/png' : 'image/jpeg';
    return new File([reply.picture], preparedName(file.name, type), { type, lastModified: file.lastModified });
  } finally {
    worker.terminate();
  }
}
