/**
 * Spreadsheets handed in for an import (.xlsx read with exceljs, or with xlsx-stream.ts for a file
 * on disk; .csv with csv-parse through csv.ts) and the templates handed out for them. One path for every import: the file becomes rows
 * of named cells with the line each came from, or a 400 in Chinese saying why it cannot be read.
 * What the rows mean is the importer's business (staff today, customers next).
 */
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { AppError, badRequest } from './errors.js';
import { csvDocument, csvRecords, parseCsv } from './csv.js';
import { xlsxStreamRows } from './xlsx-stream.js';

export type SheetFormat = 'xlsx' | 'csv';

export interface SheetColumns {
  /** Headers that must be present (the cells may still be empty: the importer judges them). */
  required: readonly string[];
  optional?: readonly string[];
}

export interface SheetLimits {
  maxBytes: number;
  /** Data rows, the header not counted. */
  maxRows: number;
}

export interface SheetRow {
  /** The 1-based line (row number in Excel) the row starts on; the header is usually line 1. */
  line: number;
  /** Each known column's cell, trimmed; '' when empty or absent. */
  cells: Record<string, string>;
}

/** Excel's and WPS's files are zip archives: their first bytes. */
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** What the archive may unpack to: a 1 MB workbook of text is far below; a zip bomb is far above. */
const UNZIPPED_MAX = 64 * 1024 * 1024;

export const SHEET_EMPTY = '文件是空的';
export const SHEET_TYPE = '只能导入 .xlsx 或 .csv 文件（.xls 请先另存为 .xlsx）';
export const SHEET_UNREADABLE = '无法读取该 Excel 文件，请另存为 .xlsx 后重试';
export const SHEET_NO_ROWS = '文件里没有数据行';

const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** The format a file is read as: by its name, checked against its first bytes. */
function formatOf(fileName: string, data: Buffer): SheetFormat {
  const name = fileName.trim().toLowerCase();
  const zipped = data.subarray(0, 4).equals(ZIP_MAGIC);
  if (name.endsWith('.xlsx')) {
    if (!zipped) throw badRequest(SHEET_UNREADABLE);
    return 'xlsx';
  }
  if (name.endsWith('.csv')) {
    if (zipped) throw badRequest('该文件是 Excel 文件，请以 .xlsx 结尾');
    return 'csv';
  }
  throw badRequest(SHEET_TYPE);
}

/**
 * The sum of the archive's unpacked sizes from its central directory, without unpacking anything;
 * Infinity when the directory cannot be read or is ZIP64 (never what Excel writes for 1 MB).
 */
export function unzippedSize(data: Buffer): number {
  const END = 0x06054b50;
  const ENTRY = 0x02014b50;
  const from = Math.max(0, data.length - 22 - 0xffff);
  let end = -1;
  for (let at = data.length - 22; at >= from; at -= 1) {
    if (data.readUInt32LE(at) === END) {
      end = at;
      break;
    }
  }
  if (end < 0) return Infinity;
  const entries = data.readUInt16LE(end + 10);
  let at = data.readUInt32LE(end + 16);
  let total = 0;
  for (let index = 0; index < entries; index += 1) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== ENTRY) return Infinity;
    const size = data.readUInt32LE(at + 24);
    if (size === 0xffffffff) return Infinity;
    total += size;
    at += 46 + data.readUInt16LE(at + 28) + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
  }
  return total;
}

/** UTF-8 (with or without BOM) as every export here writes; else GB18030, as Excel saves CSV on Chinese Windows. */
function decodeText(data: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return new TextDecoder('gb18030').decode(data);
  }
}

interface RawRow {
  line: number;
  cells: string[];
}

async function xlsxRows(data: Buffer, maxRows: number): Promise<RawRow[]> {
  if (unzippedSize(data) > UNZIPPED_MAX) throw badRequest(SHEET_UNREADABLE);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw badRequest(SHEET_UNREADABLE);
  }
  const sheet = workbook.worksheets.find((candidate) => candidate.actualRowCount > 0);
  if (!sheet) throw badRequest(SHEET_NO_ROWS);
  if (sheet.actualRowCount > maxRows + 1) throw badRequest(tooManyRows(maxRows));
  const rows: RawRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cell.text;
    });
    rows.push({ line: row.number, cells: Array.from(cells, (cell) => cell ?? '') });
  });
  return rows;
}

function csvRows(data: Buffer): RawRow[] {
  let parsed;
  try {
    parsed = parseCsv(decodeText(data));
  } catch (error) {
    throw badRequest(error instanceof Error ? error.message : '无法读取该 CSV 文件');
  }
  return parsed.rows.map((cells, index) => ({ line: parsed.lines[index] ?? index + 1, cells }));
}

const tooManyRows = (maxRows: number) => `一次最多导入 ${maxRows} 行，请分成几个文件导入`;

/** The header's column positions by name, or a 400 naming the missing columns. */
function headerIndex(header: RawRow, columns: SheetColumns): Map<string, number> {
  const known = [...columns.required, ...(columns.optional ?? [])];
  const index = new Map<string, number>();
  header.cells.forEach((cell, position) => {
    if (known.includes(cell) && !index.has(cell)) index.set(cell, position);
  });
  const missing = columns.required.filter((column) => !index.has(column));
  if (missing.length > 0) throw badRequest(`第 ${header.line} 行应为表头，缺少列：${missing.join('、')}（请使用导入模板）`);
  return index;
}

const trimmed = (row: RawRow): RawRow => ({ line: row.line, cells: row.cells.map((cell) => cell.trim()) });
const blank = (row: RawRow) => !row.cells.some((cell) => cell.length > 0);

function namedRow(row: RawRow, columns: SheetColumns, index: Map<string, number>): SheetRow {
  const known = [...columns.required, ...(columns.optional ?? [])];
  return { line: row.line, cells: Object.fromEntries(known.map((column) => [column, row.cells[index.get(column) ?? -1] ?? ''])) };
}

/**
 * The file's data rows by header name. The first non-blank row is the header; its cells name the
 * columns (in any order, extra columns ignored); rows whose cells are all blank are skipped.
 */
export async function readSheetFile(fileName: string, data: Buffer, columns: SheetColumns, limits: SheetLimits): Promise<SheetRow[]> {
  if (data.length === 0) throw badRequest(SHEET_EMPTY);
  if (data.length > limits.maxBytes) throw badRequest(`文件不能超过 ${mb(limits.maxBytes)}`);
  const format = formatOf(fileName, data);
  const raw = (format === 'xlsx' ? await xlsxRows(data, limits.maxRows) : csvRows(data)).map(trimmed).filter((row) => !blank(row));
  const [header, ...body] = raw;
  if (!header) throw badRequest(SHEET_NO_ROWS);
  const index = headerIndex(header, columns);
  if (body.length === 0) throw badRequest(SHEET_NO_ROWS);
  if (body.length > limits.maxRows) throw badRequest(tooManyRows(limits.maxRows));
  return body.map((row) => namedRow(row, columns, index));
}

/** A text file's chunks as text: UTF-8 (BOM or not) unless its first 64 KB are not, then GB18030 (Excel's CSV on Chinese Windows). */
async function* decodedChunks(filePath: string): AsyncGenerator<string> {
  const handle = await fs.promises.open(filePath, 'r');
  let encoding = 'utf-8';
  try {
    const head = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, bytesRead), { stream: true });
    } catch {
      encoding = 'gb18030';
    }
  } finally {
    await handle.close();
  }
  const decoder = new TextDecoder(encoding);
  for await (const chunk of fs.createReadStream(filePath, { highWaterMark: 64 * 1024 })) yield decoder.decode(chunk as Buffer, { stream: true });
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** The rows of a workbook's first sheet with any rows, read as a stream (xlsx-stream.ts). */
async function* xlsxFileRows(filePath: string): AsyncGenerator<RawRow> {
  try {
    yield* xlsxStreamRows(filePath);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest(SHEET_UNREADABLE);
  }
}

/**
 * The same rows as `readSheetFile`, of a file on disk read as a stream: a few rows in memory
 * however long the file (`npm run import:customers`). No row limit; the header is checked
 * before the first data row is handed out.
 */
export async function* streamSheetFile(filePath: string, columns: SheetColumns): AsyncGenerator<SheetRow> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(filePath, 'r');
  } catch (error) {
    const code = error !== null && typeof error === 'object' && 'code' in error ? error.code : undefined;
    throw badRequest(code === 'ENOENT' ? '找不到文件' : '无法打开该文件');
  }
  let magic: Buffer;
  let size: number;
  try {
    const stat = await handle.stat();
    if (stat.isDirectory()) throw badRequest('这是一个文件夹，不是文件');
    size = stat.size;
    magic = Buffer.alloc(4);
    await handle.read(magic, 0, 4, 0);
  } finally {
    await handle.close();
  }
  if (size === 0) throw badRequest(SHEET_EMPTY);
  const format = formatOf(path.basename(filePath), magic);
  const raw: AsyncIterable<RawRow> = format === 'xlsx' ? xlsxFileRows(filePath) : csvFileRows(filePath);
  let index: Map<string, number> | undefined;
  let rows = 0;
  for await (const read of raw) {
    const row = trimmed(read);
    if (blank(row)) continue;
    if (!index) {
      index = headerIndex(row, columns);
      continue;
    }
    rows += 1;
    yield namedRow(row, columns, index);
  }
  if (rows === 0) throw badRequest(SHEET_NO_ROWS);
}

async function* csvFileRows(filePath: string): AsyncGenerator<RawRow> {
  try {
    for await (const record of csvRecords(decodedChunks(filePath))) yield { line: record.line, cells: record.cells };
  } catch (error) {
    throw badRequest(error instanceof Error ? error.message : '无法读取该 CSV 文件');
  }
}

/**
 * A template to fill in: the header row; the workbook adds a 填写说明 sheet with `notes`, and
 * formats every column as text, so a phone number typed there stays the digits typed (not 1.38E+10).
 */
export async function sheetTemplate(format: SheetFormat, sheetName: string, header: readonly string[], notes: readonly string[]): Promise<Buffer> {
  if (format === 'csv') return Buffer.from(csvDocument(header, []), 'utf8');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = header.map((title) => ({ header: title, width: Math.max(12, [...title].length * 2 + 4), style: { numFmt: '@' } }));
  sheet.getRow(1).font = { bold: true };
  const help = workbook.addWorksheet('填写说明');
  help.columns = [{ header: '填写说明', width: 100 }];
  help.getRow(1).font = { bold: true };
  for (const note of notes) help.addRow([note]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
