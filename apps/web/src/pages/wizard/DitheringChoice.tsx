import type { Dithering } from '@stitchwise/core';
import type { UpdateSettings } from './model';

const choices: { value: Dithering; label: string; hint: string }[] = [
  { value: 'off', label: 'Off', hint: 'Each stitch gets its closest thread: flat areas of colour.' },
  { value: 'soft', label: 'Soft', hint: 'Smoother shading by mixing threads, with few extra single stitches.' },
  { value: 'strong', label: 'Strong', hint: 'The finest shading; more thread changes to stitch.' },
];

/** Dithering of step 2: open to visitors too, with a line saying what the chosen level does. */
export function DitheringChoice({ value, update }: { value: Dithering; update: UpdateSettings }) {
  const chosen = choices.find((choice) => choice.value === value) ?? choices[0]!;
  return (
    <fieldset aria-describedby="dithering-hint">
      <legend className="text-sm font-medium">Dithering</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className={`flex items-center gap-1 rounded-lg border px-3 py-1.5 text-sm ${value === choice.value ? 'border-violet-500 bg-violet-50' : 'border-slate-200'}`}
          >
            <input
              type="radio"
              name="dithering"
              value={choice.value}
              checked={value === choice.value}
              onChange={() => update({ dithering: choice.value })}
              className="accent-violet-600"
            />
            {choice.label}
          </label>
        ))}
      </div>
      <p id="dithering-hint" className="mt-1 text-xs text-slate-500">
        {chosen.hint}
      </p>
    </fieldset>
  );
}
