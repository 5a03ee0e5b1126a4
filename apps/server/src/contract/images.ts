import { z } from 'zod';
import { multipartForm } from './multipart-form.js';
import { imageFileField, imageUrlField, integerField, textField } from './fields.js';

export const storedImageSchema = z
  .object({
    image_id: z.string().meta({ description: 'Pass it back as `image_id` to crop this image.' }),
    image_url: z.string(),
    width: z.number().int().meta({ description: 'Pixels, after EXIF orientation.' }),
    height: z.number().int(),
    format: z.enum(['png', 'jpg', 'gif', 'webp', 'bmp']),
  })
  .meta({ id: 'StoredImage', description: 'An image kept for 24 hours.' });

/** An image as a file or a URL: upload and background removal. */
export const imageForm = multipartForm({ image_file: imageFileField.optional(), image_url: imageUrlField.optional() });

const cropCoordinate = (name: string, min: number, description: string) => integerField(name, min, 100_000).meta({ description });

export const cropForm = multipartForm({
  image_file: imageFileField.optional(),
  image_url: imageUrlField.optional(),
  image_id: textField('image_id').max(100).optional().meta({ description: 'An image stored by an earlier call, instead of a file or URL.' }),
  x: cropCoordinate('x', 0, 'Left edge, in pixels of the oriented image.'),
  y: cropCoordinate('y', 0, 'Top edge, in pixels of the oriented image.'),
  width: cropCoordinate('width', 1, 'Width in pixels; the rectangle must lie inside the image.'),
  height: cropCoordinate('height', 1, 'Height in pixels; the rectangle must lie inside the image.'),
});

export type StoredImage = z.infer<typeof storedImageSchema>;
