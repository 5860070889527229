import { CUSTOMER_OUT_OF_REACH, type CustomerSummary } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import type { Request } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { CHEN_JING, LI_NA, ZHANG_WEI, type DemoAccount } from '../support/accounts';
import { apiLogin, endpointData, type Session } from '../support/api';
import { useApp, type AppPage } from '../support/app';
import { WeeklyReportPage } from '../support/report-pages';
import { solidPng } from '../support/images';
import { customerList, followUps, SITE_101, staffList } from '../support/sales-api';

const harness = useApp();

const QUEUED = '网络不可用，已保存到待发送，恢复网络后自动发送';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const CREATE = '/seller/fenghe/staff/followup/create';
const UPLOAD = '/seller/upload/img';

/** 张伟's customers, one per test so the tests never meet. */
async function zhangCustomer(session: Session, index: number): Promise<CustomerSummary> {
  const { list } = await customerList(session, { pageSize: 10 });
  const customer = list[index];
  if (!customer) throw new Error(`张伟 has fewer than ${index + 1} customers`);
  return customer;
}

/** Every follow-up create call the page makes, with its Idempotency-Key. */
function recordCreates(app: AppPage): Request[] {
  const seen: Request[] = [];
  app.page.on('request', (request) => {
    if (new URL(request.url()).pathname === CREATE) seen.push(request);
  });
  return seen;
}
const keyOf = (request: Request | undefined) => request?.headers()['idempotency-key'];

/** Server-side count of follow-ups of the customer with this content. */
async function countOnServer(session: Session, customerId: number, content: string): Promise<number> {
  return (await followUps(session, customerId)).list.filter((entry) => entry.content === content).length;
}

/**
 * A salesperson of 华东一部 beyond the demo accounts without this half month's report, the last
 * such (reports.test.ts takes the first), so no other test's user is touched.
 */
async function halfMonthWriter(): Promise<{ account: DemoAccount; session: Session }> {
  const leader = await apiLogin(LI_NA);
  const members = (await staffList(leader, SITE_101)).list.filter((row) => !row.isLeader && !row.phone.startsWith('1380000000')).reverse();
  for (const member of members) {
    const account: DemoAccount = { phone: member.phone, name: member.username, sites: ['华东一部'], seesHome: false };
    const session = await apiLogin(account);
    if (!(await endpointData(session, ROUTES.halfMonthReport.preview, { siteId: SITE_101 })).reported) return { account, session };
  }
  throw new Error('every salesperson of 华东一部 has written this half month');
}

/**
 * Opens the customer's 跟进记录 online, as a salesperson does before losing the network: the page
 * brings its 写跟进 writer once the customer is shown (app/routes/follow-up-writer-sheet.tsx), and
 * this waits until the app has asked for it and its module, with what it imports, has arrived.
 */
async function openTimeline(app: AppPage, customer: CustomerSummary): Promise<void> {
  await app.open(`pages/details/customerDetails?id=${customer.id}&tab=followups`);
  await expect.poll(() => app.customer.name().textContent()).toBe(customer.name);
  const writer = await app.page.waitForFunction(
    () => (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((entry) => /\/assets\/follow-up-writer-[\w-]+\.js$/.test(entry.name))?.name,
    undefined,
    { timeout: 10_000 },
  );
  // The same module the app imported: resolves once it and its imports have been loaded and run.
  // (A string: the test runner would rewrite an import() written in this file.)
  await app.page.evaluate(`import(${JSON.stringify(await writer.jsonValue())}).then(() => true)`);
}

async function writeFollowUp(app: AppPage, content: string): Promise<void> {
  await app.customer.writeFollowUpButton().tap();
  await app.followUpForm.root().waitFor();
  await app.followUpForm.content().fill(content);
  await app.followUpForm.submit().tap();
}

const pending = (app: AppPage, content: string) =>
  app.page.getByTestId('pending-follow-up').filter({ has: app.page.locator('.timeline__content').filter({ hasText: content }) });

/** Loads the 待发送 page's chunks while online, then comes back. */
async function warmOutboxPage(app: AppPage): Promise<void> {
  await app.open('pages/my/outbox');
  await app.waitForTitle('待发送');
}

describe('the outbox (待发送)', () => {
  test('a follow-up written offline waits as 待发送, in the timeline and in 设置 → 待发送, and is sent once when back online', async () => {
    const app = await harness.newApp();
    const session = await app.signIn(ZHANG_WEI);
    const customer = await zhangCustomer(session, 0);
    const creates = recordCreates(app);
    await warmOutboxPage(app);
    await openTimeline(app, customer);

    const content = `离线写的跟进（e2e outbox ${Date.now()}）`;
    await app.page.context().setOffline(true);
    await writeFollowUp(app, content);
    await app.waitForToast(QUEUED);
    await app.followUpForm.root().waitFor({ state: 'detached' });
    const item = pending(app, content);
    await item.waitFor();
    expect((await item.getByTestId('outbox-state').textContent())?.trim()).toBe('待发送');

    // 设置 → 待发送 lists it.
    await app.goInApp('pages/my/outbox');
    await app.waitForTitle('待发送');
    const listed = app.page.getByTestId('outbox-item').filter({ hasText: content });
    await listed.waitFor();
    expect((await listed.getByTestId('outbox-state').textContent())?.trim()).toBe('待发送');
    expect(await countOnServer(session, customer.id, content)).toBe(0);

    // Back online: it goes by itself, and the list empties.
    await app.page.context().setOffline(false);
    await app.page.getByText('没有待发送的记录').waitFor({ timeout: 20_000 });
    expect(await countOnServer(session, customer.id, content)).toBe(1);
    const keys = creates.map(keyOf);
    expect(keys.length).toBeGreaterThanOrEqual(1);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(UUID);

    // The timeline shows the real record, once, and nothing pending.
    await openTimeline(app, customer);
    await app.customer.followUp(content).waitFor();
    expect(await app.customer.followUp(content).count()).toBe(1);
    expect(await pending(app, content).count()).toBe(0);
  });

  test('an answer lost after the server wrote it: the write is sent again with the same key and the server has it once', async () => {
    const app = await harness.newApp();
    const session = await app.signIn(ZHANG_WEI);
    const customer = await zhangCustomer(session, 1);
    const creates = recordCreates(app);
    let first = true;
    await app.page.route(`**${CREATE}`, async (route) => {
      if (!first) return route.continue();
      first = false;
      // The server writes it; the phone never hears back.
      await route.fetch();
      await route.abort();
    });
    await openTimeline(app, customer);

    const content = `回复丢失的跟进（e2e outbox ${Date.now()}）`;
    await writeFollowUp(app, content);
    await app.waitForToast(QUEUED);
    await pending(app, content).waitFor();
    // The retry (the outbox's timer) goes with the same key; the real record replaces the pending one.
    await pending(app, content).waitFor({ state: 'detached', timeout: 30_000 });
    await app.customer.followUp(content).first().waitFor();
    expect(creates.length).toBe(2);
    expect(keyOf(creates[0])).toMatch(UUID);
    expect(keyOf(creates[1])).toBe(keyOf(creates[0]));
    expect(await countOnServer(session, customer.id, content)).toBe(1);
    expect(await app.customer.followUp(content).count()).toBe(1);
  });

  test('a write the server refuses (4xx) shows its message (a customer transferred away: 可能已转给他人), is not retried, and can be deleted', async () => {
    const leader = await apiLogin(LI_NA);
    const app = await harness.newApp();
    const session = await app.signIn(ZHANG_WEI);
    const customer = await zhangCustomer(session, 2);
    const other = (await staffList(leader)).list.find((person) => !person.isLeader && person.id !== session.userId);
    if (!other) throw new Error('华东一部 has no other salesperson');
    const creates = recordCreates(app);
    const answered: number[] = [];
    app.page.on('response', (response) => {
      if (new URL(response.url()).pathname === CREATE) answered.push(response.status());
    });
    await warmOutboxPage(app);
    await openTimeline(app, customer);

    const content = `转走后的跟进（e2e outbox ${Date.now()}）`;
    await app.page.context().setOffline(true);
    await writeFollowUp(app, content);
    await app.waitForToast(QUEUED);
    await pending(app, content).waitFor();
    await app.goInApp('pages/my/outbox');
    await app.page.getByTestId('outbox-item').filter({ hasText: content }).waitFor();

    // Meanwhile the leader gives the customer to someone else: 张伟 may no longer write to it.
    await endpointData(leader, ROUTES.customerBind, { siteId: SITE_101, customerId: customer.id, staffId: other.id });
    try {
      await app.page.context().setOffline(false);
      const item = app.page.getByTestId('outbox-item').filter({ hasText: content });
      await item.getByText('发送失败').waitFor({ timeout: 20_000 });
      const message = (await item.getByTestId('outbox-message').textContent())?.trim() ?? '';
      // What happened and what it means, in the customer page's words (not 客户不存在).
      expect(message).toBe(CUSTOMER_OUT_OF_REACH);
      expect(answered).toHaveLength(1);
      expect(answered[0]).toBeGreaterThanOrEqual(400);
      expect(answered[0]).toBeLessThan(500);

      // Not retried: a reload starts the sender again, and the item stays refused, unsent.
      await app.page.reload();
      await item.getByText('发送失败').waitFor();
      expect(await app.page.getByTestId('outbox-send-now').count()).toBe(0);
      expect(answered).toHaveLength(1);
      expect(new Set(creates.map(keyOf)).size).toBe(1);
      expect(await countOnServer(leader, customer.id, content)).toBe(0);

      // 删除 (with a confirm) takes it away.
      await item.getByTestId('outbox-delete').tap();
      await app.page.locator('.adm-dialog-footer').getByRole('button', { name: '删除' }).tap();
      await app.page.getByText('没有待发送的记录').waitFor();
    } finally {
      await endpointData(leader, ROUTES.customerBind, { siteId: SITE_101, customerId: customer.id, staffId: session.userId });
    }
  });

  test('after logout another user on the phone neither sees nor sends the first user’s queued write; its owner sends it on signing in again', async () => {
    const app = await harness.newApp();
    const zhang = await app.signIn(ZHANG_WEI);
    const customer = await zhangCustomer(zhang, 3);
    const creates = recordCreates(app);
    // Every attempt of 张伟's session fails on the way: the write stays queued.
    await app.page.route(`**${CREATE}`, (route) => route.abort());
    await openTimeline(app, customer);
    const content = `换人前的跟进（e2e outbox ${Date.now()}）`;
    await writeFollowUp(app, content);
    await app.waitForToast(QUEUED);
    await pending(app, content).waitFor();
    const key = keyOf(creates[0]);
    expect(key).toMatch(UUID);

    await app.open('pages/my/setting');
    await app.waitForTitle('设置');
    expect((await app.page.getByTestId('outbox-count').textContent())?.trim()).toBe('1');
    await app.setting.logout();
    await app.waitForRoute('/pages/login/index');
    await app.page.unroute(`**${CREATE}`);

    // 李娜 on the same phone: an empty 待发送, and nothing of 张伟's goes out in her session.
    const before = creates.length;
    await app.signIn(LI_NA);
    await app.open('pages/my/setting');
    await app.waitForTitle('设置');
    expect((await app.page.getByTestId('outbox-count').textContent())?.trim()).toBe('0');
    await app.open('pages/my/outbox');
    await app.page.getByText('没有待发送的记录').waitFor();
    await app.page.getByTestId('outbox-item').waitFor({ state: 'detached' });
    expect(creates.length).toBe(before);
    // (张伟's token ended with his logout: the leader's view of the site tells.)
    const leader = await apiLogin(LI_NA);
    expect(await countOnServer(leader, customer.id, content)).toBe(0);

    // 张伟 again: his write is sent, once.
    await app.signIn(ZHANG_WEI);
    await expect.poll(() => countOnServer(leader, customer.id, content), { timeout: 20_000 }).toBe(1);
    expect(creates.slice(before).every((request) => keyOf(request) === key)).toBe(true);
  });

  test('a clock-in tapped offline shows 上班打卡待发送 as the clock card’s state and is clocked once the network returns', async () => {
    const app = await harness.newApp();
    await app.signIn(CHEN_JING);
    await app.open('pages/index/teamAttendance');
    await app.waitForTitle('团队考勤');
    await expect.poll(() => app.attendance.clockButton().textContent()).toContain('上班打卡');
    const clocks: string[] = [];
    // Each attempt carries the phone's time of that send (the server places the tap by it).
    const sentAts: string[] = [];
    app.page.on('request', (request) => {
      if (!new URL(request.url()).pathname.endsWith('/attendance/clock-in')) return;
      clocks.push(request.headers()['idempotency-key'] ?? '');
      sentAts.push(request.headers()['sent-at'] ?? '');
    });

    await app.page.context().setOffline(true);
    await app.attendance.clockButton().tap();
    await app.waitForToast(QUEUED);
    // The queued clock is the card's state, not 未打卡 beside it.
    const queued = app.page.getByTestId('clock-status').getByTestId('pending-clock');
    await queued.getByText(/^上班打卡待发送 \d{2}:\d{2}$/).waitFor();
    expect(await app.attendance.clockStatus().textContent()).not.toContain('未打卡');
    expect(await app.attendance.clockButton().isDisabled()).toBe(true);

    await app.page.context().setOffline(false);
    await queued.waitFor({ state: 'detached', timeout: 20_000 });
    await expect.poll(() => app.attendance.clockButton().textContent()).toContain('下班打卡');
    expect(clocks.length).toBeGreaterThanOrEqual(1);
    expect(new Set(clocks).size).toBe(1);
    expect(clocks[0]).toMatch(UUID);
    expect(sentAts.length).toBe(clocks.length);
    expect(sentAts.every((sentAt) => !Number.isNaN(Date.parse(sentAt)))).toBe(true);
  });

  test('a half-month report submitted offline shows 待发送 where it is written and on the period’s card, and is submitted once online', async () => {
    const { account, session } = await halfMonthWriter();
    const app = await harness.newApp();
    await app.signIn(account);
    // From 历史记录's 写本期半月报, so its card is there to come back to offline.
    await app.open('pages/details/historicalReportRecords');
    await app.page.getByTestId('half-month-add').tap();
    await app.waitForRoute('/pages/my/addReport');
    const form = new WeeklyReportPage(app.page);
    await form.form().waitFor();
    const summary = `离线提交的半月报（e2e outbox ${Date.now()}）`;
    await form.text('summary').fill(summary);
    await form.text('plan').fill('下半月继续拜访重点客户');
    await expect.poll(() => form.submit().isEnabled()).toBe(true);

    await app.page.context().setOffline(true);
    await form.submit().tap();
    await app.waitForToast(QUEUED);
    const queued = app.page.getByTestId('pending-report');
    await queued.getByText('待发送', { exact: true }).waitFor();
    expect(await form.form().count()).toBe(0);
    expect((await endpointData(session, ROUTES.halfMonthReport.preview, { siteId: SITE_101 })).reported).toBe(false);

    // Back on 历史记录, the period's card says the report waits instead of offering 写本期半月报 again.
    await app.page.goBack();
    await app.waitForRoute('/pages/details/historicalReportRecords');
    const card = app.page.getByTestId('half-month-queued');
    await card.getByText('待发送', { exact: true }).waitFor();
    expect(await app.page.getByTestId('half-month-add').count()).toBe(0);

    await app.page.context().setOffline(false);
    // Sent: the period's report exists, and the card opens it.
    await app.page.getByTestId('half-month-open').waitFor({ timeout: 20_000 });
    expect(await card.count()).toBe(0);
    await app.page.getByTestId('half-month-open').tap();
    await app.waitForRoute('/pages/details/historicalReportRecords');
    await app.page.getByText(summary).waitFor();
    const preview = await endpointData(session, ROUTES.halfMonthReport.preview, { siteId: SITE_101 });
    expect(preview.reported).toBe(true);
    if (preview.reportId === null) throw new Error('a reported period without its report id');
    const { list } = await endpointData(session, ROUTES.halfMonthReport.list, { siteId: SITE_101, scope: 'mine', page: 1, pageSize: 5 });
    expect(list.filter((report) => report.periodStart === preview.periodStart)).toHaveLength(1);
    expect((await endpointData(session, ROUTES.halfMonthReport.detail, { siteId: SITE_101, id: preview.reportId })).summary).toBe(summary);
  });

  test('a photo picked offline waits with its follow-up; online the photo is uploaded once (its own key) and the follow-up arrives with its URL', async () => {
    const app = await harness.newApp();
    const session = await app.signIn(ZHANG_WEI);
    const customer = await zhangCustomer(session, 3);
    const creates = recordCreates(app);
    const uploads: Request[] = [];
    app.page.on('request', (request) => {
      if (new URL(request.url()).pathname === UPLOAD) uploads.push(request);
    });
    await warmOutboxPage(app);
    await openTimeline(app, customer);

    const content = `离线带照片的跟进（e2e outbox ${Date.now()}）`;
    await app.page.context().setOffline(true);
    await app.customer.writeFollowUpButton().tap();
    await app.followUpForm.root().waitFor();
    await app.followUpForm.content().fill(content);
    await app.followUpForm.photoInput().setInputFiles({ name: 'offline.png', mimeType: 'image/png', buffer: solidPng(40, 30, [30, 120, 200]) });
    // The picked photo shows from the phone (its upload could not be sent).
    const thumbnail = app.followUpForm.photos().locator('img');
    await thumbnail.waitFor();
    await expect.poll(() => thumbnail.getAttribute('src')).toMatch(/^blob:/);
    await expect.poll(() => thumbnail.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(40);
    // A tap opens the viewer on the same kept copy (the local reference itself is no image).
    await thumbnail.tap();
    const viewed = app.page.locator('.adm-image-viewer-content img').first();
    await expect.poll(() => viewed.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(40);
    expect(await viewed.getAttribute('src')).toMatch(/^blob:/);
    // A tap closes it; one that lands while the viewer is still opening is ignored, so tap until it goes.
    const viewer = app.page.locator('.adm-image-viewer-content').first();
    await expect
      .poll(async () => {
        if ((await viewed.count()) > 0) await viewer.tap({ timeout: 2_000 }).catch(() => undefined);
        return viewed.count();
      })
      .toBe(0);
    await expect.poll(() => app.followUpForm.submit().isEnabled()).toBe(true);
    await app.followUpForm.submit().tap();
    await app.waitForToast(QUEUED);
    await app.followUpForm.root().waitFor({ state: 'detached' });
    await pending(app, content).waitFor();
    expect(creates).toHaveLength(0);

    await app.goInApp('pages/my/outbox');
    await app.waitForTitle('待发送');
    await app.page.getByTestId('outbox-item').filter({ hasText: content }).waitFor();
    const uploaded = app.page.waitForResponse((response) => new URL(response.url()).pathname === UPLOAD && response.status() === 200);
    await app.page.context().setOffline(false);
    const answer = (await (await uploaded).json()) as { data: { url: string } };
    await app.page.getByText('没有待发送的记录').waitFor({ timeout: 20_000 });

    // The upload went with the key made when the photo was picked (the failed try and the outbox's send).
    const uploadKeys = uploads.map(keyOf);
    expect(uploadKeys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(uploadKeys).size).toBe(1);
    expect(uploadKeys[0]).toMatch(UUID);
    // The write went with the uploaded URL in place of the local reference, under its own key.
    expect(creates.length).toBeGreaterThanOrEqual(1);
    expect(keyOf(creates[0])).not.toBe(uploadKeys[0]);
    expect(creates[0]?.postDataJSON()).toMatchObject({ customerId: customer.id, content, images: [answer.data.url] });

    const onServer = (await followUps(session, customer.id)).list.filter((entry) => entry.content === content);
    expect(onServer).toHaveLength(1);
    expect(onServer[0]?.images).toEqual([answer.data.url]);
    expect(answer.data.url).toMatch(/^\/seller\/upload\/files\/[0-9a-f]+\.png$/);
    // The URL serves the photo.
    const served = await app.page.evaluate(async (url) => {
      const response = await fetch(url);
      return { status: response.status, type: response.headers.get('content-type'), size: (await response.arrayBuffer()).byteLength };
    }, answer.data.url);
    expect(served.status).toBe(200);
    expect(served.type).toContain('image/png');
    expect(served.size).toBeGreaterThan(0);
  });
});
