/**
 * 拜访签到 (issue 19 §2) in Chromium: a check-in with the position granted shows 已签到 and reaches
 * the leader's 团队考勤 → 拜访; a refused position shows the message and writes nothing; the
 * salesperson sees 位置偏离 on their own check-in, and the leader opens a 拜访 row (issue 25 §12).
 */
import { chinaDayString } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { describe, expect, test } from 'vitest';
import { LI_NA, ZHANG_WEI } from '../support/accounts';
import { answerOf, apiLogin, baseUrl, endpointData, type Envelope, type Session } from '../support/api';
import { useApp } from '../support/app';
import { solidPng } from '../support/images';
import { customerList, SITE_101 } from '../support/sales-api';
import { waitForSalesCall } from '../support/sales-pages';

const harness = useApp();

/** A shop in 上海, where the phone says it is (accuracy in metres). */
const HERE = { latitude: 31.2304, longitude: 121.4737, accuracy: 18 };

/** One of 张伟's customers with a name unique in the site and, when `positionless`, no position yet. */
async function customerOf(zhang: Session, positionless: boolean, skip: readonly number[] = []) {
  const page = await customerList(zhang, { pageSize: 50, sort: 'createdAt' });
  for (const candidate of page.list) {
    if (skip.includes(candidate.id)) continue;
    const same = await customerList(zhang, { keyword: candidate.name, pageSize: 5 });
    if (same.total !== 1) continue;
    const detail = await endpointData(zhang, ROUTES.customerDetail, { siteId: SITE_101, id: candidate.id });
    if (positionless && detail.position !== null) continue;
    return detail;
  }
  throw new Error('张伟 has no customer with a unique name (and no position)');
}

/** A photo uploaded as the session's user (multipart, as the app sends it); its URL. */
async function uploadPhoto(session: Session): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(solidPng(48, 48, [190, 90, 40]))], { type: 'image/png' }), 'shelf.png');
  const response = await fetch(`${baseUrl()}${ROUTES.uploadImage}`, { method: 'POST', headers: { platform: 'h5', Version: '2.0.1', Authorization: session.token }, body: form });
  const envelope = (await response.json()) as Envelope<{ url: string }>;
  if (response.status !== 200) throw new Error(`upload answered ${response.status} ${envelope.msg}`);
  return envelope.data.url;
}

const followUps = (session: Session, customerId: number) => endpointData(session, ROUTES.followUpList, { siteId: SITE_101, customerId, pageSize: 100 });

describe('拜访签到', () => {
  test('张伟 checks in with the position allowed: 已签到 on the time line, 设为客户位置, and 李娜 sees it under 团队考勤 → 拜访', async () => {
    const zhang = await apiLogin(ZHANG_WEI);
    const customer = await customerOf(zhang, true);
    const app = await harness.newApp({ permissions: ['geolocation'] });
    await app.page.context().setGeolocation(HERE);
    await app.signIn(ZHANG_WEI);
    await app.open(`pages/details/customerDetails?id=${customer.id}`);
    await app.waitForTitle('客户详情');
    await app.customer.writeFollowUpButton().tap();
    await app.followUpForm.root().waitFor();

    // The 签到 control shows with 拜访 only.
    expect(await app.page.getByTestId('check-in-button').count()).toBe(0);
    await app.followUpForm.type('拜访').tap();
    await app.page.getByTestId('check-in-button').tap();
    await expect.poll(async () => (await app.page.getByTestId('check-in-status').textContent())?.trim()).toBe('已定位 ±18 米');

    await app.screenshot('visits-check-in-form');
    const content = `到店拜访签到（e2e ${customer.id}）`;
    await app.followUpForm.content().fill(content);
    const created = waitForSalesCall(app.page, 'followup/create');
    await app.followUpForm.submit().tap();
    const response = await created;
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toMatchObject({ type: '拜访', content, checkIn: { ...HERE, photo: null } });
    const followUp = (await answerOf(response, ROUTES.followUpCreate)).data;
    expect(followUp.checkIn).toMatchObject({ ...HERE, distance: null, deviated: false });
    await app.waitForToast('跟进已保存');

    // The customer had no position: the app offers this check-in's point.
    const dialog = app.page.locator('.adm-dialog');
    await dialog.getByText('该客户还没有位置', { exact: false }).waitFor();
    const positioned = waitForSalesCall(app.page, 'customer/position');
    await dialog.locator('.adm-dialog-footer').getByRole('button', { name: '设为客户位置', exact: true }).tap();
    expect((await positioned).status()).toBe(200);
    const after = await endpointData(zhang, ROUTES.customerDetail, { siteId: SITE_101, id: customer.id });
    expect(after.position).toMatchObject({ latitude: HERE.latitude, longitude: HERE.longitude, source: 'check_in' });

    const entry = app.customer.followUp(content);
    await entry.waitFor();
    const badge = entry.getByTestId('check-in-badge');
    await badge.getByText('已签到', { exact: true }).waitFor();
    expect((await badge.getByTestId('check-in-accuracy').textContent())?.trim()).toBe('±18 米');
    // The customer has its position now: the badge offers no 设为客户位置 any more.
    await expect.poll(() => badge.getByTestId('check-in-set-position').count()).toBe(0);
    await app.screenshot('visits-timeline');

    // 李娜 opens 团队考勤 → 拜访 and finds it under 张伟.
    const leader = await harness.newApp();
    await leader.signIn(LI_NA);
    await leader.open('pages/index/teamAttendance');
    await leader.waitForTitle('团队考勤');
    const visits = waitForSalesCall(leader.page, 'attendance/visits', (body) => body.date === chinaDayString(new Date()));
    await leader.page.getByRole('tab', { name: '拜访' }).tap();
    expect((await visits).status()).toBe(200);
    const row = leader.page.locator(`[data-testid="visits-member"][data-staff-id="${zhang.userId}"] [data-follow-up-id="${followUp.id}"]`);
    await row.waitFor();
    expect((await row.getByTestId('visit-customer').textContent())?.trim()).toBe(customer.name);
    expect(await row.textContent()).toContain('±18 米');
    await leader.screenshot('visits-team-attendance');
  });

  test('张伟 sees 位置偏离 on his own check-in; 李娜 opens the 拜访 row: content, photos and check-in, then the customer', async () => {
    const zhang = await apiLogin(ZHANG_WEI);
    const lina = await apiLogin(LI_NA);
    const customer = await customerOf(zhang, true);
    await endpointData(lina, ROUTES.customerPosition, { siteId: SITE_101, customerId: customer.id, latitude: HERE.latitude, longitude: HERE.longitude });
    const photo = await uploadPhoto(zhang);
    const content = `货架陈列拜访（e2e ${customer.id}）`;
    // About 890 m north of the shop: beyond the 500 m of 位置偏离.
    const created = await endpointData(zhang, ROUTES.followUpCreate, {
      siteId: SITE_101,
      customerId: customer.id,
      type: '拜访',
      content,
      images: [photo],
      checkIn: { latitude: HERE.latitude + 0.008, longitude: HERE.longitude, accuracy: 25, photo },
    });
    const distance = created.checkIn?.distance ?? 0;
    expect(created.checkIn?.deviated).toBe(true);
    expect(distance).toBeGreaterThan(500);

    const app = await harness.newApp();
    await app.signIn(ZHANG_WEI);
    await app.open(`pages/details/customerDetails?id=${customer.id}&tab=followups`);
    await app.waitForTitle('客户详情');
    const entry = app.customer.followUp(content);
    await entry.waitFor();
    await expect.poll(async () => (await entry.getByTestId('check-in-deviated').textContent())?.trim()).toBe(`位置偏离 ${distance} 米`);

    const leader = await harness.newApp();
    await leader.signIn(LI_NA);
    await leader.open('pages/index/teamAttendance');
    await leader.waitForTitle('团队考勤');
    await leader.page.getByRole('tab', { name: '拜访' }).tap();
    const row = leader.page.locator(`[data-testid="visit-row"][data-follow-up-id="${created.id}"]`);
    await row.tap();
    const sheet = leader.page.getByTestId('visit-detail');
    await sheet.waitFor();
    expect((await sheet.getByTestId('visit-detail-customer').textContent())?.trim()).toBe(customer.name);
    expect((await sheet.getByTestId('visit-detail-content').textContent())?.trim()).toBe(content);
    // Photos load when they come into view (lazy): wait for the picture, not for the first paint.
    await expect.poll(() => sheet.getByTestId('visit-detail-images').locator('img').count()).toBe(1);
    expect((await sheet.getByTestId('check-in-deviated').textContent())?.trim()).toBe(`位置偏离 ${distance} 米`);
    expect((await sheet.getByTestId('check-in-accuracy').textContent())?.trim()).toBe('±25 米');
    expect(await sheet.getByTestId('check-in-badge-photo').count()).toBe(1);
    expect((await sheet.getByTestId('visit-detail-distance').textContent())?.trim()).toBe(`距客户位置 ${distance} 米，超出范围`);
    await leader.screenshot('visits-detail');

    // 查看客户: the customer's 跟进记录, where the same follow-up is.
    await sheet.getByTestId('visit-detail-customer-link').tap();
    await leader.waitForTitle('客户详情');
    await leader.customer.followUp(content).waitFor();
  });

  test('with the position refused, 签到 shows how to allow it and nothing is written', async () => {
    const zhang = await apiLogin(ZHANG_WEI);
    const customer = await customerOf(zhang, false);
    const before = await followUps(zhang, customer.id);
    // No geolocation permission: headless Chromium refuses the request.
    const app = await harness.newApp();
    await app.signIn(ZHANG_WEI);
    await app.open(`pages/details/customerDetails?id=${customer.id}`);
    await app.waitForTitle('客户详情');
    await app.customer.writeFollowUpButton().tap();
    await app.followUpForm.root().waitFor();
    await app.followUpForm.type('拜访').tap();
    await app.page.getByTestId('check-in-button').tap();
    await expect.poll(async () => (await app.page.getByTestId('check-in-error').textContent())?.trim()).toBe('无法获取位置：请在浏览器设置中允许本网站使用定位');
    expect(await app.page.getByTestId('check-in-status').count()).toBe(0);
    const after = await followUps(zhang, customer.id);
    expect(after.total).toBe(before.total);
  });
});
