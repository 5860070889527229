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

export interface CsvRecord {
  cells: string[];
  /** The 1-based line of the file the row starts on. */
  line: number;
}

/**
 * Parses CSV text handed over in pieces of any size (a file read as a stream): quoted cells with
 * doubled quotes and line breaks, CRLF, LF or CR, an optional BOM, blank lines skipped. `push`
 * returns the rows each piece completes and `end` the last one, so a file of any size is read
 * with the memory of one row. The rows are the same however the text is cut.
 */
export class CsvReader {
  private row: string[] = [];
  private cell = '';
  private quoted = false;
  private line = 1;
  private rowLine = 1;
  private started = false;
  /** A quote inside a quoted cell or a CR at the end of a piece: what it means depends on the next character. */
  private held = '';

  push(text: string): CsvRecord[] {
    return this.read(this.held + text, false);
  }

  /** The text is complete: the last row, if any; throws when a quoted cell is never closed. */
  end(): CsvRecord[] {
    const records = this.read(this.held, true);
    if (this.quoted) throw new Error(`第 ${this.rowLine} 行的引号没有闭合`);
    if (this.cell !== '' || this.row.length > 0) this.endRow(records);
    return records;
  }

  private endRow(records: CsvRecord[]): void {
    this.row.push(this.cell);
    // A blank line is no row.
    if (!(this.row.length === 1 && this.row[0] === '')) records.push({ cells: this.row, line: this.rowLine });
    this.row = [];
    this.cell = '';
  }

  private read(input: string, last: boolean): CsvRecord[] {
    this.held = '';
    let source = input;
    if (!this.started && source.length > 0) {
      this.started = true;
      if (source.startsWith(UTF8_BOM)) source = source.slice(1);
    }
    const records: CsvRecord[] = [];
    let i = 0;
    while (i < source.length) {
      const char = source[i] as string;
      const atEnd = i + 1 === source.length;
      if (this.quoted) {
        if (char === '"') {
          if (atEnd && !last) {
            this.held = char;
            break;
          }
          if (source[i + 1] === '"') {
            this.cell += '"';
            i += 2;
            continue;
          }
          this.quoted = false;
        } else {
          if (char === '\n') this.line += 1;
          this.cell += char;
        }
        i += 1;
        continue;
      }
      if (char === '"' && this.cell === '') {
        this.quoted = true;
      } else if (char === ',') {
        this.row.push(this.cell);
        this.cell = '';
      } else if (char === '\n' || char === '\r') {
        if (char === '\r' && atEnd && !last) {
          this.held = char;
          break;
        }
        if (char === '\r' && source[i + 1] === '\n') i += 1;
        this.endRow(records);
        this.line += 1;
        this.rowLine = this.line;
      } else {
        this.cell += char;
      }
      i += 1;
    }
    return records;
  }
}

/** Parses CSV text: quoted cells with doubled quotes and line breaks, CRLF or LF, an optional BOM. */
export function parseCsv(text: string): ParsedCsv {
  const reader = new CsvReader();
  const records = [...reader.push(text), ...reader.end()];
  return { rows: records.map((record) => record.cells), lines: records.map((record) => record.line) };
}
