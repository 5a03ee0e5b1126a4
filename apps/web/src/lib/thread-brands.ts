import { useState } from 'react';
import type { components } from '../api/openapi.gen';
import { browserStorage } from './progress-store';

/** A thread maker the API knows: `dmc`, `anchor`, `madeira` (from the generated contract). */
export type ThreadBrand = components['schemas']['ThreadBrandId'];

/**
 * How stitchers write each brand before a code ("Anchor 403"), in the API's order. A Record, so a brand
 * added to the contract fails the type check until it is named here.
 */
const BRAND_NAMES: Record<ThreadBrand, string> = { dmc: 'DMC', anchor: 'Anchor', madeira: 'Madeira' };

export const THREAD_BRANDS = Object.keys(BRAND_NAMES) as ThreadBrand[];

export const brandName = (brand: ThreadBrand): string => BRAND_NAMES[brand];

/** "Anchor 403", "Madeira Black", "DMC 310": a thread as charts and shops name it. */
export const threadLabel = ({ brand, code }: { brand: ThreadBrand; code: string }): string => `${BRAND_NAMES[brand]} ${code}`;

export const isThreadBrand = (value: unknown): value is ThreadBrand => typeof value === 'string' && value in BRAND_NAMES;

const TOOLS_BRAND_KEY = 'stitchwise.colour-tools-brand';

/** The brand the colour tools match to: DMC until the user picks another, then that one, remembered on this device. */
export function useColourToolsBrand(): [ThreadBrand, (brand: ThreadBrand) => void] {
  const [brand, setBrand] = useState<ThreadBrand>(() => {
    const kept = browserStorage()?.getItem(TOOLS_BRAND_KEY);
    return isThreadBrand(kept) ? kept : 'dmc';
  });
  const choose = (chosen: ThreadBrand) => {
    setBrand(chosen);
    try {
      browserStorage()?.setItem(TOOLS_BRAND_KEY, chosen);
    } catch {
      // Storage full or refused: the choice holds for this visit only.
    }
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
