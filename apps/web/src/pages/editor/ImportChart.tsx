import { BRANDS, THREAD_BRANDS, type ThreadBrand } from '@stitchwise/core';
import { useId, useState, type DragEvent, type SyntheticEvent } from 'react';
import { Link } from 'react-router';
import { ApiError, detailOf } from '../../api/client';
import { useImportChart } from '../../api/imports';
import { useAppConfig } from '../../auth/config-context';
import { Icon } from '../../components/Icon';
import { megabytes } from '../../lib/sizes';
import { rememberedBrand } from '../../lib/thread-brands';
import { ImportReport } from './ImportReport';

function importFailure(error: unknown): string {
  if (error instanceof ApiError) return detailOf(error) ?? `The chart could not be imported (the server answered ${error.status}). Please try again.`;
  return 'The chart could not be imported: the server could not be reached. Please try again.';
}

/**
 * 'Import a chart' on the projects list: an OXS file from another charting program, or a Stitchwise
 * pattern (.json), becomes a project; the report says how its colours became threads, and the new
 * project opens in the editor from here.
 */
export function ImportChart({ onClose }: { onClose: () => void }) {
  const importChart = useImportChart();
  const [file, setFile] = useState<File | undefined>();
  const [name, setName] = useState('');
  const [brand, setBrand] = useState<ThreadBrand>(rememberedBrand);
  const [tooLarge, setTooLarge] = useState(false);
  const ids = { name: useId(), hint: useId(), brand: useId() };
  // The largest chart file the server takes, as it says.
  const maxBytes = useAppConfig().uploads.max_chart_bytes;

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file) return;
    if (file.size > maxBytes) {
      setTooLarge(true);
      return;
    }
    importChart.mutate({ file, name, brand });
  };

  const imported = importChart.data;
  return (
    <section className="card space-y-4" aria-label="Import a chart">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">Import a chart</h2>
        <button type="button" className="btn-ghost" onClick={onClose}>
          Close
        </button>
      </div>
      {imported ? (
        <>
          <ImportReport project={imported} />
          <div className="flex flex-wrap gap-2">
            <Link to={`/stitch/projects/${imported.id}/edit`} className="btn-primary">
              Open in the editor
            </Link>
            <button
              type="button"
              className="btn-secondary"
              onClick={() => {
                importChart.reset();
                setFile(undefined);
                setName('');
              }}
            >
              Import another
            </button>
          </div>
        </>
      ) : (
        <form className="grid gap-3 sm:grid-cols-2" onSubmit={submit}>
          <ChartFilePicker
            file={file}
            hintId={ids.hint}
            onFile={(chosen) => {
              setFile(chosen);
              setTooLarge(false);
            }}
          />
          <label htmlFor={ids.name} className="space-y-1 text-sm font-medium">
            <span className="block">Project name (optional)</span>
            <input
              id={ids.name}
              className="input w-full"
              maxLength={100}
              value={name}
              placeholder="The chart's own title"
              onChange={(event) => setName(event.target.value)}
            />
          </label>
          <label htmlFor={ids.brand} className="space-y-1 text-sm font-medium">
            <span className="block">Other makers&apos; colours become</span>
            <select id={ids.brand} className="input block min-h-8" value={brand} onChange={(event) => setBrand(event.target.value as ThreadBrand)}>
              {THREAD_BRANDS.map((id) => (
                <option key={id} value={id}>
                  {BRANDS[id].name} threads
                </option>
              ))}
            </select>
          </label>
          <p id={ids.hint} className="text-xs text-slate-600 sm:col-span-2">
            An OXS chart (.oxs or .xml, from KG-Chart, WinStitch, MacStitch, FlossCross and others) or a Stitchwise pattern (.json), up to {megabytes(maxBytes)}
            . Full stitches are imported; DMC, Anchor and Madeira threads stay themselves, and other colours become the nearest thread of the brand chosen.
          </p>
          {(tooLarge || importChart.isError) && (
            <p role="alert" className="text-sm text-red-700 sm:col-span-2">
              {tooLarge ? `That file is larger than ${megabytes(maxBytes)}, which is more than a chart file can be.` : importFailure(importChart.error)}
            </p>
          )}
          <div className="sm:col-span-2">
            <button type="submit" className="btn-primary" disabled={!file || importChart.isPending}>
              {importChart.isPending ? 'Importing...' : 'Import'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

/**
 * The chart file, chosen as the app's other pickers choose pictures: a dashed box with the chosen file's
 * name and a 'Choose a file' button look, which a file can also be dropped on. The real file input stays
 * in the tab order (visually hidden, named 'Chart file'), so Enter or Space opens the system's picker, and
 * the box shows its focus.
 */
function ChartFilePicker({ file, hintId, onFile }: { file: File | undefined; hintId: string; onFile: (file: File | undefined) => void }) {
  const ids = { input: useId(), title: useId(), chosen: useId() };
  const [dragging, setDragging] = useState(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) onFile(dropped);
  };
  return (
    <div className="space-y-1 text-sm font-medium">
      <span id={ids.title} className="block">
        Chart file
      </span>
      <input
        id={ids.input}
        type="file"
        accept=".oxs,.xml,.json"
        aria-labelledby={ids.title}
        aria-describedby={`${ids.chosen} ${hintId}`}
        className="peer sr-only"
        data-testid="chart-file-input"
        onChange={(event) => onFile(event.target.files?.[0])}
      />
      <label
        htmlFor={ids.input}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className={`flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border-2 border-dashed px-3 py-2 transition peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-violet-500 ${dragging ? 'border-violet-500 bg-violet-50' : 'border-slate-300 bg-white hover:border-violet-400'}`}
      >
        <Icon name="file" className="h-6 w-6 flex-none text-violet-500" />
        <span id={ids.chosen} className={`min-w-0 flex-1 truncate ${file ? 'text-slate-900' : 'font-normal text-slate-500'}`}>
          {file ? file.name : 'No file chosen'}
        </span>
        <span className="btn-secondary flex-none px-3 py-1.5" aria-hidden="true">
          {file ? 'Change' : 'Choose a file'}
        </span>
      </label>
    </div>
  );
}
