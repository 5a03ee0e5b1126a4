import { HttpProblem } from '../../http/problem.js';
import { UndecodableImageError } from '../../images/decode.js';
import type { ImageTask } from '../../images/image-worker.js';
import type { ImageInput } from '../../images/intake.js';
import type { WorkerPool } from '../../images/worker-pool.js';

/**
 * Runs work on an image in a worker and turns a decoding failure into the client's problem (422),
 * whatever thread it came from; `field` names the request field the image came in.
 */
export async function runImageWork<T>(work: () => Promise<T>, field?: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (UndecodableImageError.is(error)) {
      throw new HttpProblem(
        422,
        'image_unreadable',
        'The image could not be read: the file is damaged, incomplete or not what its type says.',
        field ? [{ field, message: 'the image is damaged or incomplete' }] : undefined,
      );
    }
    throw error;
  }
}

/** An image's width and height after EXIF orientation, worked out in the pool (which also refuses a damaged file). */
export function orientedSize(pool: WorkerPool, input: ImageInput, signal?: AbortSignal): Promise<{ width: number; height: number }> {
  const task: ImageTask = { kind: 'size', bytes: input.bytes, header: input.header };
  return runImageWork(() => pool.run<{ width: number; height: number }>(task, undefined, signal), input.field);
}
