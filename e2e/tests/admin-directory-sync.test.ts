/**
 * 系统设置 → 通讯录同步 (issue 28 §2) at 1280×800 against the 企业微信 stand-in: the directory's
 * departments are read, two are ticked as new sites, the settings saved, the preview lists the
 * sites and people it would create, 执行同步 writes them, and the people are in 员工 at their new
 * sites; a 离职交接人 picked for a site shows in the preview of a leaver. The directory holds departments and people of this test only (no other test's data moves),
 * and the stand-in saw no wrong request; axe finds nothing, at 1280×800 and at 1024×768.
 */
import { describe, expect, test } from 'vitest';
import { openConsoleAsAdministrator } from '../support/admin-console';
import { lane } from '../support/api';
import { useApp } from '../support/app';
import { axeViolations } from '../support/layout';

const harness = useApp();

const DIRECTORY = {
  departments: [
    { id: 1, name: '端到端公司', parentId: null },
    { id: 9100, name: '端到端销售部', parentId: 1 },
    { id: 9101, name: '端到端一组', parentId: 9100 },
    { id: 9102, name: '端到端二组', parentId: 9100 },
  ],
  people: [
    { userId: 'e2e-dir-1', name: '通讯录甲', mobile: '16600009001', departments: [9101], leaderIn: [9101], status: 'active' },
    { userId: 'e2e-dir-2', name: '通讯录乙', mobile: '16600009002', departments: [9101], leaderIn: [], status: 'active' },
    { userId: 'e2e-dir-3', name: '通讯录丙', mobile: '16600009003', departments: [9102, 9101], leaderIn: [9102], status: 'active' },
    // Not activated in WeCom: not created.
    { userId: 'e2e-dir-4', name: '通讯录丁', mobile: '16600009004', departments: [9102], leaderIn: [], status: 'inactive' },
  ],
};

describe('通讯录同步 in the console', () => {
  test('maps departments, previews, applies, and the people are in 员工', async () => {
    const standIn = lane().wecomStandIn;
    const set = await fetch(`${standIn}/__stand-in/directory`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DIRECTORY) });
    expect(set.status).toBe(200);

    const page = await openConsoleAsAdministrator(harness, '#/settings', (console) => console.getByTestId('directory-sync').getByRole('button', { name: '读取通讯录部门' }));
    const card = page.getByTestId('directory-sync');
    await card.getByRole('radio', { name: '企业微信' }).check();
    await card.getByRole('button', { name: '读取通讯录部门' }).click();
    await card.getByRole('checkbox', { name: '端到端一组' }).check();
    await card.getByRole('checkbox', { name: '端到端二组' }).check();
    await card.getByRole('button', { name: '保存设置' }).click();
    await card.getByText('已保存').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await card.getByRole('button', { name: '预览同步' }).click();
    const plan = card.getByTestId('directory-plan');
    await plan.getByText('预览：站点变更 2，人员变更 3，冲突 0', { exact: false }).waitFor();
    await plan.getByRole('cell', { name: '新建站点「端到端一组」，上级 顶层' }).waitFor();
    await plan.getByRole('cell', { name: '通讯录丙' }).waitFor();
    expect(await plan.getByRole('cell', { name: '通讯录丁' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    await plan.getByRole('button', { name: '执行同步' }).click();
    await card.getByText('同步完成：站点变更 2，新建 3', { exact: false }).waitFor();

    await page.goto(`${harness.baseUrl}/admin/#/staff`);
    const search = page.getByRole('searchbox', { name: '搜索姓名或手机号' });
    await search.fill('通讯录丙');
    await search.press('Enter');
    const row = page.locator('tbody tr.ant-table-row').filter({ hasText: '通讯录丙' });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('端到端二组');
    expect(await row.textContent()).toContain('端到端一组');

    // Usable at 1024×768 too: the department tree and a preview fit without the page scrolling sideways.
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(`${harness.baseUrl}/admin/#/settings`);
    const again = page.getByTestId('directory-sync');
    await again.getByRole('button', { name: '读取通讯录部门' }).click();
    await again.getByRole('checkbox', { name: '端到端一组' }).waitFor();
    await again.getByRole('button', { name: '预览同步' }).click();
    await again.getByTestId('directory-plan').getByText('无人员变更').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    expect(await axeViolations(page)).toEqual([]);

    // 离职交接人: 通讯录乙 is to take 端到端一组's customers; with 通讯录甲 disabled the preview says so (not applied).
    await again.getByRole('combobox', { name: '端到端一组的离职交接人' }).click();
    await page.locator('.ant-select-item-option[title="通讯录乙"]').click();
    await again.getByRole('button', { name: '保存设置' }).click();
    await again.getByText('已保存').waitFor();
    const leaving = { ...DIRECTORY, people: DIRECTORY.people.map((person) => (person.userId === 'e2e-dir-1' ? { ...person, status: 'disabled' } : person)) };
    const changed = await fetch(`${standIn}/__stand-in/directory`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(leaving) });
    expect(changed.status).toBe(200);
    await again.getByRole('button', { name: '预览同步' }).click();
    await again.getByTestId('directory-plan').getByText('端到端一组 → 通讯录乙', { exact: false }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    expect(await axeViolations(page)).toEqual([]);

    const problems = (await (await fetch(`${standIn}/__stand-in/problems`)).json()) as string[];
    expect(problems.filter((problem) => problem.includes('department') || problem.includes('user/list'))).toEqual([]);
  });
});
