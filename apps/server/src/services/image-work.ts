import { HttpProblem } from '../http/problem.js';
import { UndecodableImageError } from '../images/decode.js';

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
