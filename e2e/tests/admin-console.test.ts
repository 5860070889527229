/**
 * The admin console (issue 26 §2) at 1280×800, in Chromium against the real server: sign-in with
 * the phone app's accounts, administrators only, 员工 paged and filtered on the server, 组织架构,
 * axe-clean; and what the administrator sees on the phone.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO_PASSWORD, ZHANG_WEI, ZHAO_MIN } from '../support/accounts';
import { useApp } from '../support/app';
import { axeViolations } from '../support/layout';
import { duplicateIds } from '../support/admin-console';

const harness = useApp();
const DESKTOP = { width: 1280, height: 800 };

async function openConsole(): Promise<Page> {
  const app = await harness.newApp({ viewport: DESKTOP, bypassCSP: true });
  await app.page.goto(`${harness.baseUrl}/admin/`);
  return app.page;
}

async function signIn(page: Page, phone: string): Promise<void> {
  await page.getByRole('textbox', { name: '手机号' }).fill(phone);
  await page.getByRole('textbox', { name: '密码', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /^登\s*录$/ }).click();
}

describe('admin console', () => {
  test('refuses a salesperson after sign-in, and lets them sign in as someone else', async () => {
    const page = await openConsole();
    await expect(page.title()).resolves.toBe('销售助手 · 管理后台');
    await signIn(page, ZHANG_WEI.phone);
    await page.getByText('仅系统管理员可以使用管理后台').waitFor();
    await page.getByText(`${ZHANG_WEI.name}（${ZHANG_WEI.phone}）不是系统管理员`).waitFor();
    await page.getByRole('button', { name: '换个账号登录' }).click();
    await page.getByRole('tab', { name: '密码登录' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
  });

  test('an administrator sees 员工 paged on the server, searches and filters it, and 组织架构; axe finds nothing', async () => {
    const page = await openConsole();
    expect(await axeViolations(page)).toEqual([]);
    await signIn(page, ZHAO_MIN.phone);
    const pageCalls: unknown[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/seller/admin/staff/list')) pageCalls.push(request.postDataJSON());
    });
    await page.getByText(/共 \d+ 人/).waitFor();
    const total = Number((await page.getByText(/共 \d+ 人/).textContent())?.match(/\d+/)?.[0]);
    expect(total).toBeGreaterThan(20);
    // 20 rows a page: the rest is on the server, not in the page.
    await expect.poll(() => page.locator('tbody tr.ant-table-row').count()).toBe(20);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('listitem').filter({ hasText: /^2$/ }).click();
    await expect.poll(() => pageCalls.some((body) => (body as { page?: number }).page === 2)).toBe(true);
    await expect.poll(() => page.locator('tbody tr.ant-table-row').count()).toBe(Math.min(20, total - 20));

    await page.getByRole('searchbox', { name: '搜索姓名或手机号' }).or(page.getByPlaceholder('搜索姓名或手机号')).fill('王强');
    await page.keyboard.press('Enter');
    await page.getByText('共 1 人').waitFor();
    const row = page.locator('tbody tr.ant-table-row');
    await expect.poll(() => row.count()).toBe(1);
    for (const tag of ['华东一部 · 主管', '华东二部 · 主管', '华南大区 · 业务员']) await row.getByText(tag).waitFor();
    // Each tag lies inside the 岗位 column, under its header (a squeezed column drew them over 权限).
    const header = await page.getByRole('columnheader', { name: '岗位' }).boundingBox();
    expect(header?.width).toBeGreaterThan(100);
    for (const tag of ['华东一部 · 主管', '华东二部 · 主管', '华南大区 · 业务员']) {
      const box = await row.getByText(tag).boundingBox();
      expect(box && header && box.x >= header.x && box.x + box.width <= header.x + header.width).toBe(true);
    }

    await page.getByPlaceholder('搜索姓名或手机号').fill('');
    await page.keyboard.press('Enter');
    await page.getByRole('combobox', { name: '角色' }).click();
    await page.locator('.ant-select-item-option[title="系统管理员"]').click();
    await page.getByText('共 1 人').waitFor();
    await row.getByText(ZHAO_MIN.name).waitFor();
    await row.getByText('无岗位').waitFor();

    await page.getByRole('menuitem', { name: '组织架构' }).click();
    await page.waitForURL(/#\/sites$/);
    // The name cell of a site with children also holds its expand button (issue 26 §3's tree).
    for (const site of ['华东一部', '华东二部', '华南大区', '广州一部']) await page.getByRole('cell', { name: new RegExp(`${site}$`) }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // 系统设置 reads how this server runs: the e2e server sends SMS to its log only.
    await page.getByRole('menuitem', { name: '系统设置' }).click();
    await page.waitForURL(/#\/settings$/);
    await page.getByText('控制台模式（不真正发出，验证码写入服务器日志）').waitFor();
    await page.getByText('内置 PGlite（DATA_DIR）').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // A reload keeps the session and the page.
    await page.getByRole('menuitem', { name: '组织架构' }).click();
    await page.reload();
    await page.getByRole('cell', { name: /华南大区$/ }).waitFor();
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.getByRole('tab', { name: '密码登录' }).waitFor();
    // Both ways of signing in drawn once each: their 手机号 boxes are two, each its label's own.
    await page.getByRole('tab', { name: '验证码登录' }).click();
    await page.getByRole('textbox', { name: '验证码' }).waitFor();
    await page.getByRole('tab', { name: '密码登录' }).click();
    expect(await duplicateIds(page)).toEqual([]);
  });

  test('on the phone, the administrator without positions is told what to use instead of pages that need a site', async () => {
    const app = await harness.newApp();
    await app.login.open();
    await app.login.loginAs(ZHAO_MIN);
    await app.waitForRoute('/pages/my/index');
    const notice = app.page.getByTestId('my-no-site');
    await notice.getByText('你还没有站点岗位').waitFor();
    await notice.getByText(/\/admin\/ 管理组织架构和员工/).waitFor();
    await app.page.getByText('设置', { exact: true }).waitFor();
    expect(await app.page.getByText('我的客户', { exact: true }).count()).toBe(0);
  });
  test('is usable at 1024×768: no page scrolls sideways, and the tree keeps room for its names', async () => {
    const app = await harness.newApp({ viewport: { width: 1024, height: 768 }, bypassCSP: true });
    const page = app.page;
    await page.goto(`${harness.baseUrl}/admin/#/staff`);
    await signIn(page, ZHAO_MIN.phone);
    await page.getByText(/共 \d+ 人/).waitFor();
    const ready: Record<string, () => Promise<void>> = {
      staff: () => page.getByRole('button', { name: '新员工' }).waitFor(),
      sites: () => page.getByRole('cell', { name: '华南大区' }).waitFor(),
      import: () => page.getByRole('button', { name: /选择文件并预览/ }).waitFor(),
      audit: () => page.getByPlaceholder('操作人姓名或手机号').waitFor(),
      settings: () => page.getByText('运行环境').waitFor(),
    };
    for (const [route, waitFor] of Object.entries(ready)) {
      await page.goto(`${harness.baseUrl}/admin/#/${route}`);
      await waitFor();
      // Wide tables scroll inside themselves; the page never does.
      expect(await page.evaluate(() => document.documentElement.scrollWidth), route).toBeLessThanOrEqual(1024);
    }
    await page.goto(`${harness.baseUrl}/admin/#/sites`);
    const name = page.getByRole('cell', { name: '广州一部' });
    await name.waitFor();
    // The child's name sits on one line, indented under its parent.
    const cell = await name.boundingBox();
    const text = await name.getByText('广州一部', { exact: true }).boundingBox();
    const parentText = await page.getByRole('cell', { name: '华南大区' }).getByText('华南大区', { exact: true }).boundingBox();
    expect(cell && cell.width).toBeGreaterThanOrEqual(180);
    expect(text && text.height).toBeLessThan(30);
    expect(text && parentText && text.x - parentText.x).toBeGreaterThan(0);
  });
  test('none of the console reaches the phone app: its texts, its schemas and the TypeBox engine are absent from every file apps/web builds', () => {
    const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist/assets');
    const scripts = readdirSync(dist).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(10);
    // An admin label, an admin route, and a word only TypeBox's engine carries (the schemas are dead
    // code in the app: vite.config.ts's treeshake options).
    for (const marker of ['批量导入员工', '/seller/admin/staff/import/apply', 'maxParseErrors']) {
      expect(scripts.filter((name) => readFileSync(path.join(dist, name), 'utf8').includes(marker)), marker).toEqual([]);
    }
  });
});
