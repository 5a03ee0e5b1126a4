import { adjustmentsOf } from '@stitchwise/core';
import { ANONYMOUS_SIZES, defaults, type WizardSettings } from '../pages/wizard/model';
import type { PreviewSettings } from './protocol';

/**
 * The preview's settings from the wizard's, as the generate call sends them (the wizard leaves
 * confetti clean-up on, the server's default), and within a visitor's limits when signed out, so a
 * visitor never previews a chart they could not generate. `ownedThreads`: the user's own threads of the
 * chart's brand, as thread keys, when the chart is to use only those (see ownedThreadsInUse).
 */
export function previewSettingsOf(settings: WizardSettings, signedIn: boolean, ownedThreads?: readonly string[]): PreviewSettings {
  const chosen: PreviewSettings = {
    maxSide: settings.maxSide,
    colors: settings.colors,
    useKmeans: settings.useKmeans,
    mergeThreads: settings.mergeThreads,
    cleanConfetti: settings.cleanConfetti,
    dithering: settings.dithering, // visitors may dither and blend too
    blends: settings.blends,
    brand: settings.brand,
    ...adjustmentsOf(settings), // visitors may adjust the photo too
  };
  if (signedIn) return ownedThreads ? { ...chosen, threadKeys: ownedThreads } : chosen;
  return {
    ...chosen,
    maxSide: ANONYMOUS_SIZES.includes(chosen.maxSide) ? chosen.maxSide : Math.max(...ANONYMOUS_SIZES),
    colors: Math.min(chosen.colors, defaults(false).colors),
    useKmeans: false,
    mergeThreads: false,
  };
}
