import { useState } from 'react';
import { toast } from 'react-toastify';
import { detailOf } from '../api/client';
import { useDominantColors } from '../api/colors';
import { BrandSelect } from '../components/BrandSelect';
import { ImageDropzone } from '../components/ImageDropzone';
import { fileSizeMb } from '../lib/sizes';
import { Spinner } from '../components/Spinner';
import { cmykText, rgbText } from '../lib/color';
import { brandName, matchesInBrand, threadLabel, useColourToolsBrand } from '../lib/thread-brands';
import { useDocumentTitle } from '../lib/use-document-title';
import { useObjectUrl } from '../lib/use-object-url';
import { NeedsConnection } from '../offline/ConnectionStatus';

export const COLOR_COUNTS = [3, 4, 5, 6, 8, 10, 12];

export function DominantColors() {
  useDocumentTitle('Dominant Color Analysis');
  const [file, setFile] = useState<File>();
  const [count, setCount] = useState(6);
  const [removeBackground, setRemoveBackground] = useState(false);
  const [brand, setBrand] = useColourToolsBrand();
  const preview = useObjectUrl(file);
  const analysis = useDominantColors();
  const analyze = (withoutBackground: boolean) => {
    if (!file) return;
    analysis.mutate(
      { image: file, count, withoutBackground, brand },
      // The spec's fallback of two sample colours would show colours that are not in the picture: say what went wrong instead.
      { onError: (error) => toast.error(detailOf(error) ?? 'Analysis failed. Please try again.') },
    );
  };
  const reset = () => {
    setFile(undefined);
    analysis.reset();
  };
  // The threads shown are of the brand the shown analysis asked for; another choice applies to the next one.
  const shownBrand = analysis.variables?.brand ?? brand;
  const mode = analysis.isPending ? (analysis.variables.withoutBackground ? 'Removing the background and analysing…' : 'Analysing colours…') : undefined;

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold">Dominant Color Analysis</h1>
        <p className="text-slate-600">Find the main colours of an image and the {brandName(brand)} threads closest to them.</p>
      </header>
      <NeedsConnection task="Finding an image’s colours" />

      <section className="card space-y-4">
        {file ? (
          <p className="text-sm">
            <span className="font-medium">{file.name}</span> <span className="text-slate-500">({fileSizeMb(file)})</span>
          </p>
        ) : (
          <ImageDropzone
            label="Choose an image to analyse"
            onFile={(chosen) => {
              setFile(chosen);
              analysis.reset();
            }}
          />
        )}
        <div className="flex flex-wrap items-end gap-6">
          <label className="text-sm font-medium">
            Number of colors
            <select className="input mt-1 block" value={count} onChange={(event) => setCount(Number(event.target.value))}>
              {COLOR_COUNTS.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          <BrandSelect label="Thread brand" value={brand} onChange={setBrand} />
          <label className="flex min-h-8 items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              checked={removeBackground}
              onChange={(event) => setRemoveBackground(event.target.checked)}
              className="h-4 w-4 accent-violet-600"
            />
            Remove background
          </label>
        </div>
        <div className="flex flex-wrap gap-3">
          <button type="button" className="btn-primary" disabled={!file || analysis.isPending} onClick={() => analyze(removeBackground)}>
            Analyze Colors
          </button>
          <button type="button" className="btn-secondary" disabled={!file || analysis.isPending} onClick={() => analyze(true)}>
            Remove Background &amp; Analyze
          </button>
          <button type="button" className="btn-ghost" onClick={reset}>
            Reset
          </button>
        </div>
        {mode && (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner label={mode} /> {mode}
          </p>
        )}
      </section>

      {preview && (
        <section className="grid gap-4 md:grid-cols-2" aria-label="Images">
          <figure className="card">
            <figcaption className="mb-2 text-sm font-medium">Original</figcaption>
            <img src={preview} alt="The original image" className="max-h-80 w-full rounded object-contain" />
          </figure>
          {analysis.data?.processed_image_url && (
            <figure className="card">
              <figcaption className="mb-2 text-sm font-medium">Background removed</figcaption>
              <img
                src={analysis.data.processed_image_url}
                alt="The image with its background removed"
                className="checkerboard max-h-80 w-full rounded object-contain"
              />
            </figure>
          )}
        </section>
      )}

      {analysis.data && (
        <section aria-labelledby="results-title">
          <h2 id="results-title" className="mb-3 text-lg font-semibold">
            Dominant colours
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {analysis.data.colors.map((color) => {
              const [r, g, b] = color.rgb;
              const thread = matchesInBrand(shownBrand, color.closest_dmc, color.closest_threads)[0];
              return (
                <li key={color.hex} className="card" data-testid="color-card">
                  <div className="flex items-center gap-3">
                    <span className="h-12 w-12 rounded-lg border border-slate-200" style={{ backgroundColor: color.hex }} aria-hidden="true" />
                    <div>
                      <p className="text-lg font-semibold">{(color.share * 100).toFixed(1)}%</p>
                      <p className="font-mono text-xs text-slate-500">{color.hex.toUpperCase()}</p>
                    </div>
                  </div>
                  <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
                    <dt className="text-slate-500">RGB</dt>
                    <dd>{rgbText(r, g, b)}</dd>
                    <dt className="text-slate-500">CMYK</dt>
                    <dd>{cmykText(r, g, b)}</dd>
                  </dl>
                  {thread && (
                    <div className="mt-3 flex items-center gap-3 border-t border-slate-100 pt-3 text-sm">
                      <span className="h-8 w-8 rounded border border-slate-200" style={{ backgroundColor: thread.hex }} aria-hidden="true" />
                      <div>
                        <p className="font-medium">
                          {threadLabel(thread)} · {thread.name}
                        </p>
                        <p className="text-xs text-slate-500">
                          {thread.hex.toUpperCase()} · {cmykText(thread.r, thread.g, thread.b)}
                        </p>
                      </div>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </div>
  );
}
