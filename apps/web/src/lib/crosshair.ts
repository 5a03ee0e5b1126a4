/** A whole pixel of an image's natural (not displayed) size, the unit picks are made in. */
export interface Pixel {
  x: number;
  y: number;
}

export interface ImageSize {
  width: number;
  height: number;
}

const clamp = (value: number, max: number) => Math.min(max, Math.max(0, value));

/** The pixel under a point given as fractions (0–1) of the shown image, whatever size it is shown at. */
export function pixelAt(fractionX: number, fractionY: number, size: ImageSize): Pixel {
  return { x: clamp(Math.floor(fractionX * size.width), size.width - 1), y: clamp(Math.floor(fractionY * size.height), size.height - 1) };
}

/** The centre pixel, where the crosshair starts. */
export const centreOf = (size: ImageSize): Pixel => ({ x: Math.floor(size.width / 2), y: Math.floor(size.height / 2) });

/** Shift+arrow: a twentieth of the longer side (at least 10 pixels), so any image is crossed in about 20 presses. */
export const fastStep = (size: ImageSize): number => Math.max(10, Math.round(Math.max(size.width, size.height) / 20));

const DIRECTIONS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** Where an arrow key moves the crosshair (one pixel, or fast), kept inside the image; undefined for other keys. */
export function moveCrosshair(at: Pixel, key: string, fast: boolean, size: ImageSize): Pixel | undefined {
  const direction = DIRECTIONS[key];
  if (!direction) return undefined;
  const step = fast ? fastStep(size) : 1;
  return { x: clamp(at.x + direction[0] * step, size.width - 1), y: clamp(at.y + direction[1] * step, size.height - 1) };
}
