import { brandNameOf, defaultStrands, FABRICS, fabricByCount, finishedSize, isBlendEntry, skeinsByThread, type MarkUse } from '@stitchwise/core';
import { useId } from 'react';
import type { LegendEntry } from '../api/schemas';
import type { ExportSource } from '../api/patterns';
import { useChartDownloads, type ChartDownloads } from './chart-downloads';
import { Icon } from './Icon';
import { PaperSelect, PrintOptionsFields } from './PrintOptions';

/**
 * The chart's legend, with part stitches, backstitch and knots where it has them: the skeins to buy are counted
 * per thread (a blend's two threads each for its one strand, added to the thread's own use), and named by brand.
 */
type Legend = readonly (LegendEntry & Partial<MarkUse>)[];

/**
 * Downloads of a pattern (printable PDF, OXS for other charting apps, the pattern JSON) and the
 * materials it takes on the chosen fabric, where the page has no 'Download PDF chart' of its own above
 * (the editor). `source` is a signed-in user's project (its export needs the token, hence fetched rather
 * than linked), a visitor's pattern, or the chart in the editor.
 */
export function Downloads({ source, width, height, legend }: { source: ExportSource; width: number; height: number; legend: Legend }) {
  return <DownloadsPanel downloads={useChartDownloads(source, width, height)} legend={legend} source={source} pdfAbove={false} />;
}

/**
 * The Print and materials panel: fabric, paper, colour and the PDF's pages, what the chart takes, and the
 * downloads. With `pdfAbove`, the page's 'Download PDF chart' (PdfChartButton, sharing `downloads`) is the
 * print action, and the panel's own PDF button says it prints with these options.
 */
export function DownloadsPanel({
  downloads,
  legend,
  source,
  pdfAbove,
}: {
  downloads: ChartDownloads;
  legend: Legend;
  source: ExportSource;
  pdfAbove: boolean;
}) {
  const { fabricCount, paper, variant, print, printing, busy, download } = downloads;
  const fabric = fabricByCount(fabricCount)!;
  const size = finishedSize(downloads.width, downloads.height, fabric);
  const skeins = skeinsByThread(legend, fabric).reduce((sum, thread) => sum + thread.need.skeinsToBuy, 0);
  const blends = legend.some(isBlendEntry) ? ', blends one strand of each thread' : '';

  return (
    <section className="card space-y-4" aria-labelledby="downloads-title">
      <h2 id="downloads-title" className="font-semibold">
        Print and materials
      </h2>
      {pdfAbove && <p className="text-sm text-slate-600">‘Download PDF chart’ above prints with the options chosen here.</p>}
      <div className="flex flex-wrap gap-4">
        <label className="text-sm font-medium">
          Fabric
          <select className="input mt-1 block" value={fabricCount} onChange={(event) => downloads.setFabricCount(Number(event.target.value))}>
            {FABRICS.map((option) => (
              <option key={option.count} value={option.count}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          Paper
          <PaperSelect value={paper} onChange={downloads.setPaper} />
        </label>
        <label className="text-sm font-medium">
          Chart
          <select className="input mt-1 block" value={variant} onChange={(event) => downloads.setVariant(event.target.value as 'color' | 'bw')}>
            <option value="color">Colour</option>
            <option value="bw">Black and white</option>
          </select>
        </label>
      </div>
      <PrintOptionsFields options={print} onChange={downloads.setPrint} plan={printing} />
      <p className="text-sm text-slate-700" data-testid="materials">
        Finished size on {fabric.label}: {size.inches.width} × {size.inches.height} in ({size.centimetres.width} × {size.centimetres.height} cm); with 3 in
        margins {size.withMargin.inches.width} × {size.withMargin.inches.height} in. About {skeins} skein{skeins === 1 ? '' : 's'} of {brandNameOf(legend)} in
        all ({defaultStrands(fabric)} strands{blends}, 15 % spare).
      </p>
      <div className="flex flex-wrap gap-2">
        {/* Below a 'Download PDF chart' the same download is secondary, and named so the two are not taken for different files. */}
        <button type="button" className={pdfAbove ? 'btn-secondary' : 'btn-primary'} disabled={!!busy || !printing.ok} onClick={() => download('pdf')}>
          {busy === 'pdf' ? 'Preparing PDF…' : pdfAbove ? 'Download PDF with these options' : 'Download PDF chart'}
        </button>
        <button type="button" className="btn-secondary" disabled={!!busy} onClick={() => download('oxs')}>
          Download OXS
        </button>
        <button type="button" className="btn-ghost" disabled={!!busy} onClick={() => download('json')}>
          Pattern JSON
        </button>
        {'edited' in source && (
          <button type="button" className="btn-ghost" disabled={!!busy} onClick={() => download('png')}>
            Chart image (PNG)
          </button>
        )}
      </div>
    </section>
  );
}

/**
 * 'Download PDF chart', the page's print action beside its other downloads: the PDF as the Print and
 * materials panel's options say (their defaults until changed). While the panel's page range is wrong it
 * waits, and says where to put it right.
 */
export function PdfChartButton({ downloads, className = 'btn-primary' }: { downloads: ChartDownloads; className?: string }) {
  const hint = useId();
  const { busy, printing } = downloads;
  return (
    <>
      <button
        type="button"
        className={`${className} gap-2`}
        disabled={!!busy || !printing.ok}
        aria-describedby={printing.ok ? undefined : hint}
        onClick={() => downloads.download('pdf')}
      >
        <Icon name="printer" className="h-4 w-4" />
        {busy === 'pdf' ? 'Preparing PDF…' : 'Download PDF chart'}
      </button>
      {!printing.ok && (
        <p id={hint} className="basis-full text-sm text-red-700">
          Correct the pages under Print and materials to download the PDF.
        </p>
      )}
    </>
  );
}
