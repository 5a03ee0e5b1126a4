import { BRANDS, THREAD_BRANDS, type ThreadBrand } from '@stitchwise/core';
import { Icon } from '../../components/Icon';
import { rememberBrand } from '../../lib/thread-brands';
import { BlendsChoice } from './BlendsChoice';
import { DitheringChoice } from './DitheringChoice';
import { ANONYMOUS_SIZES, ownedThreadsInUse, PATTERN_SIZES, type OwnedThreads, type UpdateSettings, type WizardSettings } from './model';
import { OwnedThreadsChoice } from './OwnedThreadsChoice';

type OptionKey = 'useKmeans' | 'symbols' | 'removeBackground' | 'mergeThreads';

const options: { key: OptionKey; label: string; help: string }[] = [
  { key: 'useKmeans', label: 'Use k-means colour reduction', help: 'Slower, finds the palette more carefully.' },
  { key: 'symbols', label: 'Show symbols on the chart', help: 'A symbol in every stitch, for printing.' },
  { key: 'removeBackground', label: 'Remove background', help: 'Leaves the background unstitched.' },
  { key: 'mergeThreads', label: 'Merge similar colors', help: 'Joins threads that look nearly the same.' },
];

interface SettingsFormProps {
  settings: WizardSettings;
  update: UpdateSettings;
  signedIn: boolean;
  /** The user's own threads, for 'Use only threads I own'. */
  owned: OwnedThreads;
}

/**
 * The pattern settings of step 2; visitors may only pick the smaller sizes, everything else is locked for
 * them. With only owned threads, the colour count goes no higher than the threads owned.
 */
export function SettingsForm({ settings, update, signedIn, owned }: SettingsFormProps) {
  const locked = !signedIn;
  const maxColors = Math.min(50, ownedThreadsInUse(settings, owned)?.length ?? 50);
  const colors = Math.min(settings.colors, maxColors);
  const lockNote = locked ? (
    <span className="ml-1 inline-flex items-center gap-1 text-xs text-slate-500">
      <Icon name="lock" className="h-3.5 w-3.5" /> Sign in to change
    </span>
  ) : null;
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <div>
        <label htmlFor="colors" className="flex justify-between text-sm font-medium">
          <span>Colors {lockNote}</span>
          <span>{colors}</span>
        </label>
        <input
          id="colors"
          type="range"
          min={2}
          max={maxColors}
          value={colors}
          disabled={locked}
          onChange={(event) => update({ colors: Number(event.target.value) })}
          className="mt-2 w-full accent-violet-600"
        />
      </div>
      <div>
        <label htmlFor="cell-size" className="flex justify-between text-sm font-medium">
          <span>Stitch size (px) {lockNote}</span>
          <span>{settings.cellSize}</span>
        </label>
        <input
          id="cell-size"
          type="range"
          min={6}
          max={24}
          value={settings.cellSize}
          disabled={locked}
          onChange={(event) => update({ cellSize: Number(event.target.value) })}
          className="mt-2 w-full accent-violet-600"
        />
      </div>
      <fieldset>
        <legend className="text-sm font-medium">Pattern size (stitches on the long side)</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {PATTERN_SIZES.map((size) => {
            const disabled = locked && !ANONYMOUS_SIZES.includes(size);
            return (
              <label
                key={size}
                className={`flex items-center gap-1 rounded-lg border px-3 py-1.5 text-sm ${settings.maxSide === size ? 'border-violet-500 bg-violet-50' : 'border-slate-200'} ${disabled ? 'opacity-50' : ''}`}
              >
                <input
                  type="radio"
                  name="max-side"
                  value={size}
                  checked={settings.maxSide === size}
                  disabled={disabled}
                  onChange={() => update({ maxSide: size })}
                  className="accent-violet-600"
                />
                {size}
                {disabled && (
                  <span title="Sign in for larger patterns">
                    <Icon name="lock" className="h-3.5 w-3.5" />
                  </span>
                )}
              </label>
            );
          })}
        </div>
      </fieldset>
      <div>
        <label htmlFor="thread-brand" className="text-sm font-medium">
          Thread brand
        </label>
        <select
          id="thread-brand"
          className="input mt-1 block min-h-8"
          value={settings.brand}
          aria-describedby="thread-brand-hint"
          onChange={(event) => {
            const brand = event.target.value as ThreadBrand;
            rememberBrand(brand);
            // Threads left out are codes of the brand they were left out of.
            update({ brand, leftOutThreads: [] });
          }}
        >
          {THREAD_BRANDS.map((brand) => (
            <option key={brand} value={brand}>
              {BRANDS[brand].name}
            </option>
          ))}
        </select>
        <p id="thread-brand-hint" className="mt-1 text-xs text-slate-500">
          Every thread of the chart is one of this maker&apos;s; remembered for your next chart.
        </p>
      </div>
      <DitheringChoice value={settings.dithering} update={update} />
      <BlendsChoice value={settings.blends} update={update} />
      <fieldset>
        <legend className="text-sm font-medium">Advanced options {lockNote}</legend>
        <div className="mt-2 space-y-2">
          {options.map((option) => (
            <label key={option.key} className={`flex min-h-8 items-center gap-2 text-sm ${locked ? 'opacity-60' : ''}`}>
              <input
                type="checkbox"
                checked={settings[option.key]}
                disabled={locked}
                onChange={(event) => update({ [option.key]: event.target.checked })}
                className="h-4 w-4 shrink-0 accent-violet-600"
              />
              <span>
                {option.label}
                <span className="block text-xs text-slate-500">{option.help}</span>
              </span>
            </label>
          ))}
          <OwnedThreadsChoice settings={settings} update={update} owned={owned} />
        </div>
      </fieldset>
    </div>
  );
}
