import { useState, type MouseEvent } from 'react';
import { toast } from 'react-toastify';
import { failureMessage } from '../api/client';
import { usePickColor, type ImageSource } from '../api/colors';
import { ImageDropzone } from '../components/ImageDropzone';
import { ImageUrlForm } from '../components/ImageUrlForm';
import { cmykText, rgbText } from '../lib/color';
import { useObjectUrl } from '../lib/use-object-url';

interface Pick {
  x: number;
  y: number;
  /** Marker position in percent of the shown image. */
  left: number;
  top: number;
}

export function ColorMatcher() {
  const [source, setSource] = useState<ImageSource>();
  const [marker, setMarker] = useState<Pick>();
  const filePreview = useObjectUrl(source?.kind === 'file' ? source.file : undefined);
  const shown = source?.kind === 'url' ? source.url : filePreview;

  const pick = usePickColor();

  const onImageClick = (event: MouseEvent<HTMLImageElement>) => {
    const image = event.currentTarget;
    const box = image.getBoundingClientRect();
    const fx = (event.clientX - box.left) / box.width;
    const fy = (event.clientY - box.top) / box.height;
    // Whole pixels of the natural image, whatever size it is shown at.
    const x = Math.min(image.naturalWidth - 1, Math.max(0, Math.floor(fx * image.naturalWidth)));
    const y = Math.min(image.naturalHeight - 1, Math.max(0, Math.floor(fy * image.naturalHeight)));
    const chosen = { x, y, left: fx * 100, top: fy * 100 };
    if (!source) {
      toast.error('No image selected');
      return;
    }
    setMarker(chosen);
    pick.mutate({ source, x, y }, { onError: (error) => toast.error(failureMessage(error, 'Error picking color. Please try again.')) });
  };
  const reset = () => {
    setSource(undefined);
    setMarker(undefined);
    pick.reset();
  };
  const result = pick.data;

  return (
    <div className="space-y-6">
      <header>
        <h2 className="text-2xl font-bold">Color Matcher</h2>
        <p className="text-slate-600">Click any point of an image to find the closest DMC threads.</p>
      </header>

      {!source && (
        <section className="card grid gap-6 md:grid-cols-2">
          <ImageDropzone label="Upload an image" onFile={(file) => setSource({ kind: 'file', file })} />
          <div className="flex flex-col justify-center">
            <ImageUrlForm onLoad={(url) => setSource({ kind: 'url', url })} />
          </div>
        </section>
      )}

      {shown && (
        <section className="grid gap-6 lg:grid-cols-[3fr_2fr]">
          <div className="card">
            <p className="mb-2 text-sm text-slate-600">Click the image to pick a colour.</p>
            <div className="relative inline-block">
              <img
                src={shown}
                alt="The image to pick colours from"
                onClick={onImageClick}
                onError={() => toast.error('The image could not be loaded. Please check the address.')}
                className={`max-h-[32rem] max-w-full cursor-crosshair rounded transition ${pick.isPending ? 'opacity-50' : ''}`}
                data-testid="pick-image"
              />
              {marker && (
                <span
                  className="pointer-events-none absolute h-5 w-5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white shadow-[0_0_0_2px_rgba(0,0,0,0.6)]"
                  style={{ left: `${marker.left}%`, top: `${marker.top}%` }}
                  data-testid="pick-marker"
                  aria-hidden="true"
                />
              )}
              {pick.isPending && (
                <div className="absolute inset-0 flex items-center justify-center" role="status">
                  <span className="rounded-lg bg-white/90 px-4 py-2 text-sm font-medium shadow">Analyzing color...</span>
                </div>
              )}
            </div>
            <div className="mt-3">
              <button type="button" className="btn-ghost" onClick={reset}>
                Reset
              </button>
            </div>
          </div>

          {result && (
            <div className="space-y-4">
              <div className="card">
                <h3 className="font-semibold">Picked color</h3>
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
                <h3 className="font-semibold">Top 5 DMC Thread Matches</h3>
                <ol className="mt-3 space-y-2">
                  {result.closest_dmc_threads.map((thread, rank) => (
                    <li key={thread.code} className="flex items-center gap-3 text-sm" data-testid="thread-match">
                      <span className="w-5 text-slate-400">{rank + 1}</span>
                      <span className="h-8 w-8 shrink-0 rounded border border-slate-200" style={{ backgroundColor: thread.hex }} aria-hidden="true" />
                      <div className="min-w-0 flex-1">
                        <p className="font-medium">
                          DMC {thread.code} · {thread.name}
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
