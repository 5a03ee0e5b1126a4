import { BLEND_STRANDS, formatHex, type Rgb } from '@stitchwise/core';
import type { CSSProperties } from 'react';

/**
 * A thread of a chart as a swatch and its labels need it, whichever way it was read: a legend entry (or the
 * preview's) lists what is stitched in `threads`, two for a blend; an editor's chart thread or a catalogue blend
 * names a blend's two in `blend`.
 */
export interface BlendSource {
  blend?: readonly { hex: string }[] | undefined;
  threads?: readonly { rgb: Rgb; strands?: number }[] | undefined;
}

/** A blend's two threads' colours (`#RRGGBB`), in code order; undefined for a plain thread. */
export function blendColours(thread: BlendSource): readonly [string, string] | undefined {
  if (thread.blend?.length === 2) return [thread.blend[0]!.hex, thread.blend[1]!.hex];
  if (thread.threads?.length === 2) return [formatHex(thread.threads[0]!.rgb), formatHex(thread.threads[1]!.rgb)];
  return undefined;
}

/**
 * A swatch's background. A blend shows its two threads in opposite corners and, across the middle, the mix
 * the chart draws it in: both threads can be told apart, and a symbol in the middle reads on the mix.
 */
export function swatchStyle(hex: string, blend?: readonly [string, string]): CSSProperties {
  if (!blend) return { backgroundColor: hex };
  const [a, b] = blend;
  return { backgroundColor: hex, backgroundImage: `linear-gradient(135deg, ${a} 0 35%, ${hex} 35% 65%, ${b} 65% 100%)` };
}

/** "1 + 1 strands" for a blend (its legend's strands, else one of each); undefined for a plain thread. */
export function blendStrandsText(thread: BlendSource): string | undefined {
  if (!blendColours(thread)) return undefined;
  const strands = thread.threads?.length === 2 ? thread.threads.map((part) => part.strands ?? BLEND_STRANDS) : [BLEND_STRANDS, BLEND_STRANDS];
  return `${strands.join(' + ')} strands`;
}
