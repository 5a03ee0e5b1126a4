/** Small helpers of the offline sketch's drawing code: colour shading, seeded choices, SVG numbers. */
import { createHash } from 'node:crypto';
import { seededRandom } from '@stitchwise/core';

/** Lighter (amount > 0) or darker (< 0) by mixing with white or black. */
export function shade(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const target = amount > 0 ? 255 : 0;
  const mix = (channel: number): string =>
    Math.round(channel + (target - channel) * Math.abs(amount))
      .toString(16)
      .padStart(2, '0');
  return `#${mix(value >> 16)}${mix((value >> 8) & 255)}${mix(value & 255)}`;
}

export function pick<T>(random: () => number, options: readonly T[]): T {
  return options[Math.floor(random() * options.length)]!;
}

/** Coordinates to one decimal: smaller SVG, identical pictures. */
export function f(value: number): string {
  return (Math.round(value * 10) / 10).toString();
}

/** A deterministic random stream seeded by the text. */
export function randomFrom(text: string): () => number {
  return seededRandom(createHash('sha256').update(text).digest().readUInt32LE(0));
}
