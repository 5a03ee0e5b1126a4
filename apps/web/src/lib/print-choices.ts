import type { OrientationChoice, PaperSize, PrintPreset } from '@stitchwise/core';
import { ORIENTATION_CHOICES, PRINT_PRESET_NAMES } from '@stitchwise/core';
import { browserStorage } from './progress-store';

/** How this device last printed a chart: the sheet, and how the chart was cut into pages. */
export interface PrintChoices {
  paper: PaperSize;
  orientation: OrientationChoice;
  preset: PrintPreset;
}

const KEY = 'stitchwise.print';
/** As the server prints when asked for nothing else: A4, whichever way takes fewer pages, Pattern Keeper's cut. */
export const DEFAULT_PRINT_CHOICES: PrintChoices = { paper: 'a4', orientation: 'auto', preset: 'pattern-keeper' };

/** The remembered choices (the defaults for anything missing or unreadable), so Stitching mode's pages are the printed PDF's. */
export function readPrintChoices(): PrintChoices {
  try {
    const value = JSON.parse(browserStorage()?.getItem(KEY) ?? '{}') as Partial<Record<keyof PrintChoices, unknown>>;
    return {
      paper: value.paper === 'a4' || value.paper === 'letter' ? value.paper : DEFAULT_PRINT_CHOICES.paper,
      orientation: ORIENTATION_CHOICES.includes(value.orientation as OrientationChoice)
        ? (value.orientation as OrientationChoice)
        : DEFAULT_PRINT_CHOICES.orientation,
      preset: PRINT_PRESET_NAMES.includes(value.preset as PrintPreset) ? (value.preset as PrintPreset) : DEFAULT_PRINT_CHOICES.preset,
    };
  } catch {
    return DEFAULT_PRINT_CHOICES;
  }
}

export function rememberPrintChoices(choices: PrintChoices): void {
  try {
    browserStorage()?.setItem(KEY, JSON.stringify(choices));
  } catch {
    // Storage full or switched off: the defaults next time.
  }
}
