/**
 * 离职 (issue 26 §4) in Chromium against the real server: a salesperson of 华东一部 who sold last
 * month has the phone app open (390×844); the administrator deactivates them in the console
 * (1280×800) and hands their customers to a colleague. The phone's next call lands on the login
 * page, signing in says 账号已停用, the colleague now owns the customers, and last month's figures,
 * ranking and team report read exactly as before.
 */
import type { AdminStaffRow } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiLogin, endpointData, type Session } from '../support/api';
import { DEMO_PASSWORD, LI_NA, ZHAO_MIN, type DemoAccount } from '../support/accounts';
import { useApp } from '../support/app';
import { PHONE_VIEWPORT } from '../support/chromium';
import { axeViolations } from '../support/layout';
import { openConsoleAsAdministrator } from '../support/admin-console';

const harness = useApp();

const openConsole = (): Promise<Page> => openConsoleAsAdministrator(harness);

/** Last month at 华东一部 as its leader reads it: figures, every ranking, and its first half-month's team report. */
async function lastMonthAnswers(leader: Session) {
  const site = await endpointData(leader, ROUTES.performanceSite, { siteId: 101, period: 'lastMonth' });
  const rankings = await Promise.all(
    (['orderAmount', 'orderCount', 'newCustomers', 'followUps'] as const).map((metric) => endpointData(leader, ROUTES.performanceRanking, { siteId: 101, period: 'lastMonth', metric })),
  );
  const lastMonth = site.ranges.range.startDate.slice(0, 7);
  const attendance = await endpointData(leader, ROUTES.attendanceMonth, { siteId: 101, month: lastMonth });
  const team = await endpointData(leader, ROUTES.halfMonthReport.team, { siteId: 101, periodStart: site.ranges.range.startDate });
  return JSON.stringify({ site, rankings, attendance, team });
}

describe('离职 in the console', () => {
  test('ends the open phone session at once, refuses sign-in with 账号已停用, moves the customers to the chosen colleague, and leaves last month as it was', async () => {
    const leader = await apiLogin(LI_NA);
    const ranking = await endpointData(leader, ROUTES.performanceRanking, { siteId: 101, period: 'lastMonth', metric: 'orderAmount' });
    const admin = await apiLogin(ZHAO_MIN);
    // A salesperson who sold last month and is still active (another run may have let one go).
    let row: AdminStaffRow | undefined;
    for (const entry of ranking.list.filter((candidate) => candidate.value > 0 && !candidate.member.isLeader && candidate.member.username !== '张伟')) {
      row = (await endpointData(admin, ROUTES.adminStaffList, { keyword: entry.member.username, siteId: 101 })).list.find((person) => person.id === entry.member.id);
      if (row) break;
    }
    expect(row, 'an active salesperson of 华东一部 who sold last month').toBeDefined();
    const name = row?.username ?? '';
    const person: DemoAccount = { phone: row?.phone ?? '', name, sites: ['华东一部'], seesHome: false };
    const before = await endpointData(admin, ROUTES.adminStaffHandover, { staffId: row?.id ?? 0 });
    const owned = before.sites.find((site) => site.siteId === 101)?.customerCount ?? 0;
    const colleagueBefore = (await endpointData(admin, ROUTES.adminStaffHandover, { staffId: leader.userId })).sites.find((site) => site.siteId === 101)?.customerCount ?? 0;
    const pastBefore = await lastMonthAnswers(leader);

    // The salesperson has the phone app open.
    const phone = await harness.newApp({ viewport: PHONE_VIEWPORT });
    await phone.signIn(person);

    const page = await openConsole();
    await page.getByPlaceholder('搜索姓名或手机号').fill(name);
    await page.keyboard.press('Enter');
    await page.getByText('共 1 人').waitFor();
    await page.getByRole('button', { name: `离职 ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `${name} 离职` });
    await dialog.getByText(owned > 0 ? `名下共 ${owned} 位客户将按站点移交：` : '名下没有客户，无需交接。').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    if (owned > 0) {
      // Nothing is sent until every site has a choice.
      await dialog.getByRole('button', { name: '确认离职' }).click();
      await dialog.getByText('请选择接手的同事或退回站点').waitFor();
      await dialog.getByRole('combobox', { name: '华东一部 的客户交给' }).click();
      await page.locator(`.ant-select-item-option[title="${LI_NA.name}"]`).click();
    }
    await dialog.getByRole('button', { name: '确认离职' }).click();
    await page.getByText(`${name} 已离职，账号已停用`).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.locator('.ant-table-placeholder .ant-empty-description').waitFor();

    // 员工 shows them under 已停用, with 启用.
    await page.getByRole('combobox', { name: '状态' }).click();
    await page.locator('.ant-select-item-option[title="已停用"]').click();
    await page.getByRole('button', { name: `启用 ${name}` }).waitFor();
    // The filter's option list has finished closing.
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').waitFor({ state: 'detached' });
    expect(await axeViolations(page)).toEqual([]);

    // The phone's next call: the login page; signing in again says 账号已停用.
    await phone.open('pages/order/index');
    await phone.waitForRoute('/pages/login/index');
    await phone.login.loginWithPassword(person.phone, DEMO_PASSWORD);
    await phone.waitForToast('账号已停用，请联系管理员');
    expect(phone.route().path).toBe('/pages/login/index');

    // The customers went to the chosen colleague; last month reads the same.
    const colleagueAfter = (await endpointData(admin, ROUTES.adminStaffHandover, { staffId: leader.userId })).sites.find((site) => site.siteId === 101)?.customerCount ?? 0;
    expect(colleagueAfter).toBe(colleagueBefore + owned);
    expect((await endpointData(admin, ROUTES.adminStaffHandover, { staffId: row?.id ?? 0 })).sites.every((site) => site.customerCount === 0)).toBe(true);
    expect(await lastMonthAnswers(leader)).toBe(pastBefore);
  });
});
