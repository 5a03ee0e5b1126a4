import { ADJUSTMENT_RANGES, isNeutral, NEUTRAL_ADJUSTMENTS, type NumericAdjustment } from '@stitchwise/core';
import type { UpdateSettings, WizardSettings } from './model';

const signed = (value: number): string => (value > 0 ? `+${value}` : String(value));

const sliders: { key: NumericAdjustment; label: string; show: (value: number) => string }[] = [
  { key: 'brightness', label: 'Brightness', show: signed },
  { key: 'contrast', label: 'Contrast', show: signed },
  { key: 'saturation', label: 'Saturation', show: signed },
  { key: 'gamma', label: 'Gamma', show: (value) => value.toFixed(2) },
  { key: 'sharpen', label: 'Sharpen', show: String },
];

/**
 * 'Adjust the photo' of step 2, open to visitors too: the core's adjustments (adjust.ts), made to the stitch grid
 * before charting, so the preview follows each slider. 'Reset' brings the photo back as it is.
 */
export function PhotoAdjustments({ settings, update }: { settings: WizardSettings; update: UpdateSettings }) {
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-medium">Adjust the photo</legend>
      <div className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
        {sliders.map(({ key, label, show }) => {
          const { min, max, step } = ADJUSTMENT_RANGES[key];
          return (
            <div key={key}>
              <label htmlFor={`adjust-${key}`} className="flex justify-between text-sm">
                <span>{label}</span>
                <span className="tabular-nums">{show(settings[key])}</span>
              </label>
              <input
                id={`adjust-${key}`}
                type="range"
                min={min}
                max={max}
                step={step}
                value={settings[key]}
                onChange={(event) => update({ [key]: Number(event.target.value) })}
                className="w-full accent-violet-600"
              />
            </div>
          );
        })}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label className="flex min-h-8 items-center gap-2 text-sm">
          {/* 24 px on screen where pages are shown at 75 %: open to visitors, it must be a full-size target itself
              (axe counts no label), also when scrolled beside the top bar's menu button. */}
          <input
            type="checkbox"
            checked={settings.autoLevels}
            onChange={(event) => update({ autoLevels: event.target.checked })}
            className="h-8 w-8 shrink-0 accent-violet-600 min-[1090px]:h-4 min-[1090px]:w-4"
          />
          <span>
            Auto levels
            <span className="block text-xs text-slate-500">Stretches the tones from darkest to lightest.</span>
          </span>
        </label>
        <button type="button" className="btn-secondary min-h-8 py-1" disabled={isNeutral(settings)} onClick={() => update({ ...NEUTRAL_ADJUSTMENTS })}>
          Reset
        </button>
      </div>
    </fieldset>
  );
}
