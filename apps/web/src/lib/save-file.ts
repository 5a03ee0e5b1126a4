/** Hands a file to the browser's downloads under `filename`. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  // Revoked later, not at once: some browsers start reading the URL only after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
