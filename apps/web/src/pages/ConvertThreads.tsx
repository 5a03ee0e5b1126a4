import { useMemo, useState } from 'react';
import { useConversions } from '../api/threads';
import { BrandSelect } from '../components/BrandSelect';
import { Spinner } from '../components/Spinner';
import { saveFile } from '../lib/save-file';
import { brandName, THREAD_BRANDS, type ThreadBrand } from '../lib/thread-brands';
import { useDocumentTitle } from '../lib/use-document-title';
import { CodeSearch } from './convert/CodeSearch';
import { MAX_CODES, readCodes } from './convert/code-list';
import { ConversionCard } from './convert/ConversionCard';
import { conversionCsv, conversionRows } from './convert/conversions';
import { NeedsConnection } from '../offline/ConnectionStatus';

/** 'Convert threads': the nearest threads of every other brand to codes of one brand, by colour (ΔE00). */
export function ConvertThreads() {
  useDocumentTitle('Convert Threads');
  const [from, setFrom] = useState<ThreadBrand>('anchor');
  const [codes, setCodes] = useState<string[]>([]);
  const [pasted, setPasted] = useState('');
  const [leftOut, setLeftOut] = useState(0);
  const targets = useMemo(() => THREAD_BRANDS.filter((brand) => brand !== from), [from]);
  const answers = useConversions(codes.flatMap((code) => targets.map((to) => ({ from, code, to }))));
  const rows = conversionRows(codes, targets, answers);
  const unknown = rows.filter((row) => row.state === 'unknown').map((row) => row.code);
  const failed = rows.filter((row) => row.state === 'failed').map((row) => row.code);
  const pending = rows.some((row) => row.state === 'pending');

  const chooseFrom = (brand: ThreadBrand) => {
    // A code means another thread in another brand: the list starts again.
    setFrom(brand);
    setCodes([]);
    setLeftOut(0);
  };
  const addCode = (code: string) => setCodes((list) => [code, ...list.filter((listed) => listed.toLowerCase() !== code.toLowerCase())].slice(0, MAX_CODES));
  const convertPasted = () => {
    const read = readCodes(pasted);
    setCodes(read.codes);
    setLeftOut(read.leftOut);
  };
  const download = () => saveFile(new Blob([conversionCsv(from, targets, rows)], { type: 'text/csv' }), `${from}-thread-conversion.csv`);

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold">Convert Threads</h1>
        <p className="text-slate-600">Find the threads of other brands nearest in colour to the ones a chart or your stash names.</p>
      </header>
      <NeedsConnection task="Converting threads" />

      <section className="card space-y-4" aria-labelledby="convert-what">
        <h2 id="convert-what" className="font-semibold">
          Threads to convert
        </h2>
        <div>
          <BrandSelect label="Convert from" value={from} onChange={chooseFrom} />
        </div>
        <CodeSearch brand={from} onChoose={addCode} />
        <div>
          <label className="block text-sm font-medium">
            Or paste a list of {brandName(from)} codes
            <textarea
              className="input mt-1 block w-full font-mono"
              rows={3}
              value={pasted}
              placeholder="403, 9046 310"
              onChange={(event) => setPasted(event.target.value)}
            />
          </label>
          <p className="mt-1 text-xs text-slate-600">Commas, spaces or one code a line; up to {MAX_CODES} codes at once.</p>
          <button type="button" className="btn-secondary mt-2" disabled={pasted.trim() === ''} onClick={convertPasted}>
            Convert these codes
          </button>
        </div>
      </section>

      {codes.length > 0 && (
        <section className="space-y-3" aria-labelledby="nearest-title">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="nearest-title" className="text-lg font-semibold">
              Nearest colours (ΔE00), not official equivalents
            </h2>
            <div className="flex gap-2">
              <button type="button" className="btn-secondary" disabled={pending || rows.every((row) => row.state !== 'done')} onClick={download}>
                Download CSV
              </button>
              <button type="button" className="btn-ghost" onClick={() => setCodes([])}>
                Clear
              </button>
            </div>
          </div>
          <p className="text-sm text-slate-600">
            Each maker’s table gives a screen colour per thread; these are the threads whose colours are closest by CIEDE2000 (ΔE00 0 is the same colour; under
            about 3 they look alike on fabric). Dyes differ: hold real skeins together before buying.
          </p>
          {pending && (
            <p className="flex items-center gap-2 text-sm text-slate-600">
              <Spinner label="Finding the nearest threads" /> Finding the nearest threads…
            </p>
          )}
          {unknown.length > 0 && (
            <p className="text-sm text-amber-800" role="status">
              Not {brandName(from)} codes: {unknown.join(', ')}.
            </p>
          )}
          {failed.length > 0 && (
            <p className="text-sm text-red-700" role="alert">
              Could not convert {failed.join(', ')} just now. Please try again.
            </p>
          )}
          {leftOut > 0 && (
            <p className="text-sm text-amber-800">
              Only the first {MAX_CODES} codes are converted; {leftOut} more were left out.
            </p>
          )}
          <ul className="space-y-4">
            {rows.map((row) => (row.state === 'done' ? <ConversionCard key={row.from.code} from={row.from} targets={targets} matches={row.matches} /> : null))}
          </ul>
        </section>
      )}
    </div>
  );
}
