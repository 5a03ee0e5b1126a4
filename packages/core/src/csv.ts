/**
 * Comma-separated values as spreadsheets write and read them (RFC 4180): the server's shopping list and
 * the browser's thread-list import and export share these. Pure: no Node or browser API.
 */

export type CsvCell = string | number;

const NEEDS_QUOTES = /[",\r\n]/;

/** One field, quoted when it holds a comma, a quote or a line break (quotes doubled). */
function csvField(cell: CsvCell): string {
  const text = String(cell);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows as CSV text, CRLF after every row (as RFC 4180 and Excel have it). */
export function csvText(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}

/**
 * Rows of a CSV text: quoted fields may hold separators, doubled quotes and line breaks; a byte-order
 * mark and blank lines are skipped. The separator is the first of comma, semicolon or tab found on the
 * first line outside quotes (spreadsheets in many European languages save with semicolons).
 */
export function parseCsv(text: string): string[][] {
  const source = text.startsWith('\ufeff') ? text.slice(1) : text;
  const separator = separatorOf(source);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  const endRow = () => {
    endField();
    if (row.some((cell) => cell.trim() !== '')) rows.push(row);
    row = [];
  };
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (quoted) {
      if (char !== '"') field += char;
      else if (source[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === separator) endField();
    else if (char === '\n') endRow();
    else if (char !== '\r') field += char;
  }
  if (field !== '' || row.length > 0) endRow();
  return rows;
}

function separatorOf(text: string): string {
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === ',' || char === ';' || char === '\t')) return char;
    else if (!quoted && char === '\n') break;
  }
  return ',';
}
