/** Deterministic pseudo-random numbers (mulberry32): same seed, same sequence, on every platform. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a over numbers, to derive a seed from the data itself (same input, same result). */
export function hashNumbers(values: ArrayLike<number>, start = 0x811c9dc5): number {
  let hash = start >>> 0;
  for (let i = 0; i < values.length; i++) {
    hash ^= values[i]! & 0xffffffff;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
