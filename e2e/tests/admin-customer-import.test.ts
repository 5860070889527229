/**
 * 导入 › 客户 (issue 27 §1) in Chromium at 1280×800 and 1024×768 against the real server: the
 * administrator downloads the template, previews a file with errors and sees each row's problem and
 * the duplicate within the file, imports the good rows, downloads the error file with its 错误
 * column, and on a second try of the same file sees its rows as duplicates of the customers just
 * imported. Axe-clean throughout.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { openConsoleAsAdministrator } from '../support/admin-console';
import { useApp } from '../support/app';
import { downloadedBytes } from '../support/chromium';
import { axeViolations } from '../support/layout';

const harness = useApp();

/** Axe once the page has settled (axeViolations waits for every finite animation to end). */
const settledAxe = (page: Page): Promise<string[]> => axeViolations(page);
const ZHANG_WEI = '13800000001';

describe('导入 › 客户', () => {
  test('the administrator previews a file with errors, imports the good rows, and downloads the rest with their 错误', async () => {
    const page = await openConsoleAsAdministrator(harness);
    await page.getByRole('menuitem', { name: '导入' }).click();
    await page.waitForURL(/#\/import$/);
    await page.getByRole('tab', { name: '客户' }).click();
    await page.getByRole('button', { name: '导入没有问题的行' }).waitFor();
    expect(await settledAxe(page)).toEqual([]);

    const [saved] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '下载模板（.csv）' }).click()]);
    expect(saved.suggestedFilename()).toBe('客户导入模板.csv');
    const template = (await downloadedBytes(saved)).toString('utf8');
    expect(template).toBe('\uFEFF客户名称,联系人,电话,地址,等级,来源,站点,负责人手机号\r\n');
    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '下载模板（.xlsx）' }).click()]);
    expect(xlsx.suggestedFilename()).toBe('客户导入模板.xlsx');
    // The pointer leaves the toolbar (a hovered button's lighter text is not what axe should judge).
    await page.mouse.move(0, 790);

    const lines = [
      ['浏览器甲店', '钱一', '13977771001', '中山路 1 号', 'A', '地推', '华东一部', ZHANG_WEI],
      ['浏览器乙店', '', '13977771002', '', '', '', '101', ''],
      ['浏览器丙店', '', '12345', '', '', '', '101', ''],
      ['浏览器丁店', '', '13977771004', '', '', '', '火星一部', ''],
      ['浏览器　乙店', '', '13977771005', '', '', '', '101', ''],
    ];
    const file = Buffer.from(`${template}${lines.map((cells) => cells.join(',')).join('\r\n')}\r\n`, 'utf8');
    const input = page.locator('input[type="file"]');
    await input.setInputFiles({ name: '客户.csv', mimeType: 'text/csv', buffer: file });
    await page.getByText('客户.csv：共 5 行，可导入 2 行，3 行有问题或重复，不会导入').waitFor();
    // The rows with problems are shown first, each with what is wrong.
    const problemRows = page.locator('tr.import-row-problem');
    await expect.poll(() => problemRows.count()).toBe(3);
    await problemRows.getByText('电话 12345 不正确（须为 11 位手机号或座机，如 020-12345678）').waitFor();
    await problemRows.getByText('站点“火星一部”不存在或已归档').waitFor();
    await problemRows.getByText('与第 3 行重复（名称相同）').waitFor();
    await expect.poll(() => page.locator('.ant-btn-loading').count()).toBe(0);
    expect(await settledAxe(page)).toEqual([]);

    // Every row, the good ones marked 可导入.
    await page.getByText('全部 5').click();
    await expect.poll(() => page.locator('tbody tr.ant-table-row').count()).toBe(5);
    await expect.poll(() => page.getByText('可导入', { exact: true }).count()).toBe(2);

    // At 1024×768 the page still fits: the table scrolls inside itself, the toolbar stays reachable.
    await page.setViewportSize({ width: 1024, height: 768 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    const applyButton = page.getByRole('button', { name: '导入没有问题的行' });
    const box = await applyButton.boundingBox();
    expect((box?.x ?? 2000) + (box?.width ?? 0)).toBeLessThanOrEqual(1024);
    expect(await settledAxe(page)).toEqual([]);

    const applied = page.waitForResponse((response) => response.url().endsWith('/seller/admin/customer/import/apply'));
    await applyButton.click();
    expect((await applied).status()).toBe(200);
    await page.getByText('已导入 2 个客户（有负责人 1，进入公海 1），3 行未导入').waitFor();
    const [errorFile] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '下载未导入的行（客户-未导入.csv）' }).click()]);
    expect(errorFile.suggestedFilename()).toBe('客户-未导入.csv');
    const errors = (await downloadedBytes(errorFile)).toString('utf8').split('\r\n');
    await page.mouse.move(0, 760);
    expect(errors[0]).toBe('\uFEFF客户名称,联系人,电话,地址,等级,来源,站点,负责人手机号,错误');
    expect(errors.slice(1, 4)).toEqual([
      '浏览器丙店,,12345,,,,101,,电话 12345 不正确（须为 11 位手机号或座机，如 020-12345678）',
      '浏览器丁店,,13977771004,,,,火星一部,,站点“火星一部”不存在或已归档',
      '浏览器　乙店,,13977771005,,,,101,,与第 3 行重复（名称相同）',
    ]);
    expect(await settledAxe(page)).toEqual([]);

    // The same file again: the customers just imported are now in the database.
    await page.setViewportSize({ width: 1280, height: 800 });
    await input.setInputFiles({ name: '客户.csv', mimeType: 'text/csv', buffer: file });
    await page.getByText('客户.csv：共 5 行，可导入 0 行，5 行有问题或重复，不会导入').waitFor();
    await problemRows.getByText(/^与已有客户“浏览器甲店”（编号 \d+，负责人 张伟）重复（电话和名称都相同）$/).waitFor();
    await problemRows.getByText(/^与已有客户“浏览器乙店”（编号 \d+，在公海）重复（电话和名称都相同）$/).waitFor();
    expect(await applyButton.isDisabled()).toBe(true);
  });

  test('a file of 50,000 customers previews a page of 50 rows at a time', async () => {
    const page = await openConsoleAsAdministrator(harness, '#/import', (opened) => opened.getByRole('tab', { name: '客户' }));
    await page.getByRole('tab', { name: '客户' }).click();
    const header = '客户名称,联系人,电话,地址,等级,来源,站点,负责人手机号';
    const lines = Array.from({ length: 50_000 }, (_, index) => `大文件客户${index},,135${String(index).padStart(8, '0')},,B,,101,`);
    const file = Buffer.from(`\uFEFF${header}\r\n${lines.join('\r\n')}\r\n`, 'utf8');
    await page.locator('input[type="file"]').setInputFiles({ name: '大文件.csv', mimeType: 'text/csv', buffer: file });
    await page.getByText('大文件.csv：共 50000 行，没有问题，可以全部导入').waitFor({ timeout: 120_000 });
    await page.getByText('共 50000 行', { exact: true }).waitFor();
    expect(await page.locator('tbody tr.ant-table-row').count()).toBe(50);
    await page.getByTitle('下一页').click();
    await page.getByRole('cell', { name: '大文件客户50', exact: true }).waitFor();
    expect(await page.locator('tbody tr.ant-table-row').count()).toBe(50);
  }, 180_000);
});
