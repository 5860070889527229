import * as ROUTES from '@sales/contract/routes';
import { describe, expect, test } from 'vitest';
import { LI_NA, ZHANG_WEI } from '../support/accounts';
import { callEndpoint } from '../support/api';
import { useApp } from '../support/app';

const harness = useApp();

async function unreadOf(token: string): Promise<number> {
  const { body } = await callEndpoint(ROUTES.noticeUnread, {}, token);
  return body.data.unread;
}

async function firstPage(token: string) {
  const { body } = await callEndpoint(ROUTES.noticeList, { page: 1, pageSize: 20 }, token);
  return body.data;
}

const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

describe('消息中心', () => {
  test('张伟 opens 消息中心 from the 我的 tab with its unread badge, opens a notice (the count drops), then 全部已读', async () => {
    const app = await harness.newApp();
    const session = await app.signIn(ZHANG_WEI);
    const { page } = app;
    const before = await unreadOf(session.token);
    expect(before, 'the demo data leaves 张伟 unread notices').toBeGreaterThan(0);

    // The 我的 tab carries the count wherever the tab bar shows.
    await app.open('pages/order/index');
    await app.waitForTitle('订单管理');
    const tabBadge = app.tabBar.root().locator('.adm-tab-bar-item', { hasText: '我的' }).locator('.adm-badge-content');
    await expect.poll(() => tabBadge.textContent()).toBe(badgeText(before));
    await app.tabBar.tap('我的');
    await app.waitForRoute('/pages/my/index');
    const entry = page.getByTestId('my-message-center');
    await expect.poll(() => entry.locator('.adm-badge-content').textContent()).toBe(badgeText(before));
    await entry.tap();
    await app.waitForRoute('/pages/my/messageCenter');
    await app.waitForTitle('消息中心');

    // Newest first, as the server lists them; unread ones carry a dot.
    const listed = await firstPage(session.token);
    const cards = page.getByTestId('notice-item');
    await expect.poll(() => cards.count()).toBe(listed.list.length);
    const titles = (await cards.locator('.card__title').allTextContents()).map((text) => text.trim());
    expect(titles).toEqual(listed.list.map((item) => item.title));
    const dots = page.getByTestId('notice-unread-dot');
    expect(await dots.count()).toBe(listed.list.filter((item) => !item.read).length);

    // Opening the first unread one marks it read and goes where it points.
    const target = listed.list.find((item) => !item.read);
    if (!target) throw new Error('no unread notice on the first page');
    await cards.filter({ has: dots }).first().tap();
    await app.waitForRoute(target.link.split('?')[0] ?? target.link);
    await expect.poll(() => unreadOf(session.token)).toBe(before - 1);

    await app.open('pages/my/messageCenter');
    await app.waitForTitle('消息中心');
    const count = page.getByTestId('notice-unread-count');
    await expect.poll(() => count.textContent()).toContain(`${before - 1} 条未读`);

    // 全部已读: no dot left, the count and the badges go.
    await page.getByTestId('notice-read-all').tap();
    await expect.poll(() => count.textContent()).toContain('0 条未读');
    await expect.poll(() => dots.count()).toBe(0);
    expect(await unreadOf(session.token)).toBe(0);
    await app.open('pages/my/index');
    await app.waitForTitle('我的');
    await app.tabBar.root().waitFor();
    await expect.poll(() => app.tabBar.root().locator('.adm-badge-content').count()).toBe(0);
    await app.screenshot('notices-my-after-read-all');
  });

  test('李娜 reaches 消息中心 from the bell in home’s header', async () => {
    const app = await harness.newApp();
    const session = await app.signIn(LI_NA);
    const unread = await unreadOf(session.token);
    const bell = app.page.getByTestId('notice-bell');
    await bell.waitFor();
    if (unread > 0) await expect.poll(() => bell.locator('.adm-badge-content').textContent()).toBe(badgeText(unread));
    await app.screenshot('notices-home-bell');
    await bell.tap();
    await app.waitForRoute('/pages/my/messageCenter');
    await app.waitForTitle('消息中心');
    await app.page.getByTestId('notice-item').first().waitFor();
    await app.screenshot('notices-message-center');
  });
});
