/**
 * Imports a customer file (.xlsx or .csv) for `npm run import:customers` through the console's
 * own module (customer-import.ts): the same judging, 查重 and write, all good rows in one
 * transaction with one audit entry. The file is read as a stream (sheet-file.ts
 * `streamSheetFile`) and judged and written IMPORT_BATCH rows at a time; the rows not imported go
 * straight to an error file beside it (CSV, the template's columns and 错误), so memory holds a
 * batch, not the file. Only the keys of the rows read so far (for duplicates within the file) grow
 * with it.
 */
import fs from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { stringify } from 'csv-stringify';
import type { Database } from '../src/db/client.js';
import { UTF8_BOM } from '../src/lib/csv.js';
import { streamSheetFile } from '../src/lib/sheet-file.js';
import { CUSTOMER_SHEET_COLUMNS, ERROR_FILE_HEADER, errorFileName, errorFileRow, runCustomerImport, type CustomerImportCounts } from '../src/plugins/app/customers/customer-import.js';

/** Who imported, in the audit log: nobody the console knows, the command line. */
export const IMPORT_COMMAND = { ip: 'cli', userAgent: 'npm run import:customers' };

export interface CustomerFileReport extends CustomerImportCounts {
  /** Where the rows not imported were written; null when every row was imported. */
  errorFile: string | null;
}

/** A CSV written as rows come, waiting for the disk when it falls behind. */
class ErrorFile {
  private writer: ReturnType<typeof stringify> | null = null;
  private done: Promise<unknown> | null = null;

  constructor(readonly filePath: string) {}

  async write(rows: string[][]): Promise<void> {
    if (!this.writer) {
      const out = fs.createWriteStream(this.filePath);
      out.write(UTF8_BOM);
      this.writer = stringify({ record_delimiter: '\r\n', quoted_match: /[\r\n]/, escape_formulas: true });
      this.writer.pipe(out);
      this.done = once(out, 'close');
      this.writer.write(ERROR_FILE_HEADER);
    }
    for (const row of rows) {
      if (!this.writer.write(row)) await once(this.writer, 'drain');
    }
  }

  get opened(): boolean {
    return this.writer !== null;
  }

  async close(): Promise<void> {
    if (!this.writer) return;
    this.writer.end();
    await this.done;
  }

  async discard(): Promise<void> {
    await this.close();
    await fs.promises.rm(this.filePath, { force: true });
  }
}

/**
 * Imports one file; `preview` judges every row and writes the error file without writing a
 * customer. A file that cannot be read throws (a Chinese message) and writes nothing.
 */
export async function importCustomerFile(database: Database, filePath: string, options: { preview?: boolean } = {}): Promise<CustomerFileReport> {
  const errors = new ErrorFile(path.join(path.dirname(filePath), errorFileName(path.basename(filePath)).replace(/\.xlsx$/, '.csv')));
  const rows = streamSheetFile(filePath, CUSTOMER_SHEET_COLUMNS);
  try {
    const counts = await runCustomerImport(database.db, rows, options.preview ? null : { actorId: null, fileName: path.basename(filePath), client: IMPORT_COMMAND }, async (batch) => {
      const failed = batch.filter((row) => !row.write);
      if (failed.length > 0) await errors.write(failed.map(errorFileRow));
    });
    await errors.close();
    return { ...counts, errorFile: errors.opened ? errors.filePath : null };
  } catch (error) {
    await errors.discard();
    throw error;
  }
}

export function formatReport(fileName: string, report: CustomerFileReport, preview: boolean): string {
  const verb = preview ? '可导入' : '已导入';
  const lines = [
    `${fileName}：共 ${report.rows} 行，${verb} ${report.rows - report.failed} 行${preview ? '' : `（有负责人 ${report.bound}，进入公海 ${report.pooled}）`}，未导入 ${report.failed} 行`,
  ];
  if (report.errorFile) lines.push(`未导入的行及其错误：${report.errorFile}`);
  if (preview) lines.push('预览：没有写入任何客户');
  return lines.join('\n');
}
