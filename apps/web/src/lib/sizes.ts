/** A file's size in megabytes to two places: '16.29 MB'. */
export function fileSizeMb(file: File): string {
  return `${(file.size / (1024 * 1024)).toFixed(2)} MB`;
}

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'];

/** Bytes for people, as the server's sentences write them: '312 MB', '1.02 GB', '1 GB' (1 KB = 1024 bytes). */
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

/** A limit in whole megabytes, as the server states it: '10 MB'. */
export function megabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}
