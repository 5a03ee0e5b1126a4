import { Piscina } from 'piscina';

/** The same bytes in an array that owns its whole buffer (copied when it is a view into a larger one). */
export function ownedBytes(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
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
