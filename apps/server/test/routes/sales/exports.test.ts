/**
 * The Excel form of the exports (format=xlsx): each workbook is read back with exceljs, as Excel
 * and WPS would open it. The CSV form is tested in orders.test.ts.
 */
import { type IngestResult, chinaDayKey, formatChinaDateTime } from '@sales/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectFailure, rows, useTestServer } from '../../helper.js';
import { firstCustomer, loginAll, scalar, STAFF_API, type Role, type Session } from './support.js';

const API_KEY = 'exports-test-key';
const server = useTestServer({ integrationApiKey: API_KEY });
let as: Record<Role, Session>;

beforeAll(async () => {
  as = await loginAll(server.app);
});

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const download = (path: string, query: string, session: Session = as.liNa) =>
  server.app.inject({ method: 'GET', url: `${STAFF_API}/${path}?siteId=101${query}`, headers: { authorization: session.token } });

async function workbookOf(payload: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ExcelJS.Buffer);
  expect(workbook.worksheets).toHaveLength(1);
  return workbook.worksheets[0] as ExcelJS.Worksheet;
}

const valuesOf = (row: ExcelJS.Row) => (row.values as ExcelJS.CellValue[]).slice(1);

/** A time as the sheet holds it: the China wall clock, to the second, in the Date's UTC fields. */
const shownTime = (cell: ExcelJS.Cell) => {
  expect(cell.type).toBe(ExcelJS.ValueType.Date);
  expect(cell.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
  return (cell.value as Date).toISOString().slice(0, 19).replace('T', ' ');
};

describe('Excel exports', () => {
  it('exports customers as a workbook: Chinese file name, frozen header, numbers as numbers, times as China-time dates', async () => {
    const customer = await firstCustomer(server.db, sql`site_id = 101 and level = 'A' and order_count > 0`);
    await server.db.execute(sql`update customers set remark = ${'周末不收货, 请"工作日"送达\n谢谢'}, contact_name = ${'=HYPERLINK("x")'}, address = ${'+86 @home -1'} where id = ${customer.id}`);
    const response = await download('customer/export', '&level=A&format=xlsx');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_TYPE);
    const day = chinaDayKey(new Date());
    expect(response.headers['content-disposition']).toBe(`attachment; filename="customers-101-${day}.xlsx"; filename*=UTF-8''${encodeURIComponent(`客户列表-华东一部-${day}.xlsx`)}`);
    // A zip, as every .xlsx is.
    expect(response.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');

    const sheet = await workbookOf(response.rawPayload);
    expect(sheet.name).toBe('客户列表');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(valuesOf(sheet.getRow(1))).toEqual(['客户ID', '客户名称', '联系人', '电话', '地址', '等级', '来源', '负责人', '成交订单数', '成交金额（元）', '最近下单时间', '创建时间', '备注']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    const levelA = await scalar(server.db, sql`select count(*) as value from customers where site_id = 101 and level = 'A'`);
    expect(sheet.actualRowCount).toBe(levelA + 1);
    expect(response.headers['x-export-rows']).toBe(String(levelA));
    expect(response.headers['x-export-truncated']).toBe('false');

    let found: ExcelJS.Row | undefined;
    sheet.eachRow((row, number) => {
      if (number > 1 && row.getCell(1).value === customer.id) found = row;
    });
    const row = found as ExcelJS.Row;
    expect(row).toBeDefined();
    const [stored] = await rows<{ name: string; fen: string; count: number; lastOrderAt: Date; createdAt: Date }>(
      server.db,
      sql`select name, total_amount_fen::text as fen, order_count as count, last_order_at as "lastOrderAt", created_at as "createdAt" from customers where id = ${customer.id}`,
    );
    if (!stored) throw new Error('customer gone');
    // Chinese intact, numbers as numbers with their formats.
    expect(row.getCell(2).value).toBe(stored.name);
    expect(row.getCell(6).value).toBe('A类');
    expect(row.getCell(9).type).toBe(ExcelJS.ValueType.Number);
    expect(row.getCell(9).value).toBe(stored.count);
    expect(row.getCell(10).type).toBe(ExcelJS.ValueType.Number);
    expect(row.getCell(10).value).toBe(Number(stored.fen) / 100);
    expect(row.getCell(10).numFmt).toBe('0.00');
    expect(shownTime(row.getCell(11))).toBe(formatChinaDateTime(new Date(stored.lastOrderAt)));
    expect(shownTime(row.getCell(12))).toBe(formatChinaDateTime(new Date(stored.createdAt)));
    expect(row.getCell(13).value).toBe('周末不收货, 请"工作日"送达\n谢谢');
    // Text a spreadsheet would run stays a string cell, exactly as typed, never a formula.
    for (const [column, text] of [
      [3, '=HYPERLINK("x")'],
      [5, '+86 @home -1'],
    ] as const) {
      expect(row.getCell(column).type).toBe(ExcelJS.ValueType.String);
      expect(row.getCell(column).value).toBe(text);
      expect(row.getCell(column).formula).toBeUndefined();
      // In the Text format, so retyping the cell keeps it text.
      expect(row.getCell(column).numFmt).toBe('@');
    }
    // Widths from the header and the rows: wide enough for a time and for the widest header.
    expect(sheet.getColumn(11).width).toBeGreaterThanOrEqual(19);
    expect(sheet.getColumn(10).width).toBeGreaterThanOrEqual('成交金额（元）'.length * 2);
  });

  it('exports the orders of the list filters with amounts in yuan, items and every time', async () => {
    const customer = await firstCustomer(server.db, sql`site_id = 101`);
    const pushed = await call<IngestResult>(server.app, 'POST', '/seller/integration/orders', {
      headers: { 'x-api-key': API_KEY },
      body: {
        orders: [
          {
            orderNo: 'XLSX-0001',
            siteId: 101,
            customerId: customer.id,
            status: 'refunded',
            createdAt: '2025-04-01T10:00:00+08:00',
            paidAt: '2025-04-01T10:05:00+08:00',
            refundedAt: '2025-04-03T09:00:00+08:00',
            remark: '@退货：包装破损',
            items: [
              { name: '五常大米 10kg', quantity: 2, unitPrice: 89.9 },
              { name: '海天金标生抽 1.9L', quantity: 1, unitPrice: 25.9 },
            ],
          },
        ],
      },
    });
    expect(pushed.body.data?.created).toBe(1);
    const response = await download('order/export', '&status=closed&format=xlsx');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_TYPE);
    expect(String(response.headers['content-disposition'])).toContain(`filename*=UTF-8''${encodeURIComponent('订单列表-华东一部-')}`);
    const sheet = await workbookOf(response.rawPayload);
    expect(sheet.name).toBe('订单列表');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(valuesOf(sheet.getRow(1))).toEqual(['订单号', '状态', '客户', '业务员', '金额（元）', '商品明细', '下单时间', '付款时间', '发货时间', '完成时间', '取消时间', '退款时间', '备注']);
    const closed = await scalar(server.db, sql`select count(*) as value from orders where site_id = 101 and status in ('cancelled', 'refunded')`);
    expect(sheet.actualRowCount).toBe(closed + 1);

    let found: ExcelJS.Row | undefined;
    sheet.eachRow((row) => {
      if (row.getCell(1).value === 'XLSX-0001') found = row;
    });
    const row = found as ExcelJS.Row;
    expect(row).toBeDefined();
    expect(row.getCell(2).value).toBe('已退款');
    expect(row.getCell(3).value).toBe(customer.name);
    expect(row.getCell(5).type).toBe(ExcelJS.ValueType.Number);
    expect(row.getCell(5).value).toBe(205.7);
    expect(row.getCell(5).numFmt).toBe('0.00');
    expect(row.getCell(6).value).toBe('五常大米 10kg ×2；海天金标生抽 1.9L ×1');
    expect(shownTime(row.getCell(7))).toBe('2025-04-01 10:00:00');
    expect(shownTime(row.getCell(8))).toBe('2025-04-01 10:05:00');
    expect([9, 10, 11].map((column) => row.getCell(column).value)).toEqual([null, null, null]);
    expect(shownTime(row.getCell(12))).toBe('2025-04-03 09:00:00');
    expect(row.getCell(13).type).toBe(ExcelJS.ValueType.String);
    expect(row.getCell(13).value).toBe('@退货：包装破损');
  });

  it('answers an unknown format with a Chinese 400, and keeps CSV the default', async () => {
    for (const path of ['customer/export', 'order/export']) {
      expectFailure(await call(server.app, 'GET', `${STAFF_API}/${path}?siteId=101&format=pdf`, { token: as.liNa.token }), 400, '导出类型格式不正确');
      const csv = await download(path, '&format=csv');
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(String(csv.headers['content-disposition'])).toMatch(/\.csv$/);
    }
  });

  it('is for leaders only, in Excel as in CSV', async () => {
    expectFailure(await call(server.app, 'GET', `${STAFF_API}/customer/export?siteId=101&format=xlsx`, { token: as.zhangWei.token }), 403, '只有站点负责人可以导出');
  });
});
