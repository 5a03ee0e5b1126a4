import { BRANDS, isThreadBrand, type ThreadBrand } from '@stitchwise/core';
import { useState } from 'react';
import { browserStorage } from './progress-store';

// The brands' names come from the core's data-free brand-names module: no thread table is loaded for them.
export { THREAD_BRANDS, threadLabel, type ThreadBrand } from '@stitchwise/core';

export const brandName = (brand: ThreadBrand): string => BRANDS[brand].name;

const BRAND_KEY = 'stitchwise.brand';

/** The brand this stitcher last chose (in the wizard or a colour tool), remembered on this device: DMC until one is chosen. */
export function rememberedBrand(): ThreadBrand {
  try {
    const kept = browserStorage()?.getItem(BRAND_KEY);
    return isThreadBrand(kept) ? kept : 'dmc';
  } catch {
    return 'dmc';
  }
}

export function rememberBrand(brand: ThreadBrand): void {
  try {
    browserStorage()?.setItem(BRAND_KEY, brand);
  } catch {
    // Storage full or refused: the choice holds for this visit only.
  }
}

/** The brand the colour tools match to: the remembered one, and a new choice remembered. */
export function useColourToolsBrand(): [ThreadBrand, (brand: ThreadBrand) => void] {
  const [brand, setBrand] = useState<ThreadBrand>(rememberedBrand);
  const choose = (chosen: ThreadBrand) => {
    setBrand(chosen);
    rememberBrand(chosen);
  };
  return [brand, choose];
}

/**
 * The matches a colour tool shows in `brand`: the specification's DMC list as it is, or the brand's own
 * (`closest_threads`, there when the tool was asked for that brand), each naming its brand.
 */
export function matchesInBrand<Match extends { code: string }>(
  brand: ThreadBrand,
  dmc: readonly Match[],
  branded: readonly (Match & { brand: ThreadBrand })[] | undefined,
): (Match & { brand: ThreadBrand })[] {
  return brand === 'dmc' ? dmc.map((match) => ({ ...match, brand })) : [...(branded ?? [])];
}
