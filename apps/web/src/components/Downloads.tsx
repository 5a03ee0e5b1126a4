import { defaultStrands, FABRICS, fabricByCount, finishedSize, threadNeedOfUse, type ThreadUse } from '@stitchwise/core';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { failureMessage } from '../api/client';
import { useExportPattern, type ExportOptions, type ExportSource } from '../api/patterns';
import { saveFile } from '../lib/save-file';
import { DEFAULT_PRINT_OPTIONS, PrintOptionsFields, printPlan, type PrintOptions } from './PrintOptions';

/**
 * Downloads of a pattern (printable PDF, OXS for other charting apps, the pattern JSON) and the
 * materials it takes on the chosen fabric; the PDF is printed as the print options say. `source` is a signed-in user's project (its export needs the
 * token, hence fetched rather than linked), a visitor's pattern, or the chart in the editor.
 */
export function Downloads({
  source,
  width,
  height,
  legend,
}: {
  source: ExportSource;
  width: number;
  height: number;
  /** Stitches per thread, for the skeins (with part stitches, backstitch and knots where the chart has them). */
  legend: readonly ThreadUse[];
}) {
  const [fabricCount, setFabricCount] = useState(14);
  const [paper, setPaper] = useState<'a4' | 'letter'>('a4');
  const [variant, setVariant] = useState<'color' | 'bw'>('color');
  const [print, setPrint] = useState<PrintOptions>(DEFAULT_PRINT_OPTIONS);
  const printing = printPlan(width, height, paper, print);
  const exporting = useExportPattern(source);
  const busy = exporting.isPending ? exporting.variables.format : undefined;
  const fabric = fabricByCount(fabricCount)!;
  const size = finishedSize(width, height, fabric);
  const skeins = legend.reduce((sum, entry) => sum + threadNeedOfUse(entry, fabric).skeinsToBuy, 0);

  const download = (format: ExportOptions['format']) => {
    const fabricField = String(fabricCount) as ExportOptions['fabric'];
    // Only the PDF is cut into pages: the other files print every stitch whatever the range says.
    const pages = format === 'pdf' ? printing.pages : 'all';
    exporting.mutate(
      { format, paper, variant, fabric: fabricField, orientation: print.orientation, stitches_per_page: print.preset, pages },
      {
        onSuccess: ({ blob, filename }) => saveFile(blob, filename),
        onError: (error) => toast.error(failureMessage(error, 'The download could not be made. Please try again.')),
      },
    );
  };

  return (
    <section className="card space-y-4" aria-labelledby="downloads-title">
      <h2 id="downloads-title" className="font-semibold">
        Print and materials
      </h2>
      <div className="flex flex-wrap gap-4">
        <label className="text-sm font-medium">
          Fabric
          <select className="input mt-1 block" value={fabricCount} onChange={(event) => setFabricCount(Number(event.target.value))}>
            {FABRICS.map((option) => (
              <option key={option.count} value={option.count}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          Paper
          <select className="input mt-1 block" value={paper} onChange={(event) => setPaper(event.target.value as 'a4' | 'letter')}>
            <option value="a4">A4</option>
            <option value="letter">Letter</option>
          </select>
        </label>
        <label className="text-sm font-medium">
          Chart
          <select className="input mt-1 block" value={variant} onChange={(event) => setVariant(event.target.value as 'color' | 'bw')}>
            <option value="color">Colour</option>
            <option value="bw">Black and white</option>
          </select>
        </label>
      </div>
      <PrintOptionsFields options={print} onChange={setPrint} plan={printing} />
      <p className="text-sm text-slate-700" data-testid="materials">
        Finished size on {fabric.label}: {size.inches.width} × {size.inches.height} in ({size.centimetres.width} × {size.centimetres.height} cm); with 3 in
        margins {size.withMargin.inches.width} × {size.withMargin.inches.height} in. About {skeins} skein{skeins === 1 ? '' : 's'} of DMC in all (
        {defaultStrands(fabric)} strands, 15 % spare).
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-primary" disabled={!!busy || !printing.ok} onClick={() => download('pdf')}>
          {busy === 'pdf' ? 'Preparing PDF…' : 'Download PDF chart'}
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
