/**
 * 导入 and 操作日志 (issue 26 §2 and §4) in Chromium at 1280×800 against the real server: the
 * administrator downloads the template, uploads a file with a bad row and sees its problem, fixes
 * it, imports, finds the new people in 员工, and reads the entries in 操作日志 with before → after.
 * Axe-clean throughout.
 */
import { APP_VERSION, PLATFORM } from '@sales/contract';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ZHAO_MIN } from '../support/accounts';
import { useApp } from '../support/app';
import { downloadedBytes } from '../support/chromium';
import { axeViolations } from '../support/layout';
import { openConsoleAsAdministrator } from '../support/admin-console';

const harness = useApp();
const PEOPLE = [
  { name: '导入周二', phone: '13966661001', site: '华东一部', role: '业务员' },
  { name: '导入周三', phone: '13966661002', site: '华东二部', role: '主管' },
];
const SITE = { before: '导入日志部', after: '导入日志二部' };

const openConsole = (): Promise<Page> => openConsoleAsAdministrator(harness);

/** A console call with the signed-in administrator's token, from the page. */
async function adminCall<T>(page: Page, path: string, body: unknown): Promise<T> {
  return page.evaluate(
    async ({ path, body, platform, version }) => {
      const response = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', platform, Version: version, Authorization: localStorage.getItem('adminToken') ?? '' },
        body: JSON.stringify(body),
      });
      return ((await response.json()) as { data: T }).data;
    },
    { path, body, platform: PLATFORM, version: APP_VERSION },
  );
}

describe('导入 and 操作日志', () => {
  test('the administrator imports staff from the template after fixing a bad row, and reads the audit log with before → after', async () => {
    const page = await openConsole();
    await page.getByRole('menuitem', { name: '导入' }).click();
    await page.waitForURL(/#\/import$/);
    await page.getByRole('button', { name: '下载模板（.csv）' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // The template, as the browser saves it.
    const [saved] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '下载模板（.csv）' }).click()]);
    expect(saved.suggestedFilename()).toBe('员工导入模板.csv');
    const template = (await downloadedBytes(saved)).toString('utf8');
    expect(template).toBe('\uFEFF姓名,手机号,站点,角色,抽单权限,企业微信账号,钉钉账号\r\n');
    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '下载模板（.xlsx）' }).click()]);
    expect(xlsx.suggestedFilename()).toBe('员工导入模板.xlsx');

    const fileWith = (roleOfSecond: string) =>
      Buffer.from(`${template}${PEOPLE.map((person, index) => [person.name, person.phone, person.site, index === 1 ? roleOfSecond : person.role, '', ''].join(',')).join('\r\n')}\r\n`, 'utf8');
    const input = page.locator('input[type="file"]');

    // A bad row: its problem shows, and nothing can be imported.
    await input.setInputFiles({ name: '员工.csv', mimeType: 'text/csv', buffer: fileWith('经理') });
    await page.getByText('其中 1 行有问题').waitFor();
    await page.locator('tr.import-row-problem').getByText('角色“经理”须为 主管 或 业务员').waitFor();
    await expect.poll(() => page.locator('.ant-btn-loading').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^导\s*入$/ }).isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // Fixed: no problem, imported at once, the one-time passwords shown this once.
    await input.setInputFiles({ name: '员工.csv', mimeType: 'text/csv', buffer: fileWith('主管') });
    await page.getByText('没有问题，可以导入').waitFor();
    expect(await page.locator('tr.import-row-problem').count()).toBe(0);
    const applied = page.waitForResponse((response) => response.url().endsWith('/seller/admin/staff/import/apply'));
    await page.getByRole('button', { name: /^导\s*入$/ }).click();
    expect((await applied).status()).toBe(200);
    await page.getByText('已导入 2 人').waitFor();
    await page.getByText('当前短信为控制台模式').waitFor();
    for (const person of PEOPLE) await page.getByRole('cell', { name: person.name }).waitFor();
    expect(await page.locator('.import-result code').count()).toBe(2);
    expect(await axeViolations(page)).toEqual([]);

    // The new people in 员工.
    await page.getByRole('menuitem', { name: '员工' }).click();
    await page.getByPlaceholder('搜索姓名或手机号').fill('导入周');
    await page.keyboard.press('Enter');
    await page.getByText('共 2 人').waitFor();
    await page.locator('tbody tr.ant-table-row').filter({ hasText: PEOPLE[0]?.name ?? '' }).getByText('华东一部 · 业务员').waitFor();
    await page.locator('tbody tr.ant-table-row').filter({ hasText: PEOPLE[1]?.name ?? '' }).getByText('华东二部 · 主管').waitFor();

    // A rename, to read its before → after.
    const site = await adminCall<{ id: number }>(page, '/seller/admin/site/create', { name: SITE.before, region: '华东' });
    await adminCall(page, '/seller/admin/site/update', { id: site.id, name: SITE.after });

    await page.getByRole('menuitem', { name: '操作日志' }).click();
    await page.waitForURL(/#\/audit$/);
    const rows = page.locator('tbody tr.ant-table-row');
    const renamed = rows.filter({ hasText: '重命名站点' }).first();
    await renamed.waitFor();
    await renamed.getByText(ZHAO_MIN.name).waitFor();
    await renamed.locator('del', { hasText: SITE.before }).waitFor();
    await renamed.locator('ins', { hasText: SITE.after }).waitFor();
    const imported = rows.filter({ hasText: '批量导入员工' }).first();
    await imported.getByText('导入周二 139****1001 华东一部 业务员、导入周三 139****1002 华东二部 主管').waitFor();
    await imported.getByText('2 人').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // Filtered by action on the server.
    const listed = page.waitForResponse((response) => response.url().endsWith('/seller/admin/audit/list') && (response.request().postDataJSON() as { action?: string }).action === 'staff.import');
    // The list of actions is long (and virtual): typed to narrow it, as an administrator would.
    await page.getByRole('combobox', { name: '操作类型' }).fill('批量导入');
    await page.locator('.ant-select-item-option[title="批量导入员工"]').click();
    expect((await listed).status()).toBe(200);
    await expect.poll(() => rows.count()).toBe(1);
    await rows.first().getByText('批量导入员工').waitFor();
  });
});
