import type { Page, Response } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { LI_NA, ZHANG_WEI } from '../support/accounts';
import { apiLogin } from '../support/api';
import { useApp } from '../support/app';
import { downloadedBytes } from '../support/chromium';
import { orderList } from '../support/sales-api';

const harness = useApp();

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Today in China, as the app names its files (2025-10-31). */
const chinaDay = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());

/** Waits for the answer of GET …/order/export (start waiting before the tap that sends it). */
const orderExport = (page: Page): Promise<Response> => page.waitForResponse((response) => new URL(response.url()).pathname === '/seller/fenghe/staff/order/export');

/** Taps 导出 and one of the sheet's choices; returns the export's answer and the saved file. */
async function exportAs(page: Page, choice: '导出CSV' | '导出Excel') {
  await page.getByTestId('order-export').tap();
  const sheet = page.locator('.adm-action-sheet');
  await sheet.getByRole('option', { name: /导出CSV/ }).waitFor();
  const answered = orderExport(page);
  const downloaded = page.waitForEvent('download');
  await sheet.getByRole('option', { name: new RegExp(choice) }).tap();
  const [response, download] = await Promise.all([answered, downloaded]);
  // The sheet slides away after a choice: the next 导出 waits until it has gone, or its tap (and
  // the next sheet's option) could land on the one still leaving.
  await sheet.waitFor({ state: 'hidden' });
  return { response, download, bytes: await downloadedBytes(download) };
}

describe('导出 on 订单管理', () => {
  test('李娜 exports the filtered orders as Excel or CSV, named after the site and the day', async () => {
    const leader = await apiLogin(LI_NA);
    const zhang = await apiLogin(ZHANG_WEI);
    const app = await harness.newApp();
    await app.signIn(LI_NA);

    await app.openOrderManagement();
    await app.orders.chooseStaff('张伟', zhang.userId);
    const { summary } = await orderList(leader, { staffId: zhang.userId, pageSize: 1 });
    expect(summary.count).toBeGreaterThan(0);

    // Excel: the list's filter goes with the call, the workbook arrives whole.
    const excel = await exportAs(app.page, '导出Excel');
    const asked = new URL(excel.response.url()).searchParams;
    expect(asked.get('format')).toBe('xlsx');
    expect(asked.get('staffId')).toBe(String(zhang.userId));
    expect(excel.response.status()).toBe(200);
    expect(excel.response.headers()['content-type']).toBe(XLSX_TYPE);
    expect(excel.response.headers()['x-export-rows']).toBe(String(summary.count));
    expect(excel.download.suggestedFilename()).toBe(`订单_华东一部_${chinaDay()}.xlsx`);
    // A zip, as every .xlsx is, holding the sheet (the zip's headers name its files in plain text).
    expect(excel.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(excel.bytes.includes('xl/worksheets/sheet1.xml')).toBe(true);

    // CSV: the same rows as text with a BOM, one line per order after the header.
    const csv = await exportAs(app.page, '导出CSV');
    expect(new URL(csv.response.url()).searchParams.get('format')).toBe('csv');
    expect(csv.response.headers()['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.download.suggestedFilename()).toBe(`订单_华东一部_${chinaDay()}.csv`);
    const text = csv.bytes.toString('utf8');
    expect(text.startsWith('\uFEFF订单号,状态,客户,业务员,金额（元）')).toBe(true);
    expect(csv.response.headers()['x-export-rows']).toBe(String(summary.count));
  });
});
