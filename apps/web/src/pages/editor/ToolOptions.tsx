import type { SelectionMode } from './tools';

/** Which mirror images drawing makes: none, across a vertical axis, a horizontal one, or both (four-way). */
export type MirrorChoice = 'off' | 'vertical' | 'horizontal' | 'both';

const MIRRORS: readonly { value: MirrorChoice; label: string; title: string }[] = [
  { value: 'off', label: 'Off', title: 'Draw without mirror images' },
  { value: 'vertical', label: 'Left | right', title: 'Mirror across a vertical axis' },
  { value: 'horizontal', label: 'Top | bottom', title: 'Mirror across a horizontal axis' },
  { value: 'both', label: 'Four-way', title: 'Mirror across both axes' },
];

const MODES: readonly { value: SelectionMode; label: string; title: string }[] = [
  { value: 'replace', label: 'New', title: 'A new selection replaces the one there is' },
  { value: 'add', label: 'Add', title: 'Add to the selection (or hold Shift)' },
  { value: 'subtract', label: 'Subtract', title: 'Take away from the selection (or hold Alt)' },
];

const CHOICE = 'min-h-8 rounded-md border px-2 py-1 text-sm disabled:cursor-not-allowed disabled:opacity-50';
const chosen = (on: boolean) => (on ? 'border-violet-600 bg-violet-600 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50');

/** A row of pressed/unpressed buttons choosing one value. */
function Choices<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { value: T; label: string; title: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap items-center gap-1">
      <span className="mr-1 font-medium text-slate-700">{label}</span>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          title={option.title}
          className={`${CHOICE} ${chosen(value === option.value)}`}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

/** Mirror drawing: which axes, and where (the chart's centre unless placed). */
export function MirrorOptions({
  mirror,
  onMirror,
  placing,
  onPlace,
  placed,
  onCentre,
}: {
  mirror: MirrorChoice;
  onMirror: (mirror: MirrorChoice) => void;
  /** The next tap on the chart places the axes. */
  placing: boolean;
  onPlace: (placing: boolean) => void;
  /** The axes are somewhere other than the centre. */
  placed: boolean;
  onCentre: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <Choices label="Mirror" options={MIRRORS} value={mirror} onChange={onMirror} />
      {mirror !== 'off' && (
        <>
          <button type="button" aria-pressed={placing} className={`${CHOICE} ${chosen(placing)}`} onClick={() => onPlace(!placing)}>
            Place axes
          </button>
          <button type="button" className={`${CHOICE} ${chosen(false)}`} disabled={!placed} onClick={onCentre}>
            Centre axes
          </button>
          {placing && <span role="status">Tap the chart where the axes should cross.</span>}
        </>
      )}
    </div>
  );
}

/** How the selecting tools combine selections, and whether the wand takes touching stitches only. */
export function SelectionOptions({
  mode,
  onMode,
  wand,
  wandEverywhere,
  onWandEverywhere,
}: {
  mode: SelectionMode;
  onMode: (mode: SelectionMode) => void;
  wand: boolean;
  wandEverywhere: boolean;
  onWandEverywhere: (everywhere: boolean) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      <Choices label="When selecting" options={MODES} value={mode} onChange={onMode} />
      {wand && (
        <label className="flex min-h-8 items-center gap-2">
          <input
            type="checkbox"
            className="size-8 shrink-0 accent-violet-600 min-[1090px]:size-4"
            checked={wandEverywhere}
            onChange={(event) => onWandEverywhere(event.target.checked)}
          />
          Every stitch of the thread, not only those touching
        </label>
      )}
    </div>
  );
}

const TURNS: readonly { label: string; title: string; turn: 1 | 2 | 3 | 'horizontal' | 'vertical' }[] = [
  { label: 'Rotate chart ↻', title: 'Turn the whole chart 90° clockwise', turn: 1 },
  { label: 'Rotate chart ↺', title: 'Turn the whole chart 90° anticlockwise', turn: 3 },
  { label: 'Rotate chart 180°', title: 'Turn the whole chart upside down', turn: 2 },
  { label: 'Flip chart ↔', title: 'Mirror the whole chart left to right', turn: 'horizontal' },
  { label: 'Flip chart ↕', title: 'Mirror the whole chart top to bottom', turn: 'vertical' },
];

/** Turning or flipping the whole chart, each one undo step. */
export function ChartTurns({ onRotate, onFlip }: { onRotate: (turns: 1 | 2 | 3) => void; onFlip: (direction: 'horizontal' | 'vertical') => void }) {
  const button = `${CHOICE} ${chosen(false)}`;
  return (
    <details className="text-sm">
      <summary className="min-h-8 cursor-pointer py-1 font-medium text-slate-700">Turn or flip the whole chart</summary>
      <div className="mt-1 flex flex-wrap gap-1">
        {TURNS.map(({ label, title, turn }) => (
          <button
            key={label}
            type="button"
            className={button}
            title={title}
            onClick={turn === 'horizontal' || turn === 'vertical' ? () => onFlip(turn) : () => onRotate(turn)}
          >
            {label}
          </button>
        ))}
      </div>
    </details>
  );
}
