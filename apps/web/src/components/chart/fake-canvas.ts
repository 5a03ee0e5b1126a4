import { vi } from 'vitest';

/**
 * Test support: jsdom has no canvas, so `getContext('2d')` is stubbed with a fake 2D context that
 * records every call (with the fill style and font in force) and keeps what `putImageData` was given,
 * and canvases get a size on screen. What the viewer draws is then read from the record.
 */
export interface CanvasCall {
  canvas: HTMLCanvasElement;
  method: string;
  args: unknown[];
  fillStyle: string;
  font: string;
}

export interface FakeImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export interface FakeCanvas {
  calls: CanvasCall[];
  /** Forgets the calls so far. */
  clear(): void;
  /** Calls of one method, optionally only on one canvas. */
  callsOf(method: string, canvas?: HTMLCanvasElement): CanvasCall[];
}

/** Installs the fake for the current test (undone by vi.restoreAllMocks); canvases measure `width` × `height` CSS px on screen. */
export function installFakeCanvas({ width, height }: { width: number; height: number }): FakeCanvas {
  const calls: CanvasCall[] = [];
  const contexts = new WeakMap<HTMLCanvasElement, object>();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    let context = contexts.get(this);
    if (!context) {
      context = fakeContext(this, calls);
      contexts.set(this, context);
    }
    return context as never;
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockImplementation(() => ({
    left: 0,
    top: 0,
    x: 0,
    y: 0,
    width,
    height,
    right: width,
    bottom: height,
    toJSON: () => ({}),
  }));
  return {
    calls,
    clear: () => calls.splice(0),
    callsOf: (method, canvas) => calls.filter((call) => call.method === method && (!canvas || call.canvas === canvas)),
  };
}

function fakeContext(canvas: HTMLCanvasElement, calls: CanvasCall[]): object {
  const state: Record<string, unknown> = { fillStyle: '#000000', font: '10px sans-serif' };
  const record = (method: string, args: unknown[]) => calls.push({ canvas, method, args, fillStyle: String(state.fillStyle), font: String(state.font) });
  const methods: Record<string, (...args: unknown[]) => unknown> = {
    createImageData: (w, h) => image(Number(w), Number(h)),
    getImageData: (_x, _y, w, h) => image(Number(w), Number(h)),
    measureText: (text) => ({
      width: String(text).length * 6,
      actualBoundingBoxAscent: 0,
      actualBoundingBoxDescent: 0,
      actualBoundingBoxLeft: 0,
      actualBoundingBoxRight: 0,
    }),
    putImageData: (data: unknown, ...rest: unknown[]) => {
      // A copy: the viewer reuses its buffers, and the test reads what was drawn at the time.
      const source = data as FakeImage;
      record('putImageData', [{ width: source.width, height: source.height, data: source.data.slice() }, ...rest]);
    },
  };
  return new Proxy(state, {
    get(target, property: string) {
      if (property === 'canvas') return canvas;
      if (methods[property]) return methods[property];
      if (property in target) return target[property];
      return (...args: unknown[]) => record(property, args);
    },
    set(target, property: string, value) {
      target[property] = value;
      return true;
    },
  });
}

function image(width: number, height: number): FakeImage {
  return { width, height, data: new Uint8ClampedArray(Math.max(0, width * height * 4)) };
}
