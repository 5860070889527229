/**
 * CSV as spreadsheet programs read it (RFC 4180), written by csv-stringify and read by csv-parse,
 * with what those leave to us: the byte order mark, the guard against formulas, and the line of
 * the file each row starts on.
 */
import { pipeline, Readable } from 'node:stream';
import { CsvError, parse, type Options as ParseOptions } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import { stringify, type Options as StringifyOptions } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';

/** Byte order mark: tells Excel and WPS that the file is UTF-8, so Chinese shows correctly. */
export const UTF8_BOM = '\uFEFF';

export type CsvCell = string | number | null | undefined;

/**
 * CRLF line ends; a cell holding a comma, quote or line break (LF or CR, which csv-stringify
 * alone quotes only when it is the whole record delimiter) is quoted. Text a spreadsheet would
 * run as a formula (= + - @ tab CR at the start, and their full-width forms) gets a leading
 * apostrophe; numbers are written as they are, an infinite or NaN one as an empty cell.
 */
const WRITE: StringifyOptions = {
  record_delimiter: '\r\n',
  quoted_match: /[\r\n]/,
  escape_formulas: true,
  cast: { number: (value) => (Number.isFinite(value) ? String(value) : '') },
};

/** A whole file: BOM, header row, then the rows. */
export function csvDocument(header: readonly string[], rows: Iterable<readonly CsvCell[]>): string {
  return UTF8_BOM + stringifySync([header, ...rows] as CsvCell[][], WRITE);
}

/**
 * The same file as `csvDocument`, as a stream produced while the rows are read in batches: a
 * large export never sits in memory whole, and the next batch is read only when the stream wants
 * more (the socket's backpressure reaches the database reads).
 */
export function csvStream(header: readonly string[], batches: AsyncIterable<readonly (readonly CsvCell[])[]>): Readable {
  async function* records() {
    yield header;
    for await (const rows of batches) yield* rows;
  }
  // pipeline: a failed read destroys the CSV stream with its error, which ends the response.
  return pipeline(Readable.from(records()), stringify({ ...WRITE, bom: true }), () => {});
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

export interface CsvRecord {
  cells: string[];
  /** The 1-based line of the file the row starts on. */
  line: number;
}

export interface ParsedCsv {
  rows: string[][];
  /** The 1-based line of the file each row starts on, for error messages. */
  lines: number[];
}

/**
 * The rules files exported from spreadsheets need: an optional BOM; CRLF, LF or a lone CR ending
 * a row, mixed in one file; rows of any length; a quote inside an unquoted cell taken as it is.
 * Blank lines reach `LineCounter`, which needs them to count lines and drops them; `raw` gives it
 * each row's text.
 */
function readOptions(counter: LineCounter): ParseOptions {
  return {
    bom: true,
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: false,
    raw: true,
    // csv-parse's types give on_record a row of cells; with `raw` it receives { record, raw }.
    on_record: ((raw: RawRecord) => counter.take(raw)) as unknown as ParseOptions['on_record'],
  };
}

interface RawRecord {
  record: string[];
  raw: string;
}

/**
 * Gives each row the line it starts on. csv-parse's own `info.lines` is where a row ends and
 * counts a CRLF inside a quoted cell twice, so the lines are counted from each row's raw text,
 * which holds its quoted line breaks whole and one character of the line end that closes it.
 */
class LineCounter {
  /** The line the next row starts on. */
  private line = 1;

  take({ record, raw }: RawRecord): CsvRecord | null {
    const line = this.line;
    this.line += raw.match(/\r\n|\r|\n/g)?.length ?? 0;
    // A blank line (or one holding only "") is no row.
    if (record.length === 1 && record[0] === '') return null;
    return { cells: record, line };
  }

  /** csv-parse's error in Chinese, with the line of the row it stopped in. */
  failure(error: unknown): unknown {
    if (!(error instanceof CsvError)) return error;
    if (error.code === 'CSV_QUOTE_NOT_CLOSED') return new Error(`第 ${this.line} 行的引号没有闭合`);
    return new Error(`第 ${this.line} 行无法读取（${error.code}）`);
  }
}

/**
 * The rows of CSV text handed over in pieces of any size (a file read as a stream), each with the
 * line it starts on, read with the memory of a few rows. The rows are the same however the text
 * is cut; an unclosed quote throws 第 N 行的引号没有闭合 once the text has ended. An error of the
 * source (a file that cannot be read) comes through as it is.
 */
export async function* csvRecords(source: AsyncIterable<string | Buffer> | Iterable<string | Buffer>): AsyncGenerator<CsvRecord> {
  const counter = new LineCounter();
  const parser = pipeline(Readable.from(source, { objectMode: false }), parse(readOptions(counter)), () => {});
  try {
    yield* parser as AsyncIterable<CsvRecord>;
  } catch (error) {
    throw counter.failure(error);
  }
}

/** Whole CSV text, by the same rules as `csvRecords`. */
export function parseCsv(text: string): ParsedCsv {
  const counter = new LineCounter();
  let records: CsvRecord[];
  try {
    // The rows are what on_record returned.
    records = parseSync(text, readOptions(counter)) as unknown as CsvRecord[];
  } catch (error) {
    throw counter.failure(error);
  }
  return { rows: records.map((record) => record.cells), lines: records.map((record) => record.line) };
}
