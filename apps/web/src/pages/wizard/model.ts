import type { ImageSource } from '../../api/colors';
import type { PatternSettings } from '../../api/patterns';

/** The wizard's shared vocabulary: its steps, the settings it sends and their defaults. */

export const PATTERN_SIZES = [30, 50, 100, 150, 300, 500];
export const ANONYMOUS_SIZES = [30, 50, 100];
/** Visitors see their result this long after it arrives (spec §4). */
export const ANONYMOUS_REVEAL_SECONDS = 10;
export const STEPS = ['Upload Image', 'Configure Settings', 'Generate Pattern'];

export type WizardSettings = PatternSettings;

export type UpdateSettings = (changes: Partial<WizardSettings>) => void;

export const defaults = (signedIn: boolean): WizardSettings => ({
  colors: signedIn ? 20 : 10,
  cellSize: 12,
  useKmeans: false,
  maxSide: 100,
  showSymbols: false,
  removeBackground: false,
  mergeDmcColors: false,
  dithering: 'off',
  projectName: '',
});

/** The image to stitch: a file the user chose (or an idea taken as one), or an address on the web. */
export type Picture = ImageSource;
