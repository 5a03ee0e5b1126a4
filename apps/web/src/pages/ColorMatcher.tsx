import { useState } from 'react';
import { toast } from 'react-toastify';
import { failureMessage } from '../api/client';
import { usePickColor, type ImageSource } from '../api/colors';
import { BrandSelect } from '../components/BrandSelect';
import { ImageDropzone } from '../components/ImageDropzone';
import { ImageUrlForm } from '../components/ImageUrlForm';
import { cmykText, rgbText } from '../lib/color';
import type { Pixel } from '../lib/crosshair';
import { brandName, matchesInBrand, threadLabel, useColourToolsBrand, type ThreadBrand } from '../lib/thread-brands';
import { useDocumentTitle } from '../lib/use-document-title';
import { useObjectUrl } from '../lib/use-object-url';
import { PixelPicker } from './matcher/PixelPicker';
import { NeedsConnection } from '../offline/ConnectionStatus';

export function ColorMatcher() {
  const [source, setSource] = useState<ImageSource>();
  const [marker, setMarker] = useState<Pixel>();
  const [brand, setBrand] = useColourToolsBrand();
  const filePreview = useObjectUrl(source?.kind === 'file' ? source.file : undefined);
  const shown = source?.kind === 'url' ? source.url : filePreview;
  useDocumentTitle('Color Matcher');

  const pick = usePickColor();
  const pickAt = (at: Pixel, inBrand: ThreadBrand = brand) => {
    if (!source) {
      toast.error('No image selected');
      return;
    }
    setMarker(at);
    pick.mutate({ source, ...at, brand: inBrand }, { onError: (error) => toast.error(failureMessage(error, 'Error picking color. Please try again.')) });
  };
  // Another brand for the point already picked: its threads are asked for at once.
  const chooseBrand = (chosen: ThreadBrand) => {
    setBrand(chosen);
    if (marker && pick.data) pickAt(marker, chosen);
  };
  const reset = () => {
    setSource(undefined);
    setMarker(undefined);
    pick.reset();
  };
  const result = pick.data;
  const shownBrand = pick.variables?.brand ?? brand;
  // Below the upload, then beside Reset: the picture stays the first stop once it shows.
  const brandChoice = <BrandSelect label="Thread brand" value={brand} onChange={chooseBrand} />;
  const matches = result ? matchesInBrand(shownBrand, result.closest_dmc_threads, result.closest_threads) : [];

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold">Color Matcher</h1>
        <p className="text-slate-600">Click any point of an image to find the closest {brandName(brand)} threads.</p>
      </header>
      <NeedsConnection task="Matching a colour" />

      {!source && (
        <section className="card grid gap-6 md:grid-cols-2">
          <ImageDropzone label="Upload an image" onFile={(file) => setSource({ kind: 'file', file })} />
          <div className="flex flex-col justify-center">
            <ImageUrlForm onLoad={(url) => setSource({ kind: 'url', url })} />
          </div>
        </section>
      )}
      {!source && brandChoice}

      {shown && (
        <section className="grid gap-6 lg:grid-cols-[3fr_2fr]">
          <div className="card">
            <PixelPicker
              // A new image starts with a new crosshair.
              key={shown}
              src={shown}
              busy={pick.isPending}
              picked={marker}
              onPick={pickAt}
              onLoadError={() => toast.error('The image could not be loaded. Please check the address.')}
            />
            <div className="mt-3 flex flex-wrap items-end justify-between gap-3">
              {brandChoice}
              <button type="button" className="btn-ghost" onClick={reset}>
                Reset
              </button>
            </div>
          </div>

          {result && (
            <div className="space-y-4">
              <div className="card">
                <h2 className="font-semibold">Picked color</h2>
                <div className="mt-3 flex items-center gap-3">
                  <span className="h-14 w-14 rounded-lg border border-slate-200" style={{ backgroundColor: result.picked_color.hex }} aria-hidden="true" />
                  <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
                    <dt className="text-slate-500">RGB</dt>
                    <dd>{rgbText(result.picked_color.r, result.picked_color.g, result.picked_color.b)}</dd>
                    <dt className="text-slate-500">HEX</dt>
                    <dd className="font-mono">{result.picked_color.hex.toUpperCase()}</dd>
                    <dt className="text-slate-500">Position</dt>
                    <dd>
                      x {result.picked_color.coordinates.x}, y {result.picked_color.coordinates.y}
                    </dd>
                    <dt className="text-slate-500">CMYK</dt>
                    <dd>{cmykText(result.picked_color.r, result.picked_color.g, result.picked_color.b)}</dd>
                  </dl>
                </div>
              </div>
              <div className="card">
                <h2 className="font-semibold">Top 5 {brandName(shownBrand)} Thread Matches</h2>
                <ol className="mt-3 space-y-2">
                  {matches.map((thread, rank) => (
                    <li key={thread.code} className="flex items-center gap-3 text-sm" data-testid="thread-match">
                      <span className="w-5 text-slate-600">{rank + 1}</span>
                      <span className="h-8 w-8 shrink-0 rounded border border-slate-200" style={{ backgroundColor: thread.hex }} aria-hidden="true" />
                      <div className="min-w-0 flex-1">
                        <p className="font-medium">
                          {threadLabel(thread)} · {thread.name}
                        </p>
                        <p className="text-xs text-slate-500">
                          {rgbText(thread.r, thread.g, thread.b)} · {thread.hex.toUpperCase()} · {cmykText(thread.r, thread.g, thread.b)}
                        </p>
                      </div>
                      <span className="text-xs text-slate-500" title="CIEDE2000 colour difference">
                        ΔE {thread.distance.toFixed(1)}
                      </span>
                    </li>
                  ))}
                </ol>
              </div>
            </div>
          )}
        </section>
      )}
    </div>
  );
}
