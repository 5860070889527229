import { ATTENDANCE_STATUS_LABELS, chinaCalendar, chinaDayString, formatMoney } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { describe, expect, test } from 'vitest';
import { LI_NA, LIU_YANG, ZHANG_WEI } from '../support/accounts';
import { answerOf, apiLogin, callEndpoint } from '../support/api';
import { useApp } from '../support/app';
import {
  attendanceDay,
  chinaClock,
  formatCompletion,
  homeDashboard,
  ranking,
  standards,
} from '../support/performance-api';
import { waitForPerformanceCall } from '../support/performance-pages';
import { FilterSheet } from '../support/sales-pages';
import { SITE_101 } from '../support/sales-api';

const harness = useApp();

/** 华南大区: 刘洋's own site; 华东一部 (101) is another site to him. */
const SITE_201 = 201;

/** The chunk of ECharts: only pages that draw a chart may load it. */
const ECHARTS_CHUNK = /\/assets\/echarts-setup-[^/]+\.js$/;

describe('performance pages', () => {
  test('李娜: home, the ranking of 上月, a new standard and the completion it gives on home', async () => {
    const li = await apiLogin(LI_NA);
    const app = await harness.newApp();
    const echartsRequests: string[] = [];
    app.page.on('request', (request) => {
      if (ECHARTS_CHUNK.test(new URL(request.url()).pathname)) echartsRequests.push(request.url());
    });

    // Home: today's and the month's sales, completion, the top 5 and the trend chart.
    // Started before the whole sign-in, so it gets the sign-in's time as well as its own.
    const homeCall = waitForPerformanceCall(app.page, 'performance/home', () => true, { timeout: 60_000 });
    await app.signIn(LI_NA);
    expect((await homeCall).status()).toBe(200);
    const home = await homeDashboard(li);
    await expect.poll(() => app.home.monthAmount().textContent()).toBe(formatMoney(home.monthSales.orderAmount));
    expect((await app.home.todayAmount().textContent())?.trim()).toBe(formatMoney(home.todaySales.orderAmount));
    expect((await app.home.monthOrders().textContent())?.trim()).toBe(String(home.monthSales.orderCount));
    expect(await app.home.amountCompletion()).toBe(formatCompletion(home.month.completion.amount));
    expect(await app.home.topNames()).toEqual(home.top.map((entry) => entry.member.username));
    // The chart is drawn by ECharts (loaded for this page) and has its table for screen readers.
    // Below the fold of a phone, it draws once it is scrolled to (ECharts loads then, not with the page).
    await app.home.trendChart().scrollIntoViewIfNeeded();
    await app.page.locator('[data-testid="home-trend"][data-ready="true"]').waitFor();
    expect(await app.home.trendChart().locator('table caption').textContent()).toBe('近30天每日销售额与订单数');
    expect(await app.home.trendChart().locator('tbody tr').count()).toBe(30);
    expect(echartsRequests.length).toBeGreaterThan(0);

    // The ranking, then 上月 without leaving the page.
    const monthRanking = waitForPerformanceCall(app.page, 'performance/ranking', (body) => body.period === 'month' && body.metric === 'orderAmount');
    await app.home.entry('员工业绩排行').tap();
    await app.waitForRoute('/pages/index/employeePerformanceRanking');
    await app.waitForTitle('员工业绩排行');
    expect((await monthRanking).status()).toBe(200);
    const thisMonth = await ranking(li, 'orderAmount', 'month');
    await expect.poll(() => app.ranking.rowNames()).toEqual(thisMonth.list.map((entry) => entry.member.username));
    // The podium crowns only those with a figure: on a China month's first hours nobody has one yet.
    const leader = thisMonth.list[0];
    if (leader && leader.value > 0) expect((await app.ranking.podiumName(1).textContent())?.replace(/我$/, '').trim()).toBe(leader.member.username);
    else expect(await app.page.getByTestId('podium').count()).toBe(0);
    // The caller's own row, when ranked, is the one highlighted.
    expect(await app.ranking.myRows().count()).toBe(thisMonth.list.filter((entry) => entry.isMe).length);

    const lastMonthCall = waitForPerformanceCall(app.page, 'performance/ranking', (body) => body.period === 'lastMonth');
    const navigations: string[] = [];
    app.page.on('framenavigated', (frame) => navigations.push(frame.url()));
    await app.ranking.toolbar.choosePeriod('上月');
    expect((await lastMonthCall).status()).toBe(200);
    const lastMonth = await ranking(li, 'orderAmount', 'lastMonth');
    await expect.poll(() => app.ranking.root().getAttribute('data-start')).toBe(lastMonth.ranges.range.startDate);
    await expect.poll(() => app.ranking.rowNames()).toEqual(lastMonth.list.map((entry) => entry.member.username));
    expect(await app.ranking.rowValues()).toEqual(lastMonth.list.map((entry) => formatMoney(entry.value)));
    expect(app.route().query.get('period')).toBe('lastMonth');
    // Same document: the hash changed, the page did not reload.
    expect(navigations.every((url) => url.includes('#/pages/index/employeePerformanceRanking'))).toBe(true);

    // A new standard for 张伟 this month (the site's target is the sum of its salespeople's),
    // refused first while the amount has three decimals.
    const zhangId = (await apiLogin(ZHANG_WEI)).userId;
    const month = chinaDayString(new Date()).slice(0, 7);
    const before = await standards(li, month);
    expect(before.canEdit).toBe(true);
    const zhangBefore = before.members.find((row) => row.staffId === zhangId);
    if (!zhangBefore) throw new Error('张伟 has no standard row at 华东一部');
    const newTarget = Math.round(zhangBefore.targetAmount + 123_456);
    await app.page.goBack();
    await app.waitForRoute('/pages/index/index');
    await app.home.editStandard().tap();
    await app.waitForRoute('/pages/details/updateStandard');
    await app.waitForTitle('编辑业绩标准');
    await app.standards.row(zhangId).getByRole('button', { name: '编辑 张伟' }).tap();
    await app.standards.form().waitFor();
    const saves: unknown[] = [];
    app.page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/seller/fenghe/staff/performance/standard/update') saves.push(request.postDataJSON());
    });
    await app.standards.field('targetAmount').fill('1000.125');
    await app.standards.field('targetOrders').tap();
    await app.standards.fieldError('targetAmount').waitFor();
    expect(await app.standards.fieldError('targetAmount').textContent()).toContain('最多两位小数');
    await app.standards.submit().tap();
    expect(await app.standards.form().isVisible()).toBe(true);

    await app.standards.field('targetAmount').fill(String(newTarget));
    await app.standards.fieldError('targetAmount').waitFor({ state: 'detached' });
    const saved = waitForPerformanceCall(app.page, 'performance/standard/update', (body) => body.staffId === zhangId);
    await app.standards.submit().tap();
    expect((await saved).status()).toBe(200);
    // The refused amount was never sent: the one save is the valid one.
    expect(saves).toEqual([expect.objectContaining({ staffId: zhangId, targetAmount: newTarget })]);
    await app.waitForToast('业绩标准已保存');
    await app.standards.form().waitFor({ state: 'hidden' });
    await expect.poll(() => app.standards.row(zhangId).textContent()).toContain(formatMoney(newTarget));
    await expect.poll(() => app.standards.historyItems().first().textContent()).toContain('李娜 修改了 张伟');

    // Home shows the completion against the new standard.
    const after = await homeDashboard(li);
    expect(after.month.target.targetAmount).toBeCloseTo(home.month.target.targetAmount + (newTarget - zhangBefore.targetAmount), 2);
    // Completion is 本月's sales over the new target (0 % in a China month's first hours, before any sale).
    expect(after.month.completion.amount).toBeCloseTo(after.month.figures.orderAmount / after.month.target.targetAmount, 6);
    // The save invalidated the site's figures: home asks again when it shows.
    const homeAgain = waitForPerformanceCall(app.page, 'performance/home');
    await app.navBar.back().tap();
    await app.waitForRoute('/pages/index/index');
    await homeAgain;
    await expect.poll(() => app.home.amountCompletion()).toBe(formatCompletion(after.month.completion.amount));
  });

  test('张伟 clocks in, is asked before leaving early, and 李娜 sees him in team attendance with every status', async () => {
    const zhang = await apiLogin(ZHANG_WEI);
    const app = await harness.newApp();
    await app.signIn(ZHANG_WEI);

    const today = waitForPerformanceCall(app.page, 'attendance/today');
    await app.page.getByText('考勤打卡', { exact: true }).tap();
    await app.waitForRoute('/pages/index/teamAttendance');
    await app.waitForTitle('团队考勤');
    await today;
    await expect.poll(() => app.attendance.clockButton().textContent()).toContain('上班打卡');
    const clockIn = waitForPerformanceCall(app.page, 'attendance/clock-in');
    await app.attendance.clockButton().tap();
    const response = await clockIn;
    expect(response.status()).toBe(200);
    const { record } = (await answerOf(response, ROUTES.attendanceClockIn)).data;
    if (!record?.clockInAt) throw new Error('a clock-in answered no clock-in time');
    await expect.poll(() => app.attendance.clockButton().textContent()).toContain('下班打卡');
    await expect.poll(async () => (await app.attendance.clockInTime().textContent())?.trim()).toBe(chinaClock(record.clockInAt));

    // A second clock-in is refused by the server, whatever the page shows.
    const again = await callEndpoint(ROUTES.attendanceClockIn, { siteId: SITE_101 }, zhang.token);
    expect(again.status).toBe(409);

    // 下班打卡 before 18:00 (China) asks first, and 取消 sends nothing.
    const clockOuts: string[] = [];
    app.page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/attendance/clock-out')) clockOuts.push(request.url());
    });
    const early = chinaCalendar(new Date()).hour < 18;
    const dialog = app.page.locator('.adm-dialog-body');
    if (early) {
      await app.attendance.clockButton().tap();
      await dialog.getByText('现在下班将记为早退，确定吗？').waitFor();
      await dialog.locator('.adm-dialog-footer').getByRole('button', { name: '取消', exact: true }).tap();
      await dialog.waitFor({ state: 'detached' });
      expect(clockOuts).toEqual([]);
    }
    const clockOut = waitForPerformanceCall(app.page, 'attendance/clock-out');
    await app.attendance.clockButton().tap();
    if (early) await dialog.locator('.adm-dialog-footer').getByRole('button', { name: '确定', exact: true }).tap();
    const out = (await answerOf(await clockOut, ROUTES.attendanceClockOut)).data.record;
    if (!out) throw new Error('a clock-out answered no record');
    expect(out.statuses.includes('early')).toBe(early);
    // Every status that applies shows on the card (迟到 and 早退 both when both).
    const statuses = out.statuses.map((status) => ATTENDANCE_STATUS_LABELS[status]).join('');
    await expect.poll(async () => (await app.attendance.clockStatus().textContent())?.trim()).toBe(statuses);

    const li = await apiLogin(LI_NA);
    const leader = await harness.newApp();
    await leader.signIn(LI_NA);
    const dayCall = waitForPerformanceCall(leader.page, 'attendance/day');
    await leader.open('pages/index/teamAttendance');
    await leader.waitForTitle('团队考勤');
    expect((await dayCall).status()).toBe(200);
    const day = await attendanceDay(li, chinaDayString(new Date()));
    const row = leader.attendance.member(zhang.userId);
    await row.waitFor();
    expect((await row.getByTestId('attendance-member-name').textContent())?.trim()).toBe('张伟');
    expect(await row.getByTestId('attendance-member-times').textContent()).toContain(chinaClock(record.clockInAt));
    expect((await row.getByTestId('attendance-member-status').textContent())?.trim()).toBe(statuses);
    const zhangToday = day.members.find((item) => item.member.id === zhang.userId);
    expect(zhangToday?.record?.clockInAt).toBe(record.clockInAt);
  });

  test('销售业绩: 李娜 picks 张伟 with the 成员 chip; 张伟 gets no chip (canPickMember)', async () => {
    const zhang = await apiLogin(ZHANG_WEI);
    const leader = await harness.newApp();
    await leader.signIn(LI_NA);
    const own = waitForPerformanceCall(leader.page, 'performance/person', (body) => body.siteId === SITE_101 && body.staffId === undefined);
    const members = waitForPerformanceCall(leader.page, 'member/list', (body) => body.siteId === SITE_101);
    await leader.open('pages/index/salesPerformance');
    expect((await answerOf(await own, ROUTES.performancePerson)).data.canPickMember).toBe(true);
    expect((await members).status()).toBe(200);
    await expect.poll(async () => (await leader.page.getByTestId('performance-person').textContent())?.trim()).toBe('李娜的业绩');
    const picked = waitForPerformanceCall(leader.page, 'performance/person', (body) => body.staffId === zhang.userId);
    await new FilterSheet(leader.page).choose(leader.page.getByTestId('performance-member'), '张伟', '张伟');
    expect((await picked).status()).toBe(200);
    await expect.poll(async () => (await leader.page.getByTestId('performance-person').textContent())?.trim()).toBe('张伟的业绩');
    expect(leader.route().query.get('staffId')).toBe(String(zhang.userId));

    const seller = await harness.newApp();
    await seller.signIn(ZHANG_WEI);
    const sellerOwn = waitForPerformanceCall(seller.page, 'performance/person', (body) => body.siteId === SITE_101);
    await seller.open('pages/index/salesPerformance');
    expect((await answerOf(await sellerOwn, ROUTES.performancePerson)).data.canPickMember).toBe(false);
    await expect.poll(async () => (await seller.page.getByTestId('performance-person').textContent())?.trim()).toBe('张伟的业绩');
    expect(await seller.page.getByTestId('performance-member').count()).toBe(0);
  });

  test('张伟 (a salesperson only) cannot reach home', async () => {
    const app = await harness.newApp();
    await app.signIn(ZHANG_WEI);
    expect(await app.tabBar.labels()).not.toContain('首页');
    await app.open('pages/index/index');
    await app.waitForRoute('/pages/my/index');
    expect(await app.page.getByTestId('home-today').count()).toBe(0);
  });

  test('刘洋 (reportAllSites) reads 华东一部’s ranking but cannot edit its standard', async () => {
    const liu = await apiLogin(LIU_YANG);
    const app = await harness.newApp();
    await app.signIn(LIU_YANG);
    const own = waitForPerformanceCall(app.page, 'performance/ranking', (body) => body.siteId === SITE_201);
    await app.home.entry('员工业绩排行').tap();
    await app.waitForRoute('/pages/index/employeePerformanceRanking');
    expect((await own).status()).toBe(200);

    const other = waitForPerformanceCall(app.page, 'performance/ranking', (body) => body.siteId === SITE_101);
    await app.ranking.toolbar.chooseSite('华东一部');
    expect((await other).status()).toBe(200);
    const expected = await ranking(liu, 'orderAmount', 'month', SITE_101);
    expect(expected.list.length).toBeGreaterThan(0);
    await expect.poll(() => app.ranking.rowNames()).toEqual(expected.list.map((entry) => entry.member.username));
    expect(app.route().query.get('site')).toBe(String(SITE_101));
    // He is not ranked at a site he does not belong to.
    expect(await app.ranking.myRows().count()).toBe(0);

    // The standards of 华东一部: read-only for him, and the server refuses a change.
    const month = chinaDayString(new Date()).slice(0, 7);
    await app.open(`pages/details/updateStandard?site=${SITE_101}`);
    await app.waitForTitle('编辑业绩标准');
    await app.standards.readOnlyNotice().waitFor();
    await app.standards.row('default').waitFor();
    expect(await app.standards.editButtons().count()).toBe(0);
    const read = await standards(liu, month, SITE_101);
    expect(read.canEdit).toBe(false);
    const refused = await callEndpoint(ROUTES.standardUpdate, { siteId: SITE_101, month, staffId: null, targetAmount: 1, targetOrders: 1, targetNewCustomers: 1 }, liu.token);
    expect([403, 404]).toContain(refused.status);
    expect((await standards(liu, month, SITE_101)).siteDefault.targetAmount).toBe(read.siteDefault.targetAmount);
  });
});
