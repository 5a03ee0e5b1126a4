/** A file made for download: its bytes, type and the name it is saved under. */
export interface ExportedFile {
  bytes: Uint8Array;
  contentType: string;
  filename: string;
}

/** A file name from a project name: letters, digits and dashes. */
export function slug(title: string): string {
  return (
    title
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/[\s_]+/g, '-')
      .toLowerCase()
      .slice(0, 60) || 'pattern'
  );
}
