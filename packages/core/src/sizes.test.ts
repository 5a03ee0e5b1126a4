import { describe, expect, it } from 'vitest';
import { readableBytes } from './sizes.js';

describe('readableBytes', () => {
  it('uses KB, MB and GB of 1024, with at most three figures', () => {
    expect(readableBytes(512)).toBe('512 bytes');
    expect(readableBytes(312 * 1024 * 1024)).toBe('312 MB');
    expect(readableBytes(1024 ** 3)).toBe('1 GB');
    expect(readableBytes(1.02 * 1024 ** 3)).toBe('1.02 GB');
    expect(readableBytes(1024 * 1024 - 100)).toBe('1 MB');
    expect(readableBytes(1000 * 1024)).toBe('0.98 MB');
  });
});
