import { useMemo } from 'react';
import { useBackgroundCutout } from '../api/background';
import type { ImageSource } from '../api/colors';
import { useServerCopy } from '../api/image-copy';
import { blobIdentity } from './blob-identity';
import type { PreviewSource } from './protocol';

/** Where the preview's pixels come from, or why they are not there (yet). */
export type PreviewSourceState =
  | { status: 'ready'; source: PreviewSource }
  /** `copy`: this server fetches a picture given by address; `cutout`: it removes the background. */
  | { status: 'loading' | 'failed'; step: 'copy' | 'cutout' };

/**
 * The bytes to preview: a chosen file as it is (nothing is uploaded); a picture given by address
 * through this server's copy of it; with the background removed, the server's cut-out, made once
 * per picture and cached.
 */
export function usePreviewSource(picture: ImageSource | undefined, withoutBackground: boolean): PreviewSourceState | undefined {
  const identity = picture && (picture.kind === 'file' ? blobIdentity(picture.file) : `url:${picture.url}`);
  const cutout = useBackgroundCutout(withoutBackground ? picture : undefined, identity);
  const copy = useServerCopy(!withoutBackground && picture?.kind === 'url' ? picture.url : undefined);

  const query = withoutBackground ? { step: 'cutout' as const, ...cutout } : picture?.kind === 'url' ? { step: 'copy' as const, ...copy } : undefined;
  const blob = query ? query.data : picture?.kind === 'file' ? picture.file : undefined;
  // One object per blob, so that the preview asks again only when the picture really changed.
  const source = useMemo<PreviewSource | undefined>(() => blob && { key: blobIdentity(blob), blob }, [blob]);

  if (!picture) return undefined;
  if (source) return { status: 'ready', source };
  if (query?.isError) return { status: 'failed', step: query.step };
  return { status: 'loading', step: query?.step ?? 'copy' };
}
