/**
 * Excel workbooks (.xlsx) written row by row with exceljs's streaming writer, for the teams that
 * live in Excel and WPS: numbers as numbers, times as dates, a frozen header row and column
 * widths fitted to the header and the first batch of rows.
 */
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { chinaCalendar, utcDay } from '@sales/contract';
import ExcelJS from 'exceljs';

/** text: as written; integer: a whole number; yuan: money in yuan, shown with two decimals; time: a date and time. */
export type XlsxKind = 'text' | 'integer' | 'yuan' | 'time';

export interface XlsxColumn {
  header: string;
  kind: XlsxKind;
}

export type XlsxCell = string | number | Date | null;

/**
 * Text columns have the Text format (@): a cell edited there stays text, so even retyping a cell
 * that starts with = does not make it a formula.
 */
const FORMATS: Record<XlsxKind, string> = {
  text: '@',
  integer: '0',
  yuan: '0.00',
  time: 'yyyy-mm-dd hh:mm:ss',
};

/** The width of the header and of what the cells show, in characters; a Chinese character takes two. */
const TIME_WIDTH = 'yyyy-mm-dd hh:mm:ss'.length;
const WIDTH_MIN = 6;
const WIDTH_MAX = 60;

function shownWidth(value: XlsxCell, kind: XlsxKind): number {
  if (value === null || value === '') return 0;
  if (value instanceof Date) return TIME_WIDTH;
  const text = typeof value === 'number' && kind === 'yuan' ? value.toFixed(2) : String(value);
  // The longest line of a cell with line breaks.
  return Math.max(...text.split(/\r\n|\r|\n/).map((line) => [...line].reduce((width, char) => width + (char.charCodeAt(0) > 0xff ? 2 : 1), 0)));
}

/**
 * Column widths from the header and a sample of rows: a streamed sheet writes its columns before
 * its first row, so the rows after the sample cannot widen them.
 */
export function fittedWidths(columns: readonly XlsxColumn[], sample: readonly (readonly XlsxCell[])[]): number[] {
  return columns.map((column, index) => {
    const widest = sample.reduce((width, row) => Math.max(width, shownWidth(row[index] ?? null, column.kind)), shownWidth(column.header, 'text'));
    return Math.min(WIDTH_MAX, Math.max(WIDTH_MIN, widest + 2));
  });
}

/**
 * Excel stores a time as a calendar day and clock time without a zone, and exceljs reads a Date's
 * UTC fields: the instant's China wall clock is handed over as those fields, to the second.
 */
function chinaWallClock(date: Date): Date {
  const { year, month, day, hour, minute, second } = chinaCalendar(date);
  const wall = utcDay(year, month, day);
  wall.setUTCHours(hour, minute, second);
  return wall;
}

function cellValue(value: XlsxCell): ExcelJS.CellValue {
  if (value === null) return null;
  if (value instanceof Date) return chinaWallClock(value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  // Text stays a string cell whatever it starts with (= + - @ included): Excel and WPS never run
  // a string cell as a formula, so unlike the CSV it needs no apostrophe.
  return value;
}

/** Node's and readable-stream's writables, as far as waiting for their buffer to empty goes. */
interface Drainable {
  destroyed?: boolean;
  _writableState?: { needDrain?: boolean; length?: number };
  once(event: 'drain' | 'close', listener: () => void): unknown;
  off(event: 'drain' | 'close', listener: () => void): unknown;
}

/**
 * Where the sheet's XML waits to be compressed. exceljs writes each committed row into its own
 * stream (StreamBuf), which passes everything on at once to a PassThrough of archiver, ignoring
 * backpressure: when the rows come faster than zlib compresses them, or than the client reads,
 * they pile up there — the whole sheet, uncompressed, for a fast producer. This reaches that
 * PassThrough through exceljs's fields (exceljs 4.4 is pinned for it; a test fails if they
 * change), so the writer can wait for it to drain. Null if it cannot be found.
 */
export function sheetBacklog(sheet: ExcelJS.Worksheet): Drainable | null {
  const stream: unknown = Reflect.get(sheet, 'stream');
  const pipes: unknown = stream && typeof stream === 'object' ? Reflect.get(stream, 'pipes') : undefined;
  const target: unknown = Array.isArray(pipes) && pipes.length === 1 ? pipes[0] : undefined;
  if (!target || typeof target !== 'object' || !('_writableState' in target) || !('once' in target) || !('off' in target)) return null;
  return target as Drainable;
}

/**
 * Resolves once the stream has room again (it has drained), or once it or `reader` has closed:
 * a reply that has gone away never drains what leads to it.
 */
export async function room(stream: Drainable | Writable | null, reader?: Drainable | Writable): Promise<void> {
  if (!stream || stream.destroyed || reader?.destroyed) return;
  const full = 'writableNeedDrain' in stream ? stream.writableNeedDrain : stream._writableState?.needDrain;
  if (!full) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      reader?.off('close', done);
      resolve();
    };
    stream.once('drain', done);
    stream.once('close', done);
    reader?.once('close', done);
  });
}

/**
 * Rows handed to exceljs before waiting for zlib and the reply: a batch of the database's 1,000
 * rows at once left up to a batch of row XML queued ahead of zlib, long enough for the garbage
 * collector to move it into the old generation (RSS +41 MB for 50,000 generated rows, +27 MB in
 * slices of 100).
 */
const SLICE = 100;

async function writeWorkbook(out: PassThrough, sheetName: string, columns: readonly XlsxColumn[], batches: AsyncIterable<readonly (readonly XlsxCell[])[]>): Promise<void> {
  const iterator = batches[Symbol.asyncIterator]();
  try {
    const first = await iterator.next();
    const sample = first.done ? [] : first.value;
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', xSplit: 0, ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }] });
    const widths = fittedWidths(columns, sample);
    const styles = columns.map((column): Partial<ExcelJS.Style> => ({ numFmt: FORMATS[column.kind] }));
    sheet.columns = columns.map((_, index) => ({ width: widths[index], style: styles[index] }));
    const header = sheet.addRow(columns.map((column) => column.header));
    header.font = { bold: true };
    header.commit();
    const write = (rows: readonly (readonly XlsxCell[])[]) => {
      for (const cells of rows) {
        const row = sheet.addRow(columns.map((_, index) => cellValue(cells[index] ?? null)));
        // Each cell gets a copy of its column's style; given the column's own object back, the
        // writer finds its style id by identity instead of writing the style's XML once a cell to
        // look it up (and keeping a WeakMap entry a cell): the same file, far less garbage.
        row.eachCell({ includeEmpty: true }, (cell, number) => {
          const style = styles[number - 1];
          if (style) cell.style = style;
        });
        row.commit();
      }
    };
    const backlog = sheetBacklog(sheet);
    // The next rows are written, and the next batch read, only once zlib has taken the rows written
    // and the reply has room: a slow download holds back the database reads instead of piling rows
    // up in memory.
    const settle = async () => {
      await room(backlog, out);
      await room(out);
    };
    const writeAll = async (rows: readonly (readonly XlsxCell[])[]) => {
      for (let start = 0; start < rows.length && !out.destroyed; start += SLICE) {
        write(rows.slice(start, start + SLICE));
        await settle();
      }
    };
    await writeAll(sample);
    while (!out.destroyed) {
      const next = await iterator.next();
      if (next.done) break;
      await writeAll(next.value);
    }
    if (out.destroyed) return;
    sheet.commit();
    await workbook.commit();
  } finally {
    await iterator.return?.();
  }
}

/**
 * A workbook of one sheet as a stream: the header row, then the rows as the batches are read,
 * with the reply's backpressure. A failure while reading ends the stream with that error.
 */
export function xlsxStream(sheetName: string, columns: readonly XlsxColumn[], batches: AsyncIterable<readonly (readonly XlsxCell[])[]>): Readable {
  const out = new PassThrough();
  writeWorkbook(out, sheetName, columns, batches).catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
