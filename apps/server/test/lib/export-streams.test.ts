/**
 * The export streams' own rules: the workbook's column widths, waiting for exceljs's output to
 * drain, and no more rows read once a download has been abandoned.
 */
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { csvStream, type CsvCell } from '../../src/lib/csv.js';
import { fittedWidths, room, sheetBacklog, xlsxStream, type XlsxCell } from '../../src/lib/xlsx.js';

describe('xlsx', () => {
  it('fits the columns to the header and the sampled rows, a Chinese character counting two', () => {
    const columns = [
      { header: '客户名称', kind: 'text' as const },
      { header: '金额（元）', kind: 'yuan' as const },
      { header: '时间', kind: 'time' as const },
      { header: 'ID', kind: 'integer' as const },
    ];
    expect(fittedWidths(columns, [])).toEqual([10, 12, 6, 6]);
    expect(
      fittedWidths(columns, [
        ['上海浦东新区张江高科技园区便利店', 1234567.5, new Date(), 7],
        ['第一行\n第二行很长很长', 0, null, null],
      ]),
    ).toEqual([34, 12, 21, 6]);
    expect(fittedWidths(columns, [['甲'.repeat(100), null, null, null]])[0]).toBe(60);
  });

  it('finds where exceljs piles up the rows it has not compressed yet, and waits for it to drain', async () => {
    const out = new PassThrough();
    out.resume();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet('订单列表');
    // Null would mean exceljs's fields changed: the export would no longer wait for zlib.
    const backlog = sheetBacklog(sheet);
    expect(backlog).not.toBeNull();
    const pending = () => backlog?._writableState?.length ?? 0;
    for (let row = 0; row < 20_000; row += 1) sheet.addRow([`PO-${row}`, '上海浦东张江便利店', 123.45, new Date()]).commit();
    // Written in one go, the rows wait uncompressed: megabytes, whatever the reader does.
    expect(pending()).toBeGreaterThan(1024 * 1024);
    await room(backlog);
    expect(pending()).toBe(0);
    sheet.commit();
    await workbook.commit();
  });

  it.each([
    ['csv', (batches: AsyncIterable<CsvCell[][]>) => csvStream(['订单号', '金额（元）'], batches)],
    ['xlsx', (batches: AsyncIterable<XlsxCell[][]>) => xlsxStream('订单列表', [{ header: '订单号', kind: 'text' }, { header: '金额（元）', kind: 'yuan' }], batches)],
  ] as const)('%s: stops reading rows once the download is abandoned', async (_format, open: (batches: AsyncIterable<(string | number)[][]>) => Readable) => {
    let read = 0;
    let closed = false;
    async function* endless() {
      try {
        for (;;) {
          read += 1;
          yield Array.from({ length: 1000 }, (_, index) => [`PO-${read}-${index}`, index + 0.5]);
        }
      } finally {
        closed = true;
      }
    }
    const stream = open(endless());
    // The client reads as fast as it can (the writer then mostly waits for zlib), and goes away
    // after a few pieces of the file.
    let pieces = 0;
    await new Promise<void>((resolve) => {
      stream.on('data', () => {
        pieces += 1;
        if (pieces === 20) {
          stream.destroy();
          resolve();
        }
      });
    });
    await expect.poll(() => closed, { timeout: 10_000 }).toBe(true);
    const batches = read;
    await new Promise((resolve) => setImmediate(resolve));
    expect(read).toBe(batches);
  });
});
