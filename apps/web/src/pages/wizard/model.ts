import { DEFAULT_GENERATION_SETTINGS, threadKey, type ThreadBrand } from '@stitchwise/core';
import { rememberedBrand } from '../../lib/thread-brands';
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
  ...DEFAULT_GENERATION_SETTINGS,
  colors: signedIn ? DEFAULT_GENERATION_SETTINGS.colors : 10,
  brand: rememberedBrand(),
  projectName: '',
});

/** Generating from one's own threads needs at least this many (the server refuses fewer). */
export const MIN_OWNED_THREADS = 2;

/** The signed-in user's own threads, as the settings need them: each thread's brand and code, once read. */
export type OwnedThreads =
  { status: 'visitor' } | { status: 'loading' } | { status: 'failed' } | { status: 'ready'; threads: readonly { brand: ThreadBrand; code: string }[] };

/** The state of the owned-threads query (only asked for when signed in) as the settings need it. */
export function ownedThreadsOf(signedIn: boolean, query: { data?: readonly { brand: ThreadBrand; code: string }[]; isError: boolean }): OwnedThreads {
  if (!signedIn) return { status: 'visitor' };
  if (query.data) return { status: 'ready', threads: query.data.map(({ brand, code }) => ({ brand, code })) };
  return query.isError ? { status: 'failed' } : { status: 'loading' };
}

/** The codes of the threads the user owns of `brand` (a chart is stitched in one brand): none until they are read. */
export function ownedCodesOf(owned: OwnedThreads, brand: ThreadBrand): string[] {
  return owned.status === 'ready' ? owned.threads.filter((thread) => thread.brand === brand).map((thread) => thread.code) : [];
}

/**
 * The threads to generate among when 'Use only threads I own' is on and can be: the owned threads of the
 * chart's brand, read, not left out, and enough of them; as thread keys (`anchor:403`), as the preview takes them.
 */
export function ownedThreadsInUse(settings: WizardSettings, owned: OwnedThreads): readonly string[] | undefined {
  if (!settings.onlyOwnedThreads || owned.status !== 'ready') return undefined;
  const codes = ownedCodesOf(owned, settings.brand).filter((code) => !settings.leftOutThreads.includes(code)); // one of two look-alikes, left out
  return codes.length >= MIN_OWNED_THREADS ? codes.map((code) => threadKey({ brand: settings.brand, code })) : undefined;
}

/** The image to stitch: a file the user chose (or an idea taken as one), or an address on the web. */
export type Picture = ImageSource;
