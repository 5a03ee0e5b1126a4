import { describe, expect, it } from 'vitest';
import { centreOf, fastStep, moveCrosshair, pixelAt } from './crosshair';

const photo = { width: 800, height: 600 };

describe('crosshair', () => {
  it('turns a point on the shown image into a whole pixel of the natural image, inside it', () => {
    expect(pixelAt(0.5, 0.25, photo)).toEqual({ x: 400, y: 150 });
    expect(pixelAt(0.99999, 0.99999, photo)).toEqual({ x: 799, y: 599 });
    expect(pixelAt(1, 1.2, photo)).toEqual({ x: 799, y: 599 });
    expect(pixelAt(-0.1, 0, photo)).toEqual({ x: 0, y: 0 });
  });

  it('starts in the middle', () => {
    expect(centreOf(photo)).toEqual({ x: 400, y: 300 });
    expect(centreOf({ width: 1, height: 1 })).toEqual({ x: 0, y: 0 });
  });

  it('moves one pixel per arrow, faster with Shift, and stops at the edges', () => {
    expect(moveCrosshair({ x: 10, y: 10 }, 'ArrowRight', false, photo)).toEqual({ x: 11, y: 10 });
    expect(moveCrosshair({ x: 10, y: 10 }, 'ArrowUp', false, photo)).toEqual({ x: 10, y: 9 });
    expect(moveCrosshair({ x: 10, y: 10 }, 'ArrowDown', true, photo)).toEqual({ x: 10, y: 50 });
    expect(moveCrosshair({ x: 10, y: 10 }, 'ArrowLeft', true, photo)).toEqual({ x: 0, y: 10 });
    expect(moveCrosshair({ x: 799, y: 599 }, 'ArrowRight', false, photo)).toEqual({ x: 799, y: 599 });
    expect(moveCrosshair({ x: 10, y: 10 }, 'Enter', false, photo)).toBeUndefined();
  });

  it('makes Shift steps that cross any image in about twenty presses, never under ten pixels', () => {
    expect(fastStep(photo)).toBe(40);
    expect(fastStep({ width: 4000, height: 3000 })).toBe(200);
    expect(fastStep({ width: 60, height: 40 })).toBe(10);
  });
});
