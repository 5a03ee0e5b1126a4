import { useMutation } from '@tanstack/react-query';
import { api, asForm, unwrap } from './client';
import type { operations } from './openapi.gen';
import type { ThreadBrand } from '../lib/thread-brands';
import type { DominantColors } from './schemas';

/** An image as the colour tools take it: an uploaded file or a URL the server fetches. */
export type ImageSource = { kind: 'file'; file: File } | { kind: 'url'; url: string };

type ImageFields = Pick<NonNullable<operations['pickColor']['requestBody']>['content']['multipart/form-data'], 'image_file' | 'image_url'>;

/** The form fields that carry an image: the file, or the URL for the server to fetch. */
export const imageFields = (source: ImageSource): ImageFields => (source.kind === 'file' ? { image_file: source.file } : { image_url: source.url });

/** DMC is what the colour tools answer anyway: asked for another brand, they add its threads as `closest_threads`. */
const brandField = (brand: ThreadBrand) => (brand === 'dmc' ? undefined : brand);

export function useDominantColors() {
  return useMutation({
    mutationFn: async ({
      image,
      count,
      withoutBackground,
      brand,
    }: {
      image: File;
      count: number;
      withoutBackground: boolean;
      brand: ThreadBrand;
    }): Promise<DominantColors> => {
      const answer = await api.POST('/api/colors/dominant', {
        body: { image_file: image, n_colors: count, remove_background: withoutBackground ? 'true' : undefined, brand: brandField(brand) },
        bodySerializer: asForm,
      });
      // openapi-fetch's Readable<> widens the [r, g, b] triple to number[]; the schema's type keeps it a triple.
      return unwrap(answer) as DominantColors;
    },
  });
}

export function usePickColor() {
  return useMutation({
    mutationFn: async ({ source, x, y, brand }: { source: ImageSource; x: number; y: number; brand: ThreadBrand }) =>
      unwrap(await api.POST('/api/colors/pick', { body: { ...imageFields(source), x, y, brand: brandField(brand) }, bodySerializer: asForm })),
  });
}
