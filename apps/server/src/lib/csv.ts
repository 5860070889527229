/** CSV as spreadsheet programs read it (RFC 4180), and a parser for files people export from them. */

/** Byte order mark: tells Excel and WPS that the file is UTF-8, so Chinese shows correctly. */
export const UTF8_BOM = '\uFEFF';

export type CsvCell = string | number | null | undefined;

/**
 * One cell, quoted when it holds a comma, quote or line break. Text that a spreadsheet would run
 * as a formula (=, +, -, @ at the start) gets a leading apostrophe; numbers are written as they are.
 */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = value;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvRow = (cells: readonly CsvCell[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** A whole file: BOM, header row, then the rows, with CRLF line ends. */
export function csvDocument(header: readonly string[], rows: Iterable<readonly CsvCell[]>): string {
  const parts = [UTF8_BOM, csvRow(header)];
  for (const row of rows) parts.push(csvRow(row));
  return parts.join('');
}

/**
 * The same file as `csvDocument`, as chunks of text produced while the rows are read: the BOM and
 * header first, then one chunk per batch, so a large export never sits in memory whole.
 */
export async function* csvChunks(header: readonly string[], batches: AsyncIterable<readonly (readonly CsvCell[])[]>): AsyncGenerator<string> {
  yield UTF8_BOM + csvRow(header);
  for await (const rows of batches) {
    if (rows.length > 0) yield rows.map(csvRow).join('');
  }
}

/**
 * A Content-Disposition header for a download with a Chinese file name (RFC 6266 / 5987), and a
 * plain ASCII name for clients that do not read filename*.
 */
export function attachmentHeader(fileName: string, asciiFallback: string): string {
  const fallback = asciiFallback.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export interface ParsedCsv {
  rows: string[][];
  /** The 1-based line of the file each row starts on, for error messages. */
  lines: number[];
}

/** Parses CSV text: quoted cells with doubled quotes and line breaks, CRLF or LF, an optional BOM. */
export function parseCsv(text: string): ParsedCsv {
  const source = text.startsWith(UTF8_BOM) ? text.slice(1) : text;
  const rows: string[][] = [];
  const lines: number[] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let i = 0;
  const endRow = () => {
    row.push(cell);
    // A blank line is no row.
    if (!(row.length === 1 && row[0] === '')) {
      rows.push(row);
      lines.push(rowLine);
    }
    row = [];
    cell = '';
  };
  while (i < source.length) {
    const char = source[i] as string;
    if (quoted) {
      if (char === '"') {
        if (source[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        if (char === '\n') line += 1;
        cell += char;
      }
      i += 1;
      continue;
    }
    if (char === '"' && cell === '') {
      quoted = true;
    } else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i += 1;
      endRow();
      line += 1;
      rowLine = line;
    } else {
      cell += char;
    }
    i += 1;
  }
  if (quoted) throw new Error(`第 ${rowLine} 行的引号没有闭合`);
  if (cell !== '' || row.length > 0) endRow();
  return { rows, lines };
}
