import { LETTER_SPACING_RANGE, LINE_SPACING_RANGE, MAX_LETTERING_CHARACTERS, MAX_LETTERING_MARGIN, type ThreadBrand } from '@stitchwise/core';
import { useId, useState, type SyntheticEvent } from 'react';
import { useNavigate } from 'react-router';
import { detailOf, failureMessage } from '../../api/client';
import { patternDocumentFile, useImportChart } from '../../api/imports';
import { useLetteringChart, type LetteringRequest } from '../../api/lettering';
import { useSession } from '../../auth/use-session';
import { BrandSelect } from '../../components/BrandSelect';
import { WholeNumberInput } from '../../components/WholeNumberInput';
import { AlphabetOptions } from '../../components/AlphabetOptions';
import { ALIGN_CHOICES } from '../../lib/lettering';
import { rememberedBrand } from '../../lib/thread-brands';

/** Each brand's black, the thread most lettering is stitched in. */
const BLACK: Record<ThreadBrand, string> = { dmc: '310', anchor: '403', madeira: 'Black' };

/**
 * 'Start from text' on the wizard's first step: a name or a date in a stitch alphabet becomes a chart of its own,
 * opened in the editor: a signed-in user's as a new project, a visitor's as a result kept 24 hours.
 */
export default function StartFromText() {
  const id = useId();
  const navigate = useNavigate();
  const { signedIn } = useSession();
  const lettering = useLetteringChart();
  const importChart = useImportChart();
  const [text, setText] = useState('');
  const [alphabet, setAlphabet] = useState<LetteringRequest['alphabet']>('bold-10');
  const [brand, setBrand] = useState<ThreadBrand>(rememberedBrand);
  const [code, setCode] = useState(BLACK[brand]);
  const [align, setAlign] = useState<LetteringRequest['align']>('center');
  const [letterSpacing, setLetterSpacing] = useState(0);
  const [lineSpacing, setLineSpacing] = useState(0);
  const [margin, setMargin] = useState(5);
  const busy = lettering.isPending || importChart.isPending;
  const failure = lettering.error ?? importChart.error;

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const request = { text, alphabet, brand, code: code.trim(), align, letter_spacing: letterSpacing, line_spacing: lineSpacing, margin };
    const chart = await lettering.mutateAsync(request).catch(() => undefined);
    if (!chart) return;
    if (!signedIn) {
      await navigate(`/stitch/edit/${chart.patternFile}`);
      return;
    }
    const name = text
      .trim()
      .split(/\s*\n\s*/)
      .join(' ')
      .slice(0, 100);
    const project = await importChart.mutateAsync({ file: patternDocumentFile(chart.document, name), name }).catch(() => undefined);
    if (project) await navigate(`/stitch/projects/${project.id}/edit`);
  };

  return (
    <form className="space-y-3" aria-label="Start from text" onSubmit={(event) => void submit(event)}>
      <p className="text-sm text-slate-600">A name, a date or a saying in a stitch alphabet, as a chart of its own to edit.</p>
      <label className="block text-sm font-medium">
        Text
        <textarea
          className="input mt-1 block min-h-16 w-full"
          rows={2}
          required
          maxLength={MAX_LETTERING_CHARACTERS}
          value={text}
          placeholder={'Emma\n12 May 2026'}
          onChange={(event) => setText(event.target.value)}
        />
      </label>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="text-sm font-medium">
          Alphabet
          <select
            className="input mt-1 block min-h-8 w-full"
            value={alphabet}
            onChange={(event) => setAlphabet(event.target.value as LetteringRequest['alphabet'])}
          >
            <AlphabetOptions />
          </select>
        </label>
        <label className="text-sm font-medium">
          Alignment
          <select className="input mt-1 block min-h-8 w-full" value={align} onChange={(event) => setAlign(event.target.value as LetteringRequest['align'])}>
            {ALIGN_CHOICES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <BrandSelect
          label="Thread brand"
          value={brand}
          onChange={(next) => {
            setBrand(next);
            setCode(BLACK[next]);
          }}
        />
        <label className="text-sm font-medium">
          Thread
          <input className="input mt-1 block min-h-8 w-full" value={code} required onChange={(event) => setCode(event.target.value)} />
        </label>
      </div>
      <div className="grid grid-cols-3 gap-3">
        {(
          [
            ['Letter spacing', letterSpacing, setLetterSpacing, LETTER_SPACING_RANGE],
            ['Line spacing', lineSpacing, setLineSpacing, LINE_SPACING_RANGE],
            ['Margin', margin, setMargin, { min: 0, max: MAX_LETTERING_MARGIN }],
          ] as const
        ).map(([label, value, set, range]) => (
          <label key={label} className="text-sm font-medium">
            {label}
            <WholeNumberInput className="input mt-1 block min-h-8 w-full" min={range.min} max={range.max} value={value} onValue={set} />
          </label>
        ))}
      </div>
      {failure && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {detailOf(failure) ?? failureMessage(failure, 'The chart could not be made. Try again in a moment.')}
        </p>
      )}
      <button type="submit" className="btn-primary min-h-11 w-full sm:w-auto" disabled={busy || !text.trim()}>
        {busy ? 'Making the chart…' : 'Make chart'}
      </button>
    </form>
  );
}
