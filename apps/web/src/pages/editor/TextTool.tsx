import {
  ALPHABETS,
  layOutText,
  letteringInk,
  LETTER_SPACING_RANGE,
  LINE_SPACING_RANGE,
  MAX_LETTERING_CHARACTERS,
  placeLettering,
  threadName,
  type ChartPoint,
  type ChartRect,
  type EditableChart,
  type EditResult,
  type LetteringAlign,
} from '@stitchwise/core';
import { useEffect, useId, useMemo, useState } from 'react';

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
}

const ALIGNS: ReadonlyArray<{ value: LetteringAlign; label: string }> = [
  { value: 'left', label: 'Left' },
  { value: 'center', label: 'Centre' },
  { value: 'right', label: 'Right' },
];

const alphabetLabel = (alphabet: (typeof ALPHABETS)[number]) =>
  `${alphabet.name}, ${alphabet.cap_height} stitches${alphabet.kind === 'backstitch' ? ', backstitch' : ''}`;

/** Keeps a typed number whole and within its range; anything else counts as 0. */
const clampWhole = (value: string, { min, max }: { min: number; max: number }): number => {
  const number = Math.round(Number(value));
  return Number.isFinite(number) ? Math.min(max, Math.max(min, number)) : 0;
};

/**
 * The editor's Text tool: type, choose an alphabet, spacing and alignment, see the text floating over the chart in
 * the current thread (dragging on the chart or the arrows move it), and place it as one step of undo. Loaded only
 * when the tool is chosen, with the alphabets.
 */
export default function TextTool({ chart, thread, at, onAt, onPreview, onPlace }: TextToolProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [alphabet, setAlphabet] = useState(ALPHABETS[1]!.id);
  const [letterSpacing, setLetterSpacing] = useState(0);
  const [lineSpacing, setLineSpacing] = useState(0);
  const [align, setAlign] = useState<LetteringAlign>('center');
  const [grow, setGrow] = useState(false);

  const lettering = useMemo(() => layOutText(text, alphabet, { letterSpacing, lineSpacing, align }), [text, alphabet, letterSpacing, lineSpacing, align]);
  const ink = useMemo(() => letteringInk(lettering), [lettering]);
  const { width, height } = chart;
  const box = useMemo(
    (): ChartRect | undefined =>
      ink && { x: at?.x ?? Math.floor((width - ink.width) / 2), y: at?.y ?? Math.floor((height - ink.height) / 2), width: ink.width, height: ink.height },
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
  const move = (dx: number, dy: number) => box && onAt({ x: box.x + dx, y: box.y + dy });
  const submit = () => {
    if (!placeAt || !onPlace((target) => placeAt(target, grow))) return;
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
          {ALPHABETS.map((option) => (
            <option key={option.id} value={option.id}>
              {alphabetLabel(option)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex w-28 flex-col gap-1">
        <span className="font-medium">Letter spacing</span>
        <input
          className="input"
          type="number"
          inputMode="numeric"
          min={LETTER_SPACING_RANGE.min}
          max={LETTER_SPACING_RANGE.max}
          value={letterSpacing}
          onChange={(event) => setLetterSpacing(clampWhole(event.target.value, LETTER_SPACING_RANGE))}
        />
      </label>
      <label className="flex w-28 flex-col gap-1">
        <span className="font-medium">Line spacing</span>
        <input
          className="input"
          type="number"
          inputMode="numeric"
          min={LINE_SPACING_RANGE.min}
          max={LINE_SPACING_RANGE.max}
          value={lineSpacing}
          onChange={(event) => setLineSpacing(clampWhole(event.target.value, LINE_SPACING_RANGE))}
        />
      </label>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 font-medium">Alignment</legend>
        <div className="flex gap-1">
          {ALIGNS.map((option) => (
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
              className="btn-ghost pointer-coarse:min-h-11 pointer-coarse:min-w-11"
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
      <label className="flex items-center gap-2 self-center">
        <input type="checkbox" checked={grow} onChange={(event) => setGrow(event.target.checked)} />
        Make the chart bigger to fit
      </label>
      <div className="flex flex-wrap items-end gap-2">
        <button type="submit" className="btn-primary" disabled={!placeAt}>
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
          missing: lettering.missing,
          box,
          thread: paint === undefined ? undefined : threadName(chart.threads[paint]!),
          beyond,
          grow,
          chart,
        })}
      </p>
    </form>
  );
}

/** One sentence on what Place text will do, or what stops it. */
function textStatus({
  text,
  missing,
  box,
  thread,
  beyond,
  grow,
  chart,
}: {
  text: string;
  missing: readonly string[];
  box: ChartRect | undefined;
  thread: string | undefined;
  beyond: { leftOrUp: boolean; rightOrDown: boolean } | undefined;
  grow: boolean;
  chart: { width: number; height: number };
}): string {
  const lacking = missing.length ? `This alphabet has no ${missing.join(' ')}: left out. ` : '';
  if (!text.trim()) return 'Type the text to stitch. Drag on the chart to move it.';
  if (!box || !beyond) return `${lacking}Nothing to stitch.`;
  if (thread === undefined) return `${lacking}Choose a thread in the palette first.`;
  const size = `${box.width} × ${box.height} stitches in ${thread}.`;
  if (beyond.leftOrUp)
    return `${lacking}${size} Part of it is off the chart's left or top edge and would be left out: move it (the chart grows only right and down).`;
  if (!beyond.rightOrDown) return `${lacking}${size} Drag on the chart to move it.`;
  if (!grow) return `${lacking}${size} Part of it is off the chart and would be left out: move it, or make the chart bigger to fit.`;
  const [width, height] = [Math.max(chart.width, box.x + box.width), Math.max(chart.height, box.y + box.height)];
  return `${lacking}${size} The chart will grow to ${width} × ${height} stitches to hold it.`;
}
