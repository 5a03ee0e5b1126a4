import {
  alphabetById,
  layOutText,
  letteringInk,
  LETTER_SPACING_RANGE,
  LINE_SPACING_RANGE,
  MAX_LETTERING_CHARACTERS,
  missingCharacters,
  placeLettering,
  threadName,
  type ChartPoint,
  type ChartRect,
  type EditableChart,
  type EditResult,
  type LetteringAlign,
} from '@stitchwise/core';
import { useEffect, useId, useMemo, useState } from 'react';
import { WholeNumberInput } from '../../components/WholeNumberInput';
import { AlphabetOptions } from '../../components/AlphabetOptions';
import { ALIGN_CHOICES } from '../../lib/lettering';

/** What the chart shows while text floats over it: the chart with the text in, and the text's box. */
export interface TextPreview {
  chart: EditableChart;
  box: ChartRect;
}

export interface TextToolProps {
  chart: EditableChart;
  /** The chart thread the text is stitched in (the palette's current one). */
  thread: number | undefined;
  /** Where the top-left stitch of the text goes; undefined: centred on the chart. */
  at: ChartPoint | undefined;
  onAt: (at: ChartPoint | undefined) => void;
  onPreview: (preview: TextPreview | undefined) => void;
  /** Makes the edit; false when it was refused (the editor has said why). */
  onPlace: (operation: (chart: EditableChart) => EditResult) => boolean;
  /** Stitches a side the chart may grow to: a visitor's chart can be downloaded up to 100. */
  maxSide: number;
}

/**
 * The editor's Text tool: type, choose an alphabet, spacing and alignment, see the text floating over the chart in
 * the current thread (dragging on the chart or the arrows move it), and place it as one step of undo. Loaded only
 * when the tool is chosen, with the alphabets.
 */
export default function TextTool({ chart, thread, at, onAt, onPreview, onPlace, maxSide }: TextToolProps) {
  const id = useId();
  const [text, setText] = useState('');
  // Smaller than Start from text's Bold: text added to a chart is most often a name or a date in a corner.
  const [alphabet, setAlphabet] = useState('plain-7');
  const [letterSpacing, setLetterSpacing] = useState(0);
  const [lineSpacing, setLineSpacing] = useState(0);
  const [align, setAlign] = useState<LetteringAlign>('center');
  const [grow, setGrow] = useState(false);

  const lettering = useMemo(() => layOutText(text, alphabet, { letterSpacing, lineSpacing, align }), [text, alphabet, letterSpacing, lineSpacing, align]);
  const ink = useMemo(() => letteringInk(lettering), [lettering]);
  const { width, height } = chart;
  const box = useMemo(
    (): ChartRect | undefined =>
      // Centred, but never starting off the left or top edge, where growing the chart cannot reach.
      ink && {
        x: at?.x ?? Math.max(0, Math.floor((width - ink.width) / 2)),
        y: at?.y ?? Math.max(0, Math.floor((height - ink.height) / 2)),
        width: ink.width,
        height: ink.height,
      },
    [ink, at, width, height],
  );
  const paint = thread !== undefined && chart.threads[thread] && !chart.threads[thread].removed ? thread : undefined;
  const placeAt = useMemo(
    () =>
      ink && box && paint !== undefined
        ? (target: EditableChart, growing: boolean) => placeLettering(target, lettering, paint, box.x - ink.x, box.y - ink.y, { grow: growing })
        : undefined,
    [lettering, ink, paint, box],
  );
  // Shown without growing, so the chart under the finger keeps its size and place while the text is dragged.
  const preview = useMemo(() => {
    if (!box) return undefined;
    try {
      return { chart: placeAt ? placeAt(chart, false).chart : chart, box };
    } catch {
      return { chart, box }; // a thread removed meanwhile: Place text will say so
    }
  }, [chart, placeAt, box]);
  useEffect(() => onPreview(preview), [preview, onPreview]);
  useEffect(() => () => onPreview(undefined), [onPreview]);

  const beyond = box && { leftOrUp: box.x < 0 || box.y < 0, rightOrDown: box.x + box.width > chart.width || box.y + box.height > chart.height };
  const grownTo =
    box && beyond?.rightOrDown && !beyond.leftOrUp && grow
      ? { width: Math.max(width, box.x + box.width), height: Math.max(height, box.y + box.height) }
      : undefined;
  const tooBig = !!grownTo && Math.max(grownTo.width, grownTo.height) > maxSide;
  const move = (dx: number, dy: number) => box && onAt({ x: box.x + dx, y: box.y + dy });
  const submit = () => {
    if (!placeAt || tooBig || !onPlace((target) => placeAt(target, grow))) return;
    setText('');
    onAt(undefined);
  };

  return (
    <form
      aria-label="Text"
      className="flex flex-wrap items-end gap-3 rounded-lg bg-violet-50 p-3 text-sm"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label className="flex min-w-56 flex-[2_1_16rem] flex-col gap-1">
        <span className="font-medium">Text</span>
        <textarea
          className="input min-h-16"
          rows={2}
          maxLength={MAX_LETTERING_CHARACTERS}
          value={text}
          placeholder="Emma 2026"
          aria-describedby={`${id}-status`}
          onChange={(event) => setText(event.target.value)}
        />
      </label>
      <label className="flex flex-[1_1_12rem] flex-col gap-1">
        <span className="font-medium">Alphabet</span>
        <select className="input" value={alphabet} onChange={(event) => setAlphabet(event.target.value)}>
          <AlphabetOptions />
        </select>
      </label>
      <label className="flex w-28 flex-col gap-1">
        <span className="font-medium">Letter spacing</span>
        <WholeNumberInput className="input" {...LETTER_SPACING_RANGE} value={letterSpacing} onValue={setLetterSpacing} />
      </label>
      <label className="flex w-28 flex-col gap-1">
        <span className="font-medium">Line spacing</span>
        <WholeNumberInput className="input" {...LINE_SPACING_RANGE} value={lineSpacing} onValue={setLineSpacing} />
      </label>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 font-medium">Alignment</legend>
        <div className="flex gap-1">
          {ALIGN_CHOICES.map((option) => (
            <label key={option.value} className="btn-ghost flex items-center gap-1 has-checked:bg-violet-200">
              <input type="radio" name={`${id}-align`} value={option.value} checked={align === option.value} onChange={() => setAlign(option.value)} />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col gap-1">
        <span className="font-medium" id={`${id}-move`}>
          Move
        </span>
        <div role="group" aria-labelledby={`${id}-move`} className="flex gap-1">
          {(
            [
              ['←', 'Move text left', -1, 0],
              ['→', 'Move text right', 1, 0],
              ['↑', 'Move text up', 0, -1],
              ['↓', 'Move text down', 0, 1],
            ] as const
          ).map(([arrow, label, dx, dy]) => (
            <button
              key={label}
              type="button"
              className="btn-ghost min-h-8 min-w-8 pointer-coarse:min-h-11 pointer-coarse:min-w-11"
              aria-label={label}
              disabled={!box}
              onClick={() => move(dx, dy)}
            >
              {arrow}
            </button>
          ))}
          <button type="button" className="btn-ghost" disabled={!at} onClick={() => onAt(undefined)}>
            Centre
          </button>
        </div>
      </div>
      <label className="flex min-h-8 items-center gap-2 self-center">
        <input type="checkbox" checked={grow} onChange={(event) => setGrow(event.target.checked)} />
        Make the chart bigger to fit
      </label>
      <div className="flex flex-wrap items-end gap-2">
        <button type="submit" className="btn-primary" disabled={!placeAt || tooBig}>
          Place text
        </button>
        <button
          type="button"
          className="btn-ghost"
          disabled={!text}
          onClick={() => {
            setText('');
            onAt(undefined);
          }}
        >
          Clear
        </button>
      </div>
      <p id={`${id}-status`} className="w-full text-slate-700" role="status">
        {textStatus({
          text,
          lacking: lettering.missing.length ? `${missingCharacters(alphabetById(alphabet)!.name, lettering.missing)} Left out. ` : '',
          box,
          thread: paint === undefined ? undefined : threadName(chart.threads[paint]!),
          beyond,
          grownTo,
          maxSide,
        })}
      </p>
    </form>
  );
}

/** One sentence on what Place text will do, or what stops it. */
function textStatus({
  text,
  lacking,
  box,
  thread,
  beyond,
  grownTo,
  maxSide,
}: {
  text: string;
  /** The sentence on characters the alphabet lacks, or ''. */
  lacking: string;
  box: ChartRect | undefined;
  thread: string | undefined;
  beyond: { leftOrUp: boolean; rightOrDown: boolean } | undefined;
  /** The chart's size once grown to hold the text; undefined when it will not grow. */
  grownTo: { width: number; height: number } | undefined;
  maxSide: number;
}): string {
  if (!text.trim()) return 'Type the text to stitch. Drag on the chart to move it.';
  if (!box || !beyond) return `${lacking}Nothing to stitch.`;
  if (thread === undefined) return `${lacking}Choose a thread in the palette first.`;
  const size = `${box.width} × ${box.height} stitches in ${thread}, from column ${box.x + 1}, row ${box.y + 1}.`;
  if (beyond.leftOrUp)
    return `${lacking}${size} Part of it is off the chart's left or top edge and would be left out: move it (the chart grows only right and down).`;
  if (!beyond.rightOrDown) return `${lacking}${size} Drag on the chart to move it.`;
  if (!grownTo) return `${lacking}${size} Part of it is off the chart and would be left out: move it, or make the chart bigger to fit.`;
  const grown = `${grownTo.width} × ${grownTo.height} stitches`;
  if (Math.max(grownTo.width, grownTo.height) > maxSide)
    return `${lacking}${size} The chart would grow to ${grown}, more than the ${maxSide} a side it can have here: move the text.`;
  return `${lacking}${size} The chart will grow to ${grown} to hold it.`;
}
