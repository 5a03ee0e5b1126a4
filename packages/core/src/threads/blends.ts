import { formatHex } from '../color/hex.js';
import { linearToSrgbByte, rgbToLab, srgbByteToLinear, type Rgb } from '../color/spaces.js';
import { BLEND_JOINER, type ThreadBrand } from './brand-names.js';
import { findBrandThread } from './brands.js';
import { compareThreadCodes, type Thread } from './catalogue.js';

/**
 * A blend: one strand each of two threads stitched together, for a shade between them. Seen from
 * stitching distance the eye averages the two strands' light, so its colour is the mean of theirs in
 * linear-light sRGB (mixedColour), rounded to 8 bits. That one model gives a blend's legend colour, its
 * place in generation, the preview and every ΔE00 figure.
 */
export interface Blend extends Thread {
  /** The two threads, in code order (`310`, then `413`). */
  readonly blend: readonly [Thread, Thread];
}

/** Strands of each thread of a blend in a cross stitch on 14-count Aida. */
export const BLEND_STRANDS = 1;

/** The colour of one strand each of two colours, by the model above: the mean in linear light, to 8 bits. */
export function mixedColour(a: Rgb, b: Rgb): Rgb {
  const mean = (x: number, y: number): number => linearToSrgbByte((srgbByteToLinear(x) + srgbByteToLinear(y)) / 2);
  return { r: mean(a.r, b.r), g: mean(a.g, b.g), b: mean(a.b, b.b) };
}

/** The blend of two distinct threads of one brand, its threads in code order whichever order they come in. */
export function blendOf(first: Thread, second: Thread): Blend {
  if (first.brand !== second.brand) throw new RangeError('A blend is made of two threads of one brand');
  if (first.code === second.code) throw new RangeError('A blend is made of two different threads');
  const [a, b] = compareThreadCodes(first.code, second.code) <= 0 ? [first, second] : [second, first];
  const rgb = mixedColour(a, b);
  return {
    brand: a.brand,
    code: blendCode([a.code, b.code]),
    name: `${a.name} + ${b.name}`,
    ...rgb,
    hex: formatHex(rgb),
    lab: rgbToLab(rgb),
    discontinued: a.discontinued || b.discontinued,
    blend: [a, b],
  };
}

export function isBlend(thread: Thread): thread is Blend {
  return 'blend' in thread;
}

/** A blend's code from its threads' codes. */
export function blendCode(codes: readonly string[]): string {
  return codes.join(BLEND_JOINER);
}

/** Whether a code names a blend (`310+413`): no catalogue code holds the joiner. */
export function isBlendCode(code: string): boolean {
  return code.includes(BLEND_JOINER);
}

/**
 * A colour of a chart by brand and code: a thread (as findBrandThread reads it) or the blend of two
 * (`310+413`). Undefined for a code the brand lacks, a blend of one thread, or of more than two.
 */
export function findBrandColour(brand: ThreadBrand, code: string): Thread | undefined {
  if (!isBlendCode(code)) return findBrandThread(brand, code);
  const parts = code.split(BLEND_JOINER).map((part) => findBrandThread(brand, part));
  const [a, b] = parts;
  if (parts.length !== 2 || !a || !b || a.code === b.code) return undefined;
  return blendOf(a, b);
}
