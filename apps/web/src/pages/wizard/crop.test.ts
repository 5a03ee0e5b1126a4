import { describe, expect, it } from 'vitest';
import { areaBetween, isTooSmall, pixelArea } from './crop';

describe('crop areas', () => {
  it('spans two dragged points in either direction, kept inside the picture', () => {
    expect(areaBetween({ x: 0.8, y: 0.9 }, { x: 0.2, y: -0.1 })).toEqual({ left: 0.2, top: 0, right: 0.8, bottom: 0.9 });
  });
  it('turns shares into whole pixels within the picture', () => {
    expect(pixelArea({ left: 0.25, top: 0.5, right: 0.75, bottom: 1 }, 400, 300)).toEqual({ x: 100, y: 150, width: 200, height: 150 });
    expect(pixelArea({ left: 1, top: 1, right: 1, bottom: 1 }, 10, 10)).toEqual({ x: 9, y: 9, width: 1, height: 1 });
  });
  it('takes a click for no crop', () => {
    expect(isTooSmall(areaBetween({ x: 0.5, y: 0.5 }, { x: 0.52, y: 0.9 }))).toBe(true);
    expect(isTooSmall(areaBetween({ x: 0.1, y: 0.1 }, { x: 0.6, y: 0.9 }))).toBe(false);
  });
});
