import { rgbToCmyk } from '@stitchwise/core';

/** CMYK from RGB on the client, whole percent (spec §9). */
export function cmykText(r: number, g: number, b: number): string {
  const { c, m, y, k } = rgbToCmyk({ r, g, b });
  return `C${c} M${m} Y${y} K${k}`;
}

export function rgbText(r: number, g: number, b: number): string {
  return `RGB(${r}, ${g}, ${b})`;
}
