import { Piscina } from 'piscina';

/**
 * The same bytes in a plain JavaScript buffer that can be transferred. Buffers from sharp wrap
 * native memory, which postMessage silently copies instead of moving, so they are copied here once,
 * in the worker, rather than cloned on the main thread.
 */
export function ownedBytes(bytes: Uint8Array): Uint8Array {
  return bytes.slice();
}

/**
 * Returns a worker's result with the given byte arrays moved, not copied, to the main thread
 * (a 12-megapixel image is 48 MB). Piscina moves only what a top-level wrapper names, hence the wrapper.
 * Each array must own its buffer (see ownedBytes).
 */
export function moving<T extends object>(value: T, arrays: Uint8Array[]): T {
  const wrapper = { [Piscina.transferableSymbol]: arrays.map((array) => array.buffer), [Piscina.valueSymbol]: value };
  return Piscina.move(wrapper as never) as T;
}
