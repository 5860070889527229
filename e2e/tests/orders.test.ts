import { formatMoney, ORDER_STATUS_LABELS, type OrderDetail, type OrderListBody } from '@sales/contract';
import { describe, expect, test } from 'vitest';
import { LI_NA, ZHANG_WEI } from '../support/accounts';
import { apiLogin } from '../support/api';
import { useApp } from '../support/app';
import { MONEY_PATTERN, orderDetail, orderList } from '../support/sales-api';
import { waitForSalesCall } from '../support/sales-pages';

const harness = useApp();

/** The status tabs of the order lists, the status each asks for, and the tags its cards may carry. */
const STATUS_TABS: readonly { label: string; status: OrderListBody['status']; tags: string[] }[] = [
  { label: '待付款', status: 'pending', tags: ['待付款'] },
  { label: '已付款', status: 'paid', tags: ['已付款'] },
  { label: '已发货', status: 'shipped', tags: ['已发货'] },
  { label: '已完成', status: 'completed', tags: ['已完成'] },
  { label: '已取消/退款', status: 'closed', tags: ['已取消', '已退款'] },
  { label: '全部', status: undefined, tags: Object.values(ORDER_STATUS_LABELS) },
];

describe('订单 tab', () => {
  test('张伟’s status tabs each list only orders of that status, with the server’s count', async () => {
    const zhang = await apiLogin(ZHANG_WEI);
    const app = await harness.newApp();
    await app.signIn(ZHANG_WEI);

    const firstLoad = waitForSalesCall(app.page, 'order/list', (body) => body.status === undefined);
    await app.tabBar.tap('订单');
    await app.waitForRoute('/pages/order/index');
    await app.waitForTitle('订单管理');
    await firstLoad;
    expect((await app.orders.activeStatusTab().textContent())?.trim()).toBe('全部');
    // 订单管理 (salesperson filter, totals, export) is for leaders: nothing of it once the list is drawn.
    await app.orders.total().waitFor();
    expect(await app.page.getByTestId('order-management-entry').count()).toBe(0);
    expect(await app.orders.totalAmount().count()).toBe(0);

    for (const tab of STATUS_TABS) {
      const expected = await orderList(zhang, { status: tab.status, pageSize: 20 });
      expect(expected.total, `张伟 has orders ${tab.label}`).toBeGreaterThan(0);
      if (tab.status === undefined) {
        // 全部 was the first list shown: it comes back from the cache.
        await app.orders.statusTab(tab.label).tap();
      } else {
        expect((await app.orders.chooseStatus(tab.label, tab.status)).status()).toBe(200);
      }

      await expect.poll(() => app.orders.totalCount(), { message: tab.label }).toBe(expected.summary.count);
      await expect.poll(async () => (await app.orders.cardOrderNos()).slice(0, 20), { message: tab.label }).toEqual(expected.list.map((order) => order.orderNo));
      const tags = await app.orders.cardStatuses();
      expect(tags.length, tab.label).toBeGreaterThan(0);
      for (const tag of tags) expect(tab.tags, `${tab.label}: a card tagged ${tag}`).toContain(tag);
      for (const amount of await app.orders.cardAmounts()) expect(amount).toMatch(MONEY_PATTERN);
      expect((await app.orders.activeStatusTab().textContent())?.trim()).toBe(tab.label);
      expect(app.route().query.get('status')).toBe(tab.status ?? null);
    }
  });

  test('an order’s detail shows its time line, items with subtotals and the total', async () => {
    const zhang = await apiLogin(ZHANG_WEI);
    const app = await harness.newApp();
    await app.signIn(ZHANG_WEI);
    await app.open('pages/order/index?status=completed');
    await app.waitForTitle('订单管理');
    expect((await app.orders.activeStatusTab().textContent())?.trim()).toBe('已完成');

    // The first completed order with more than one item, opened from its card.
    const { list } = await orderList(zhang, { status: 'completed', pageSize: 20 });
    let chosen: OrderDetail | null = null;
    for (const summary of list) {
      const detail = await orderDetail(zhang, summary.id);
      if (detail.items.length > 1) {
        chosen = detail;
        break;
      }
    }
    if (!chosen) throw new Error('none of 张伟’s latest completed orders has more than one item');
    const order = chosen;
    await app.orders.cards().filter({ hasText: order.orderNo }).tap();
    const opened = await app.waitForRoute('/pages/details/orderDetails');
    expect(opened.query.get('id')).toBe(String(order.id));
    await app.waitForTitle('订单详情');

    await app.order.root().waitFor();
    expect((await app.order.orderNo().textContent())?.trim()).toBe(order.orderNo);
    expect((await app.order.status().textContent())?.trim()).toBe('已完成');
    expect((await app.order.amount().textContent())?.trim()).toBe(formatMoney(order.amount));
    expect(await app.order.timelineSteps()).toEqual(['下单', '付款', '发货', '完成']);
    expect((await app.order.customerLink().textContent()) ?? '').toContain(order.customer.name);
    await app.order.root().getByText(`${order.staff?.username ?? ''}`, { exact: true }).waitFor();

    // Each item: name × quantity, unit price, subtotal; and the total.
    expect(await app.order.items().count()).toBe(order.items.length);
    for (const [index, item] of order.items.entries()) {
      const row = app.order.items().nth(index);
      expect((await row.locator('.order-items__name').textContent())?.trim()).toBe(`${item.name} × ${item.quantity}`);
      expect((await row.locator('.muted').textContent())?.replace(/\s+/g, ' ').trim()).toBe(`单价 ${formatMoney(item.unitPrice)}`);
      expect((await row.locator(':scope > .money').textContent())?.trim()).toBe(formatMoney(item.subtotal));
      expect(Math.round(item.quantity * item.unitPrice * 100)).toBe(Math.round(item.subtotal * 100));
    }
    const itemsTotal = order.items.reduce((sum, item) => sum + item.subtotal, 0);
    expect(Math.round(itemsTotal * 100)).toBe(Math.round(order.amount * 100));
    const total = (await app.order.total().textContent())?.trim() ?? '';
    expect(total).toBe(formatMoney(order.amount));
    expect(total).toMatch(MONEY_PATTERN);
  });
});

describe('订单管理 for a leader', () => {
  test('李娜 sees the count and amount of the filtered set, by salesperson and by status', async () => {
    const leader = await apiLogin(LI_NA);
    const zhang = await apiLogin(ZHANG_WEI);
    const app = await harness.newApp();
    await app.signIn(LI_NA);

    // The totals below are polled on 订单管理 (its unfiltered list comes from the tab's answer).
    await app.openOrderManagement();

    const expectTotals = async (query: Omit<OrderListBody, 'siteId'>, label: string) => {
      const { summary } = await orderList(leader, { ...query, pageSize: 1 });
      expect(summary.count, label).toBeGreaterThan(0);
      await expect.poll(() => app.orders.totalCount(), { message: label }).toBe(summary.count);
      const amount = (await app.orders.totalAmount().textContent())?.trim() ?? '';
      expect(amount, label).toBe(formatMoney(summary.amount));
      expect(amount).toMatch(MONEY_PATTERN);
      expect((await app.orders.total().textContent())?.replace(/\s+/g, ' ').trim(), label).toBe(`共 ${summary.count} 单 · 合计 ${formatMoney(summary.amount)}`);
      return summary;
    };

    // The whole site.
    const site = await expectTotals({}, 'all of 华东一部');
    const owners = new Set(await app.orders.cardStaff());
    expect(owners.size, 'a leader sees several salespeople’s orders').toBeGreaterThan(1);

    // One salesperson.
    await app.orders.chooseStaff('张伟', zhang.userId);
    const his = await expectTotals({ staffId: zhang.userId }, '张伟');
    expect(his.count).toBeLessThan(site.count);
    expect((await app.orders.staffFilter().textContent())?.trim()).toBe('张伟');
    expect(app.route().query.get('staff')).toBe(String(zhang.userId));
    await expect.poll(async () => new Set(await app.orders.cardStaff())).toEqual(new Set(['业务员：张伟']));

    // And one status on top of it.
    await app.orders.chooseStatus('已完成', 'completed');
    const done = await expectTotals({ staffId: zhang.userId, status: 'completed' }, '张伟, 已完成');
    expect(done.count).toBeLessThan(his.count);
    await expect.poll(async () => new Set(await app.orders.cardStatuses())).toEqual(new Set(['已完成']));
    expect(new Set(await app.orders.cardStaff())).toEqual(new Set(['业务员：张伟']));
  });
});
