/** A file's size in megabytes to two places: '16.29 MB'. */
export function fileSizeMb(file: File): string {
  return `${(file.size / (1024 * 1024)).toFixed(2)} MB`;
}

/** A limit in whole megabytes, as the server states it: '10 MB'. */
export function megabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}
