import { formatMoney, SALES_STATUSES, type CustomerSummary } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { describe, expect, test } from 'vitest';
import { LI_NA, ZHANG_WEI } from '../support/accounts';
import { answerOf, apiLogin, type Session } from '../support/api';
import { useApp } from '../support/app';
import { solidPng } from '../support/images';
import {
  allCustomerOrders,
  allCustomers,
  allOrders,
  customerBindings,
  customerDetail,
  customerList,
  customerOrders,
  MONEY_PATTERN,
  orderList,
  salesCallStatus,
  staffList,
} from '../support/sales-api';
import { waitForSalesCall } from '../support/sales-pages';

const harness = useApp();

/** A salesperson of 华东一部 other than 张伟 with customers, as the leader's staff list names them. */
async function otherSalesperson(leader: Session, zhang: Session): Promise<{ id: number; username: string }> {
  const { list } = await staffList(leader);
  const other = list.find((person) => !person.isLeader && person.id !== zhang.userId && person.customerCount !== null && person.customerCount > 0);
  if (!other) throw new Error(`华东一部 has no salesperson with customers besides 张伟: ${JSON.stringify(list)}`);
  return other;
}

describe('客户列表 as a leader', () => {
  test('李娜 sees her site’s customers, searches by keyword, filters by 等级, and the total follows', async () => {
    const leader = await apiLogin(LI_NA);
    const app = await harness.newApp();
    await app.signIn(LI_NA);

    // From the home page's entry grid, as a leader gets there.
    // One call opens the page: the page is mounted once, whoever loaded its file (the press's preload
    // or its own render), so no first call is aborted and sent again.
    const listCalls: string[] = [];
    const countCall = (request: { url(): string }) => {
      if (request.url().endsWith('/customer/list')) listCalls.push(request.url());
    };
    app.page.on('request', countCall);
    const firstLoad = waitForSalesCall(app.page, 'customer/list');
    await app.page.getByRole('navigation', { name: '功能入口' }).getByRole('button', { name: '客户列表' }).tap();
    await app.waitForRoute('/pages/details/allCustomers');
    await app.waitForTitle('客户列表');
    expect((await (await firstLoad).json()) as { code: number }).toMatchObject({ code: 200 });
    await app.customers.cards().first().waitFor();
    app.page.off('request', countCall);
    expect(listCalls).toHaveLength(1);

    // The whole site: the total and the first cards are what the server holds for her.
    const everyone = await customerList(leader, { sort: 'lastOrder', pageSize: 20 });
    expect(everyone.total).toBeGreaterThan(20);
    await expect.poll(() => app.customers.totalCount()).toBe(everyone.total);
    expect((await app.customers.total().textContent())?.trim()).toBe(`共 ${everyone.total} 位客户`);
    const shown = await app.customers.cardNames();
    expect(shown.length).toBeGreaterThanOrEqual(20);
    expect(shown.slice(0, 20)).toEqual(everyone.list.map((customer) => customer.name));
    // A leader sees every owner (and unbound customers), and can filter by owner.
    expect((await app.customers.cardOwners()).slice(0, 20)).toEqual(everyone.list.map((customer) => `负责人：${customer.owner?.username ?? '未绑定'}`));
    await app.customers.ownerFilter().waitFor();
    // Money on the cards: `12,345.6元`.
    const amounts = (await app.customers.cards().locator('.amount').allTextContents()).slice(0, 20);
    expect(amounts).toEqual(everyone.list.map((customer) => formatMoney(customer.totalAmount)));
    for (const amount of amounts) expect(amount).toMatch(MONEY_PATTERN);

    // A keyword, as a user types it.
    const keyword = '超市';
    const matching = await customerList(leader, { keyword, sort: 'lastOrder', pageSize: 100 });
    expect(matching.total, `demo customers of 华东一部 named with ${keyword}`).toBeGreaterThan(1);
    expect(matching.total).toBeLessThan(everyone.total);
    await app.customers.searchFor(keyword);
    await expect.poll(() => app.customers.totalCount()).toBe(matching.total);
    expect(app.route().query.get('q')).toBe(keyword);
    const found = await app.customers.cardNames();
    expect(found.length).toBe(Math.min(matching.total, found.length));
    expect(found).toEqual(matching.list.slice(0, found.length).map((customer) => customer.name));
    for (const name of found) expect(name).toContain(keyword);

    // Then the 等级 filter on top of it.
    const levelB = await customerList(leader, { keyword, level: 'B', sort: 'lastOrder', pageSize: 100 });
    expect(levelB.total).toBeGreaterThan(0);
    expect(levelB.total).toBeLessThan(matching.total);
    await app.customers.chooseLevel('B');
    await expect.poll(() => app.customers.totalCount()).toBe(levelB.total);
    expect((await app.customers.levelFilter().textContent())?.trim()).toBe('B类');
    expect(app.route().query.get('level')).toBe('B');
    const levels = await app.customers.cardLevels();
    expect(levels.length).toBe(Math.min(levelB.total, 20));
    expect(new Set(levels)).toEqual(new Set(['B类']));
    expect(await app.customers.cardNames()).toEqual(levelB.list.slice(0, levels.length).map((customer) => customer.name));

    // A contact's phone number (the B filter still on) finds its customer.
    const byPhone = levelB.list[levelB.list.length - 1];
    if (!byPhone) throw new Error('no B customer');
    const samePhone = await customerList(leader, { keyword: byPhone.phone, level: 'B', sort: 'lastOrder', pageSize: 20 });
    expect(samePhone.total).toBeGreaterThan(0);
    await app.customers.searchFor(byPhone.phone);
    await expect.poll(() => app.customers.totalCount()).toBe(samePhone.total);
    // The total may equal the last one: the cards are what tell this answer is drawn.
    await expect.poll(() => app.customers.cardNames()).toEqual(samePhone.list.map((customer) => customer.name).slice(0, 20));
    expect(await app.customers.cardNames()).toContain(byPhone.name);

    // A keyword nobody matches: the empty state with a hint, and 共 0 位客户.
    await app.customers.searchFor('无此客户e2e');
    await expect.poll(() => app.customers.totalCount()).toBe(0);
    const empty = app.page.getByTestId('customer-list').getByTestId('list-empty');
    await empty.getByText('暂无客户').waitFor();
    await empty.getByText('换个关键词或筛选条件试试').waitFor();
  });
});

describe('a customer’s page, follow-up and transfer', () => {
  test('李娜 opens a customer, sees its orders, logs a visit with a photo, transfers it to 张伟, and 张伟 then has it', async () => {
    const leader = await apiLogin(LI_NA);
    const zhang = await apiLogin(ZHANG_WEI);
    const other = await otherSalesperson(leader, zhang);

    // A customer of another salesperson, with orders, whose name is unique in the site.
    const candidates = await customerList(leader, { ownerId: other.id, hasOrders: true, sort: 'totalAmount', pageSize: 20 });
    let target: CustomerSummary | undefined;
    for (const candidate of candidates.list) {
      if (candidate.orderCount < 2) continue;
      const sameName = await customerList(leader, { keyword: candidate.name, pageSize: 5 });
      if (sameName.total === 1) {
        target = candidate;
        break;
      }
    }
    if (!target) throw new Error(`no customer of ${other.username} with a unique name and orders`);
    const customer = target;
    const detail = await customerDetail(leader, customer.id);
    const recent = await customerOrders(leader, customer.id, { pageSize: 5 });
    // 成交订单 and 累计金额 count the sales (paid, shipped, completed); the order list holds every status.
    const sales = (await allCustomerOrders(leader, customer.id)).filter((order) => SALES_STATUSES.includes(order.status));
    expect(sales.length).toBe(detail.orderCount);
    expect(Math.round(sales.reduce((sum, order) => sum + order.amount, 0) * 100)).toBe(Math.round(detail.totalAmount * 100));
    expect(recent.total).toBeGreaterThanOrEqual(detail.orderCount);

    const app = await harness.newApp();
    await app.signIn(LI_NA);
    await app.open('pages/details/allCustomers');
    await app.waitForTitle('客户列表');
    await app.customers.searchFor(customer.name);
    await app.customers.card(customer.name).tap();
    const opened = await app.waitForRoute('/pages/details/customerDetails');
    expect(opened.query.get('id')).toBe(String(customer.id));
    await app.waitForTitle('客户详情');

    // The header: name, owner, figures, money as 12,345.6元.
    await expect.poll(() => app.customer.name().textContent()).toBe(customer.name);
    expect((await app.customer.owner().textContent())?.trim()).toBe(`负责人：${other.username}`);
    expect((await app.customer.orderCount().textContent())?.trim()).toBe(String(detail.orderCount));
    const total = (await app.customer.totalAmount().textContent())?.trim() ?? '';
    expect(total).toBe(formatMoney(detail.totalAmount));
    expect(total).toMatch(MONEY_PATTERN);
    expect(await app.page.getByTestId('customer-call').getAttribute('href')).toBe(`tel:${detail.phone}`);

    // 订单 (the first tab): the latest five, as the server lists them, and the way to all of them.
    await app.customer.recentOrders().first().waitFor();
    expect(await app.customer.recentOrders().count()).toBe(Math.min(5, recent.total));
    const recentAmounts = (await app.customer.recentOrders().locator('.amount').allTextContents()).map((text) => text.trim());
    expect(recentAmounts).toEqual(recent.list.map((order) => formatMoney(order.amount)));
    expect((await app.customer.allOrdersButton().textContent())?.trim()).toBe(`查看全部订单（${recent.total}）`);
    await app.customer.allOrdersButton().tap();
    const orderPage = await app.waitForRoute('/pages/details/customerOrderList');
    expect(orderPage.query.get('customerId')).toBe(String(customer.id));
    await app.waitForTitle('客户订单');
    await expect.poll(() => app.orders.totalCount()).toBe(recent.total);
    const listed = await app.orders.cards().locator('.card__title').allTextContents();
    expect(new Set(listed.map((name) => name.trim()))).toEqual(new Set([customer.name]));
    await app.navBar.back().tap();
    await app.waitForRoute('/pages/details/customerDetails');
    await expect.poll(() => app.customer.name().textContent()).toBe(customer.name);

    // 写跟进: a visit, with a photo through the real upload call.
    const content = `上门拜访，客户计划下月补货（e2e ${customer.id}）`;
    await app.customer.writeFollowUpButton().tap();
    await app.followUpForm.root().waitFor();
    await app.followUpForm.type('拜访').tap();
    await app.followUpForm.content().fill(content);
    const upload = await app.followUpForm.attach({ name: 'visit.png', mimeType: 'image/png', buffer: solidPng(64, 48, [200, 80, 40]) });
    expect(upload.status()).toBe(200);
    const uploaded = (await answerOf(upload, ROUTES.uploadImage)).data;
    expect(uploaded.contentType).toBe('image/png');
    expect(uploaded.url).toMatch(/^\/seller\/upload\/files\/[0-9a-f]+\.png$/);
    await expect.poll(() => app.followUpForm.photos().count()).toBe(1);
    await expect.poll(() => app.followUpForm.submit().isEnabled()).toBe(true);

    const created = waitForSalesCall(app.page, 'followup/create');
    await app.followUpForm.submit().tap();
    const createCall = await created;
    expect(createCall.status()).toBe(200);
    expect(createCall.request().postDataJSON()).toMatchObject({ siteId: 101, customerId: customer.id, type: '拜访', content, images: [uploaded.url] });
    await app.waitForToast('跟进已保存');
    await app.followUpForm.root().waitFor({ state: 'detached' });

    // It shows at the top of 跟进记录, with who wrote it and the photo, which loads.
    await expect.poll(() => app.route().query.get('tab')).toBe('followups');
    const entry = app.customer.followUp(content);
    await entry.waitFor();
    expect(await app.customer.followUps().first().locator('.timeline__content').textContent()).toBe(content);
    expect((await entry.locator('.adm-tag').textContent())?.trim()).toBe('拜访');
    expect((await entry.locator('.timeline__who').textContent())?.trim()).toBe('李娜');
    const photo = entry.locator('img');
    await expect.poll(() => photo.getAttribute('src')).toBe(uploaded.url);
    await expect.poll(() => photo.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(64);

    // 转移 → 绑定客户关系: pick 张伟, confirm.
    expect((await app.customer.bindButton().textContent())?.trim()).toBe('转移');
    await app.customer.bindButton().tap();
    const bindPage = await app.waitForRoute('/pages/details/relationshipBind');
    expect(bindPage.query.get('id')).toBe(String(customer.id));
    await app.waitForTitle('绑定客户关系');
    await app.bind.root().getByText(customer.name, { exact: true }).waitFor();
    await app.bind.history().first().waitFor();
    expect(await app.bind.history().first().textContent()).toContain(other.username);
    expect(await app.bind.history().first().textContent()).toContain('当前负责');
    expect((await app.bind.confirm().textContent())?.replace(/\s+/g, '')).toBe('请选择业务员');
    expect(await app.bind.confirm().isDisabled()).toBe(true);

    await app.bind.search().fill('张伟');
    await app.bind.option('张伟').tap();
    await expect.poll(async () => (await app.bind.confirm().textContent())?.trim()).toBe('转移给 张伟');
    await app.bind.confirm().tap();
    await app.page.locator('.adm-dialog-body').getByText(`将「${customer.name}」从 ${other.username} 转移给 张伟？`).waitFor();
    const bound = waitForSalesCall(app.page, 'customer/bind');
    await app.bind.dialogButton('确认转移').tap();
    const bindCall = await bound;
    expect(bindCall.status()).toBe(200);
    expect(bindCall.request().postDataJSON()).toMatchObject({ siteId: 101, customerId: customer.id, staffId: zhang.userId });
    await app.waitForToast('已转移给 张伟');

    // Back on the customer's page, the new owner shows.
    await app.waitForRoute('/pages/details/customerDetails');
    await expect.poll(async () => (await app.customer.owner().textContent())?.trim()).toBe('负责人：张伟');
    const history = await customerBindings(leader, customer.id);
    expect(history.list[0]).toMatchObject({ staff: { id: zhang.userId }, boundBy: { username: '李娜' }, kind: 'transfer', unboundAt: null });
    expect(history.list[1]).toMatchObject({ staff: { id: other.id } });
    expect(history.list[1]?.unboundAt).not.toBeNull();

    // 张伟 logs in (through the form) and finds it among his customers.
    const his = await harness.newApp();
    await his.login.open();
    await his.login.loginAs(ZHANG_WEI);
    await his.waitForRoute('/pages/my/index');
    await his.page.getByText('我的客户', { exact: true }).tap();
    await his.waitForRoute('/pages/details/allCustomers');
    const mine = await customerList(zhang, { pageSize: 1 });
    await expect.poll(() => his.customers.totalCount()).toBe(mine.total);
    await his.customers.searchFor(customer.name);
    await expect.poll(() => his.customers.totalCount()).toBe(1);
    const card = his.customers.card(customer.name);
    expect((await card.getByTestId('customer-owner').textContent())?.trim()).toBe('负责人：张伟');
    await card.tap();
    await his.waitForRoute('/pages/details/customerDetails');
    await expect.poll(() => his.customer.name().textContent()).toBe(customer.name);
    expect((await his.customer.owner().textContent())?.trim()).toBe('负责人：张伟');
    // His 订单 tab lists every order of the customer, as its header counts them (issue 25 §2): the
    // earlier orders stay credited to the salesperson who made them, but the owner sees them.
    const hisOrders = await customerOrders(zhang, customer.id, { pageSize: 5 });
    expect(hisOrders.total).toBe(recent.total);
    expect((await his.customer.orderCount().textContent())?.trim()).toBe(String(detail.orderCount));
    await expect.poll(() => his.customer.recentOrders().count()).toBe(Math.min(5, recent.total));
    expect((await his.customer.allOrdersButton().textContent())?.trim()).toBe(`查看全部订单（${recent.total}）`);
    // A salesperson cannot transfer, but sees the follow-up history, 李娜's visit included.
    expect(await his.customer.bindButton().count()).toBe(0);
    await his.customer.tab('跟进记录').tap();
    await his.customer.followUp(content).locator('.timeline__who').filter({ hasText: '李娜' }).waitFor();
  });
});

describe('a salesperson sees only his own', () => {
  test('张伟’s customer list is exactly his customers, and his order list only his orders', async () => {
    const zhang = await apiLogin(ZHANG_WEI);
    const leader = await apiLogin(LI_NA);

    // What the server gives him: every customer is his, and it is all of his (the leader counts the same).
    const mine = await allCustomers(zhang, { sort: 'lastOrder' });
    expect(mine.length).toBeGreaterThan(20);
    const owners = new Set(mine.map((customer) => customer.owner?.id ?? null));
    expect([...owners]).toEqual([zhang.userId]);
    expect((await customerList(leader, { ownerId: zhang.userId, pageSize: 1 })).total).toBe(mine.length);
    expect((await customerList(leader, { pageSize: 1 })).total).toBeGreaterThan(mine.length);

    const app = await harness.newApp();
    await app.signIn(ZHANG_WEI);
    await app.page.getByText('我的客户', { exact: true }).tap();
    await app.waitForRoute('/pages/details/allCustomers');
    await app.waitForTitle('客户列表');
    await expect.poll(() => app.customers.totalCount()).toBe(mine.length);
    const names = await app.customers.cardNames();
    expect(names).toEqual(mine.slice(0, 20).map((customer) => customer.name));
    expect(new Set(await app.customers.cardOwners())).toEqual(new Set(['负责人：张伟']));
    // Scrolling to the end of the list loads the next page, still only his, in the server's order.
    const nextPage = waitForSalesCall(app.page, 'customer/list', (body) => body.page === 2);
    await app.customers.cards().last().scrollIntoViewIfNeeded();
    await app.page.mouse.wheel(0, 2_000);
    await nextPage;
    await expect.poll(() => app.customers.cards().count()).toBe(Math.min(40, mine.length));
    expect(await app.customers.cardNames()).toEqual(mine.slice(0, 40).map((customer) => customer.name));
    // No owner filter for a salesperson, and no export.
    expect(await app.customers.ownerFilter().count()).toBe(0);
    expect(await app.page.getByTestId('customer-export').count()).toBe(0);

    // His orders: all credited to him, and the count the leader sees for him.
    const myOrders = await allOrders(zhang);
    expect(myOrders.length).toBeGreaterThan(0);
    expect([...new Set(myOrders.map((order) => order.staff?.id ?? null))]).toEqual([zhang.userId]);
    expect((await orderList(leader, { staffId: zhang.userId, pageSize: 1 })).summary.count).toBe(myOrders.length);

    await app.navBar.back().tap();
    await app.waitForRoute('/pages/my/index');
    await app.page.getByText('我的订单', { exact: true }).tap();
    await app.waitForRoute('/pages/details/orderList');
    await app.waitForTitle('订单列表');
    await expect.poll(() => app.orders.totalCount()).toBe(myOrders.length);
    const staffLines = await app.orders.cardStaff();
    expect(staffLines.length).toBeGreaterThan(0);
    expect(new Set(staffLines)).toEqual(new Set(['业务员：张伟']));
    const orderNos = await app.orders.cardOrderNos();
    expect(orderNos).toEqual(myOrders.slice(0, orderNos.length).map((order) => order.orderNo));
  });

  test('another salesperson’s customer or order opened by its id shows 不存在或无权查看, not the data', async () => {
    const zhang = await apiLogin(ZHANG_WEI);
    const leader = await apiLogin(LI_NA);
    const other = await otherSalesperson(leader, zhang);
    const [theirs] = (await customerList(leader, { ownerId: other.id, hasOrders: true, pageSize: 1 })).list;
    if (!theirs) throw new Error(`${other.username} has no customer with orders`);
    // An order of that same customer: an order of theirs on a customer since transferred to 张伟
    // (an earlier test transfers one) is his to see now (issue 25 §2).
    const theirOrder = (await allOrders(leader, { staffId: other.id })).find((order) => order.customer.id === theirs.id);
    if (!theirOrder) throw new Error(`${other.username} has no order of ${theirs.name}`);

    // The server refuses him both.
    expect(await salesCallStatus(zhang, 'customer/detail', { id: theirs.id })).toEqual({ status: 404, code: 404 });
    expect(await salesCallStatus(zhang, 'order/detail', { id: theirOrder.id })).toEqual({ status: 404, code: 404 });

    const app = await harness.newApp();
    await app.signIn(ZHANG_WEI);

    for (const route of ['pages/details/customerDetails', 'pages/details/customerDetailsPage']) {
      const refused = waitForSalesCall(app.page, 'customer/detail', (body) => body.id === theirs.id);
      await app.open(`${route}?id=${theirs.id}`);
      expect((await refused).status()).toBe(404);
      await app.customer.missing().waitFor();
      await app.customer.missing().getByText('客户不存在或无权查看').waitFor();
      await app.customer.missing().getByRole('button', { name: '返回' }).waitFor();
      expect(await app.customer.header().count()).toBe(0);
      expect(await app.page.getByText(theirs.name).count()).toBe(0);
      expect(await app.customer.writeFollowUpButton().count()).toBe(0);
    }

    const refusedOrder = waitForSalesCall(app.page, 'order/detail', (body) => body.id === theirOrder.id);
    await app.open(`pages/details/orderDetails?id=${theirOrder.id}`);
    expect((await refusedOrder).status()).toBe(404);
    await app.order.missing().getByText('订单不存在或无权查看').waitFor();
    expect(await app.order.root().count()).toBe(0);
    expect(await app.page.getByText(theirOrder.orderNo).count()).toBe(0);

    // The customer's order list and the colleague's salesperson page refuse the same way, with no list below.
    await app.open(`pages/details/customerOrderList?customerId=${theirs.id}`);
    await app.page.getByTestId('record-missing').getByText('客户不存在或无权查看').waitFor();
    expect(await app.page.getByTestId('order-list').count()).toBe(0);
    await app.open(`pages/order/salespersonPage?staffId=${other.id}`);
    await app.page.getByTestId('record-missing').getByText('业务员不存在或无权查看').waitFor();
    expect(await app.page.getByTestId('order-list').count()).toBe(0);

    // 返回 leaves the refused page (its own 返回: the salesperson page before it had one too).
    await app.open(`pages/details/orderDetails?id=${theirOrder.id}`);
    const refusedAgain = app.order.missing().filter({ hasText: '订单不存在或无权查看' });
    await refusedAgain.waitFor();
    await refusedAgain.getByRole('button', { name: '返回' }).tap();
    await app.page.waitForURL((url) => !url.hash.startsWith('#/pages/details/orderDetails'));
  });
});
