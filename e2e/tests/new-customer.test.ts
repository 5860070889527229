/**
 * 新建客户 with 查重 (issue 27 §1) in Chromium at 390×844: a salesperson creates a customer from the
 * customer list and lands on its page; a second try with the same phone shows the existing customer
 * (查看 opens it) instead of creating another; a colleague's customer shows only who has it.
 */
import * as ROUTES from '@sales/contract/routes';
import { describe, expect, test } from 'vitest';
import { LI_NA, ZHANG_WEI } from '../support/accounts';
import { apiLogin, endpointData } from '../support/api';
import { useApp, type AppPage } from '../support/app';
import { axeViolations, layoutProblems, layoutReport } from '../support/layout';
import { customerList, SITE_101, staffList } from '../support/sales-api';

const harness = useApp();

/** A phone and a shop name no demo customer has (unique per run). */
function freshShop(tag: string) {
  const digits = String(Date.now() % 100_000_000).padStart(8, '0');
  return { name: `${tag}便利店${digits.slice(-4)}`, phone: `196${digits}` };
}

async function fill(app: AppPage, testId: string, value: string): Promise<void> {
  const input = app.page.getByTestId(testId).locator('input');
  await input.fill(value);
}

async function fillForm(app: AppPage, shop: { name: string; phone: string }): Promise<void> {
  await fill(app, 'new-customer-name', shop.name);
  await fill(app, 'new-customer-contact', '王老板');
  await fill(app, 'new-customer-phone', shop.phone);
  await fill(app, 'new-customer-address', '人民路 88 号');
  await app.page.getByTestId('new-customer-level').getByText('A类', { exact: true }).tap();
  await app.page.getByTestId('new-customer-source').getByText('地推开发', { exact: true }).tap();
}

describe('新建客户', () => {
  test('张伟 creates a customer from 客户列表, then is shown the existing one on a second try with the same phone', async () => {
    const zhang = await apiLogin(ZHANG_WEI);
    const app = await harness.newApp({ bypassCSP: true });
    await app.signIn(ZHANG_WEI);

    await app.open('pages/details/allCustomers');
    await app.waitForTitle('客户列表');
    await app.page.getByTestId('customer-total').waitFor();
    await app.settled();
    expect(layoutProblems(await layoutReport(app.page))).toEqual([]);
    await app.page.getByTestId('new-customer-open').tap();
    await app.waitForRoute('/pages/details/newCustomer');
    await app.waitForTitle('新建客户');
    await app.page.getByTestId('new-customer-name').waitFor();
    await app.settled();
    expect(await axeViolations(app.page)).toEqual([]);
    expect(layoutProblems(await layoutReport(app.page))).toEqual([]);
    // A salesperson's customer is theirs: no owner picker.
    expect(await app.page.getByTestId('new-customer-owner').count()).toBe(0);

    const shop = freshShop('新建测试');
    await fillForm(app, shop);
    await app.page.getByTestId('new-customer-submit').tap();
    await app.waitForToast('客户已新建');
    const landed = await app.waitForRoute('/pages/details/customerDetails');
    const id = Number(landed.query.get('id'));
    await app.page.getByText(shop.name).first().waitFor();
    const mine = await customerList(zhang, { keyword: shop.phone });
    expect(mine.list.map((customer) => [customer.id, customer.name, customer.owner?.id, customer.level])).toEqual([[id, shop.name, zhang.userId, 'A']]);

    // Again, under another name but the same phone: the existing customer, not a second one.
    await app.open('pages/details/newCustomer');
    await app.waitForTitle('新建客户');
    await fillForm(app, { name: `${shop.name}二店`, phone: shop.phone });
    await app.page.getByTestId('new-customer-submit').tap();
    const duplicate = app.page.getByTestId('customer-duplicate');
    await duplicate.waitFor();
    expect(await duplicate.count()).toBe(1);
    expect(await duplicate.textContent()).toContain(shop.name);
    expect(await duplicate.textContent()).toContain('是你的客户');
    // The 保存 button fades back from its busy state: checked once it has.
    await expect.poll(() => axeViolations(app.page)).toEqual([]);
    expect(layoutProblems(await layoutReport(app.page))).toEqual([]);
    expect(app.route().path).toBe('/pages/details/newCustomer');
    expect((await customerList(zhang, { keyword: shop.phone })).total).toBe(1);

    await duplicate.getByTestId('duplicate-open').tap();
    const opened = await app.waitForRoute('/pages/details/customerDetails');
    expect(Number(opened.query.get('id'))).toBe(id);
  });

  test('李娜 (a leader) creates a customer for 张伟 with the owner picker', async () => {
    const zhang = await apiLogin(ZHANG_WEI);
    const app = await harness.newApp({ bypassCSP: true });
    await app.signIn(LI_NA);
    await app.open('pages/details/newCustomer');
    await app.waitForTitle('新建客户');
    const owner = app.page.getByTestId('new-customer-owner');
    await owner.waitFor();
    expect((await owner.textContent())?.trim()).toBe('不指定（放入公海）');
    const shop = freshShop('主管新建');
    await fillForm(app, shop);
    await owner.tap();
    await app.page.locator('.adm-check-list-item', { hasText: '张伟' }).tap();
    await expect.poll(async () => (await owner.textContent())?.trim()).toBe('张伟');
    await app.page.getByTestId('new-customer-submit').tap();
    await app.waitForToast('客户已新建');
    const landed = await app.waitForRoute('/pages/details/customerDetails');
    const created = await customerList(zhang, { keyword: shop.phone });
    expect(created.list.map((customer) => [customer.id, customer.owner?.id])).toEqual([[Number(landed.query.get('id')), zhang.userId]]);
  });

  test('a colleague’s customer shows who has it and nothing to open', async () => {
    const leader = await apiLogin(LI_NA);
    const zhang = await apiLogin(ZHANG_WEI);
    const { list } = await staffList(leader);
    const colleague = list.find((person) => !person.isLeader && person.id !== zhang.userId);
    if (!colleague) throw new Error('华东一部 has no salesperson besides 张伟');
    const shop = freshShop('同事客户');
    await endpointData(leader, ROUTES.customerCreate, { siteId: SITE_101, name: shop.name, contactName: '赵', phone: shop.phone, level: 'C', ownerId: colleague.id });

    const app = await harness.newApp();
    await app.signIn(ZHANG_WEI);
    await app.open('pages/details/newCustomer');
    await app.waitForTitle('新建客户');
    await fillForm(app, { name: '完全不同的名字店', phone: shop.phone });
    await app.page.getByTestId('new-customer-submit').tap();
    const duplicate = app.page.getByTestId('customer-duplicate');
    await duplicate.waitFor();
    expect((await duplicate.textContent())?.replace(/\s+/g, ' ')).toBe(`${shop.name}已由 ${colleague.username} 负责`);
    expect(await duplicate.getByRole('button').count()).toBe(0);
  });
});
