import type { ThreadBrand } from '../threads/brand-names.js';
import { NEUTRAL_ADJUSTMENTS } from './adjust.js';
import type { PatternOptions } from './generate.js';

/**
 * Every setting of a chart's generation, in one vocabulary from the wizard's form to the worker: the
 * core's pattern options (the photo's adjustments among them), how the chart image is drawn, and what
 * is done before (background removal) or chosen from (the user's own threads).
 */
export interface GenerationSettings extends Required<Omit<PatternOptions, 'threads'>> {
  /** Pixels per stitch in the chart image, 6–24. */
  cellSize: number;
  /** Draw each cell's symbol on the chart image. */
  symbols: boolean;
  /** Chart the subject only. */
  removeBackground: boolean;
  /** Choose among the threads the user owns only (signed-in users). */
  onlyOwnedThreads: boolean;
  /** Owned threads not to use this time (one of two that look the same on fabric), as catalogue codes. */
  leftOutThreads: readonly string[];
  /** The thread maker the chart is stitched in: every thread of the legend is one of its. */
  brand: ThreadBrand;
}

export const DEFAULT_GENERATION_SETTINGS: Readonly<GenerationSettings> = {
  colors: 20,
  cellSize: 12,
  maxSide: 100,
  useKmeans: false,
  symbols: false,
  removeBackground: false,
  mergeThreads: false,
  cleanConfetti: true,
  dithering: 'off',
  blends: 'off',
  onlyOwnedThreads: false,
  leftOutThreads: [],
  brand: 'dmc',
  ...NEUTRAL_ADJUSTMENTS,
};

/**
 * The names the API gives the settings — the product specification's form fields, which a project's
 * `parameters` repeat. The only renaming there is, at the HTTP edge, both ways.
 */
export const GENERATION_FIELD_NAMES = {
  colors: 'colors',
  cellSize: 'cell_size',
  maxSide: 'max_side',
  useKmeans: 'use_kmeans',
  symbols: 'return_symbols_overlay',
  removeBackground: 'remove_background',
  mergeThreads: 'merge_dmc_colors',
  cleanConfetti: 'clean_confetti',
  dithering: 'dithering',
  blends: 'blends',
  onlyOwnedThreads: 'only_owned_threads',
  leftOutThreads: 'left_out_threads',
  brand: 'brand',
  brightness: 'brightness',
  contrast: 'contrast',
  saturation: 'saturation',
  gamma: 'gamma',
  sharpen: 'sharpen',
  autoLevels: 'auto_levels',
} as const satisfies { [K in keyof GenerationSettings]: string };

type FieldName<K extends keyof GenerationSettings> = (typeof GENERATION_FIELD_NAMES)[K];

/** The settings under the API's names. */
export type GenerationFields = { [K in keyof GenerationSettings as FieldName<K>]: GenerationSettings[K] };

const SETTING_KEYS = Object.keys(GENERATION_FIELD_NAMES) as (keyof GenerationSettings)[];

/** The settings as the API names them: a generate form's fields, or a project's parameters. */
export function toGenerationFields(settings: GenerationSettings): GenerationFields {
  return Object.fromEntries(SETTING_KEYS.map((key) => [GENERATION_FIELD_NAMES[key], settings[key]])) as GenerationFields;
}

/** The settings from the API's names; those not given (a form's unset flags, an older project's parameters) from `defaults`. */
export function fromGenerationFields(fields: Partial<GenerationFields>, defaults: GenerationSettings = DEFAULT_GENERATION_SETTINGS): GenerationSettings {
  const named = fields as Partial<Record<string, unknown>>;
  return Object.fromEntries(SETTING_KEYS.map((key) => [key, named[GENERATION_FIELD_NAMES[key]] ?? defaults[key]])) as unknown as GenerationSettings;
}
