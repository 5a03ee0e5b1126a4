import {
  ALL_PAGES,
  choosePages,
  describePages,
  PRINT_PRESET_NAMES,
  PRINT_PRESETS,
  printLayout,
  spanLength,
  type OrientationChoice,
  type PaperSize,
  type PrintPreset,
} from '@stitchwise/core';
import { useId } from 'react';
import { DEFAULT_PRINT_CHOICES } from '../lib/print-choices';

/** How the PDF chart is printed, as the stitcher chose it; `pages` as typed (blank for all). */
export interface PrintOptions {
  orientation: OrientationChoice;
  preset: PrintPreset;
  pages: string;
}

export const DEFAULT_PRINT_OPTIONS: PrintOptions = { orientation: DEFAULT_PRINT_CHOICES.orientation, preset: DEFAULT_PRINT_CHOICES.preset, pages: '' };

/** What the PDF will hold, worked out here with the server's own layout, and the range to send. */
export type PrintPlan = { ok: true; pages: string; summary: string } | { ok: false; pages: string; summary: string; error: string };

export function printPlan(width: number, height: number, paper: PaperSize, options: PrintOptions): PrintPlan {
  const layout = printLayout({ width, height, paper, orientation: options.orientation, preset: options.preset });
  const count = layout.pages.length;
  const widest = Math.max(...layout.columns.map(spanLength));
  const tallest = Math.max(...layout.rows.map(spanLength));
  const summary = `The PDF chart: ${count} ${layout.orientation} page${count === 1 ? '' : 's'} of up to ${widest} × ${tallest} stitches, after the cover and thread list`;
  const pages = options.pages.trim() || ALL_PAGES;
  const chosen = choosePages(pages, count);
  if (!chosen.ok) return { ok: false, pages, summary: `${summary}.`, error: `${chosen.message.charAt(0).toUpperCase()}${chosen.message.slice(1)}.` };
  const only = chosen.pages.length < count ? `; printing page${chosen.pages.length === 1 ? '' : 's'} ${describePages(chosen.pages)}` : '';
  return { ok: true, pages, summary: `${summary}${only}.` };
}

/** The PDF's print options: orientation, stitches per page and a page range, with what they make of this chart. */
export function PrintOptionsFields({ options, onChange, plan }: { options: PrintOptions; onChange: (options: PrintOptions) => void; plan: PrintPlan }) {
  const id = useId();
  const hint = `${id}-hint`;
  const error = `${id}-error`;
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold">PDF pages</legend>
      <div className="flex flex-wrap gap-4">
        {/* Labels by id, not wrapped around the control: a wrapped select's options would join its name. */}
        <div className="text-sm font-medium">
          <label htmlFor={`${id}-orientation`}>Orientation</label>
          <OrientationSelect id={`${id}-orientation`} value={options.orientation} onChange={(orientation) => onChange({ ...options, orientation })} />
        </div>
        <div className="text-sm font-medium">
          <label htmlFor={`${id}-preset`}>Stitches per page</label>
          <PresetSelect id={`${id}-preset`} value={options.preset} onChange={(preset) => onChange({ ...options, preset })} />
        </div>
        <div className="text-sm font-medium">
          <label htmlFor={`${id}-pages`}>Pages</label>
          <input
            id={`${id}-pages`}
            type="text"
            className="input mt-1 block w-32"
            placeholder="all"
            autoComplete="off"
            value={options.pages}
            aria-invalid={!plan.ok}
            aria-describedby={plan.ok ? hint : `${error} ${hint}`}
            onChange={(event) => onChange({ ...options, pages: event.target.value })}
          />
        </div>
      </div>
      {!plan.ok && (
        <p id={error} className="text-sm text-red-700">
          {plan.error}
        </p>
      )}
      <p id={hint} className="text-sm text-slate-700" data-testid="print-plan" aria-live="polite">
        {plan.summary} Pages: all, or numbers and ranges such as 1-3, 6, as the PDF’s page map numbers them.
      </p>
    </fieldset>
  );
}

interface SelectProps<Value> {
  id?: string;
  value: Value;
  onChange: (value: Value) => void;
  /** Extra classes, such as a finger-sized height. */
  className?: string;
}

/** The sheet the PDF is printed on. */
export function PaperSelect({ id, value, onChange, className = '' }: SelectProps<PaperSize>) {
  return (
    <select id={id} className={`input mt-1 block ${className}`} value={value} onChange={(event) => onChange(event.target.value as PaperSize)}>
      <option value="a4">A4</option>
      <option value="letter">Letter</option>
    </select>
  );
}

/** Which way the chart pages lie: whichever takes fewer pages, or as chosen. */
export function OrientationSelect({ id, value, onChange, className = '' }: SelectProps<OrientationChoice>) {
  return (
    <select id={id} className={`input mt-1 block ${className}`} value={value} onChange={(event) => onChange(event.target.value as OrientationChoice)}>
      <option value="auto">Fewest pages</option>
      <option value="portrait">Portrait</option>
      <option value="landscape">Landscape</option>
    </select>
  );
}

/** How many stitches a chart page holds, by the core's presets. */
export function PresetSelect({ id, value, onChange, className = '' }: SelectProps<PrintPreset>) {
  return (
    <select id={id} className={`input mt-1 block ${className}`} value={value} onChange={(event) => onChange(event.target.value as PrintPreset)}>
      {PRINT_PRESET_NAMES.map((preset) => (
        <option key={preset} value={preset}>
          {PRINT_PRESETS[preset].label}
        </option>
      ))}
    </select>
  );
}
