import type { ClientKey } from '../auth/client-key.js';
import type { StoredImage } from '../contract/images.js';
import { HttpProblem } from '../http/problem.js';
import type { CropRect, EncodedImage, ImageTask } from '../images/image-worker.js';
import type { ImageInput, ImageIntake } from '../images/intake.js';
import type { WorkerPool } from '../images/worker-pool.js';
import type { TransientFiles } from '../repositories/transient-files.js';
import { STORED_FILE_TYPES, type FileStore } from '../storage/file-store.js';
import type { BackgroundRemoval } from './shared/background-removal.js';
import { orientedSize, runImageWork } from './shared/image-work.js';

/** Stored images: uploads, cut-outs and crops, kept 24 hours unless a project adopts them. */
export class ImagesService {
  constructor(
    private readonly pool: WorkerPool,
    private readonly backgroundRemoval: BackgroundRemoval,
    private readonly transientFiles: TransientFiles,
    private readonly files: FileStore,
    private readonly intake: ImageIntake,
    private readonly fileUrl: (id: string) => string,
  ) {}

  /** Each method stops its work when `signal` aborts (the client went away). */
  async upload(input: ImageInput, client: ClientKey, signal?: AbortSignal): Promise<StoredImage> {
    const size = await orientedSize(this.pool, input, signal);
    const id = await this.transientFiles.store(input.bytes, input.header.format, client);
    return this.view(id, size.width, size.height, input.header.format);
  }

  async removeBackground(input: ImageInput, client: ClientKey, signal?: AbortSignal): Promise<StoredImage> {
    const cutout = await this.backgroundRemoval.remove(input, undefined, signal);
    const id = await this.transientFiles.store(cutout.png, 'png', client);
    return this.view(id, cutout.width, cutout.height, 'png');
  }

  async crop(input: ImageInput, rect: CropRect, client: ClientKey, signal?: AbortSignal): Promise<StoredImage> {
    const { width, height } = await orientedSize(this.pool, input, signal);
    if (rect.x + rect.width > width || rect.y + rect.height > height) {
      const message = `the rectangle must lie inside the image (${width} × ${height} pixels)`;
      throw HttpProblem.badRequest(`The crop rectangle reaches outside the image, which is ${width} × ${height} pixels.`, [
        ...(rect.x + rect.width > width ? [{ field: 'width', message }] : []),
        ...(rect.y + rect.height > height ? [{ field: 'height', message }] : []),
      ]);
    }
    const cropped = await runImageWork(
      () => this.pool.run<EncodedImage>({ kind: 'crop', bytes: input.bytes, header: input.header, rect } satisfies ImageTask, undefined, signal),
      input.field,
    );
    const id = await this.transientFiles.store(cropped.bytes, cropped.format, client);
    return this.view(id, cropped.width, cropped.height, cropped.format);
  }

  /** An image stored earlier, by the id an upload returned. */
  async stored(imageId: string): Promise<ImageInput> {
    const file = await this.files.get(imageId);
    const isImage = file && (Object.values(STORED_FILE_TYPES) as string[]).includes(file.contentType) && file.contentType.startsWith('image/');
    if (!file || !isImage) throw HttpProblem.notFound('There is no stored image with this image_id.');
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream()) chunks.push(chunk as Buffer);
    return this.intake.check(new Uint8Array(Buffer.concat(chunks)), 'image_id');
  }

  /** Width and height after EXIF orientation, read by decoding (so a broken file is refused here). */
  private view(id: string, width: number, height: number, format: StoredImage['format']): StoredImage {
    return { image_id: id, image_url: this.fileUrl(id), width, height, format };
  }
}
