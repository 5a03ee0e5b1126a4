const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * Bytes for people, as the server's sentences and the screens write them: '312 MB', '1.02 GB', '1 GB'
 * (1 KB = 1024 bytes, as the size settings count), at most three figures, never '1020 MB'.
 */
export function readableBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${Number(value.toFixed(digits))} ${UNITS[unit]!}`;
}
