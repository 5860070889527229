/**
 * The platform's sites, staff and customers (issue 27 §1): POST /seller/integration/sites, /staff
 * and /customers with the API key — upserted by external id (a batch sent twice changes nothing),
 * a bad row reported on its own while the good ones are kept, 离职 through the console's path (its
 * customers back to the pool, binding reason 'deactivate'), 查重 on new customers, an audit entry per
 * batch, and orders naming their customer by external id.
 */
import type { IngestResult, SyncResult } from '@sales/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectFailure, rows, useTestServer } from '../../helper.js';
import { firstCustomer, loginAll, scalar, type Role, type Session } from './support.js';

const API_KEY = 'platform-sync-key';
const server = useTestServer({ integrationApiKey: API_KEY });
let as: Record<Role, Session>;

beforeAll(async () => {
  as = await loginAll(server.app);
});

function push<T = SyncResult>(kind: 'sites' | 'staff' | 'customers' | 'orders', list: unknown[], key: string | null = API_KEY) {
  return call<T>(server.app, 'POST', `/seller/integration/${kind}`, { headers: key === null ? {} : { 'x-api-key': key }, body: { [kind]: list } });
}

const audits = (action: string) => scalar(server.db, sql`select count(*) as value from audit_log where action = ${action}`);

describe('POST /seller/integration/sites', () => {
  it('creates sites under their parents by external id, then updates; a second send changes nothing', async () => {
    const before = await audits('integration.sites');
    const batch = [
      { externalId: 'P-EAST', name: '平台华东大区', region: '华东' },
      { externalId: 'P-EAST-1', name: '平台杭州一部', region: '华东', parentExternalId: 'P-EAST' },
      { externalId: 'P-BAD', name: '孤儿站点', region: '华东', parentExternalId: 'P-NOWHERE' },
      { externalId: '', name: '空编号', region: '华东' },
      { name: '缺编号', region: '华东' },
    ];
    const first = await push('sites', batch);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ created: 2, updated: 0, failed: 3 });
    expect(first.body.data.errors.map((error) => [error.index, error.externalId])).toEqual([
      [2, 'P-BAD'],
      [3, ''],
      [4, null],
    ]);
    expect(first.body.data.errors[0]?.message).toContain('P-NOWHERE');
    expect(first.body.data.errors[2]?.message).toBe('缺少外部编号');
    const [east, child] = await rows<{ id: number; parentId: number | null; name: string }>(
      server.db,
      sql`select id, parent_id as "parentId", name from sites where external_id in ('P-EAST', 'P-EAST-1') order by external_id`,
    );
    expect(child?.parentId).toBe(east?.id);

    const again = await push('sites', batch.slice(0, 2));
    expect(again.body.data).toMatchObject({ created: 0, updated: 2, failed: 0 });
    expect(await scalar(server.db, sql`select count(*) as value from sites where external_id like 'P-EAST%'`)).toBe(2);

    const renamed = await push('sites', [{ externalId: 'P-EAST-1', name: '平台杭州二部', region: '华东', parentExternalId: 'P-EAST' }]);
    expect(renamed.body.data).toMatchObject({ created: 0, updated: 1, failed: 0 });
    expect(await scalar(server.db, sql`select count(*) as value from sites where name = '平台杭州二部'`)).toBe(1);
    // A site cannot go under itself or its own child.
    const cycle = await push('sites', [{ externalId: 'P-EAST', name: '平台华东大区', region: '华东', parentExternalId: 'P-EAST-1' }]);
    expect(cycle.body.data.errors[0]?.message).toBe('不能移到自己或下级站点之下');
    expect(await audits('integration.sites')).toBe(before + 4);
  });

  it('refuses without the key, and a body that is not rows', async () => {
    expectFailure(await push('sites', [{ externalId: 'X', name: 'x', region: 'x' }], null), 401);
    expectFailure(await push('sites', [{ externalId: 'X', name: 'x', region: 'x' }], 'wrong'), 401);
    const empty = await call(server.app, 'POST', '/seller/integration/sites', { headers: { 'x-api-key': API_KEY }, body: { sites: [] } });
    expectFailure(empty, 400);
    expect(await scalar(server.db, sql`select count(*) as value from sites where external_id = 'X'`)).toBe(0);
  });
});

describe('POST /seller/integration/staff', () => {
  it('hires, links an existing person by phone, updates positions; a second send changes nothing', async () => {
    const batch = [
      { externalId: 'U-1001', name: '平台新人', phone: '13912340001', positions: [{ siteId: 101 }] },
      // 张伟 exists: linked by his phone, his position kept.
      { externalId: 'U-ZW', name: '张伟', phone: '13800000001', positions: [{ siteId: 101, isLeader: false }] },
      { externalId: 'U-BAD', name: '坏手机', phone: '12345', positions: [] },
      { externalId: 'U-NOSITE', name: '无站点', phone: '13912340009', positions: [{ siteExternalId: 'NOPE' }] },
    ];
    const first = await push('staff', batch);
    expect(first.body.data).toMatchObject({ created: 1, updated: 1, failed: 2 });
    expect(first.body.data.errors.map((error) => error.index)).toEqual([2, 3]);
    expect(first.body.data.errors[0]?.message).toBe('请输入正确的手机号');
    expect(await scalar(server.db, sql`select id as value from staff where external_id = 'U-ZW'`)).toBe(as.zhangWei.id);
    const hired = await scalar(server.db, sql`select id as value from staff where external_id = 'U-1001'`);
    expect(await scalar(server.db, sql`select count(*) as value from positions where staff_id = ${hired} and site_id = 101`)).toBe(1);
    expect(await scalar(server.db, sql`select count(*) as value from audit_log where action = 'staff.create' and target_id = ${hired} and actor_id is null`)).toBe(1);

    const again = await push('staff', batch.slice(0, 2));
    expect(again.body.data).toMatchObject({ created: 0, updated: 2, failed: 0 });
    expect(await scalar(server.db, sql`select count(*) as value from staff where external_id = 'U-1001'`)).toBe(1);
    expect(await scalar(server.db, sql`select count(*) as value from audit_log where action = 'staff.update' and target_id = ${hired}`)).toBe(0);

    // Moved to 102 and made a leader there.
    const moved = await push('staff', [{ externalId: 'U-1001', name: '平台新人', phone: '13912340001', positions: [{ siteId: 102, isLeader: true }] }]);
    expect(moved.body.data).toMatchObject({ updated: 1, failed: 0 });
    expect(await rows(server.db, sql`select site_id as "siteId", is_leader as "isLeader" from positions where staff_id = ${hired}`)).toEqual([{ siteId: 102, isLeader: true }]);
  });

  it('active false is 离职: the customers they own go back to the pool with reason deactivate', async () => {
    await push('staff', [{ externalId: 'U-LEAVER', name: '要离职', phone: '13912340002', positions: [{ siteId: 101 }] }]);
    const leaver = await scalar(server.db, sql`select id as value from staff where external_id = 'U-LEAVER'`);
    const customers = await push('customers', [
      { externalId: 'C-L1', siteId: 101, name: '离职测试一号店', contactName: '甲', phone: '13912349001', ownerExternalId: 'U-LEAVER' },
      { externalId: 'C-L2', siteId: 101, name: '离职测试二号店', contactName: '乙', phone: '13912349002', ownerPhone: '13912340002' },
    ]);
    expect(customers.body.data).toMatchObject({ created: 2, failed: 0 });
    expect(await scalar(server.db, sql`select count(*) as value from customers where owner_id = ${leaver}`)).toBe(2);

    const left = await push('staff', [{ externalId: 'U-LEAVER', name: '要离职', phone: '13912340002', positions: [{ siteId: 101 }], active: false }]);
    expect(left.body.data).toMatchObject({ updated: 1, failed: 0 });
    expect(await scalar(server.db, sql`select count(*) as value from staff where id = ${leaver} and status = 'inactive'`)).toBe(1);
    expect(await scalar(server.db, sql`select count(*) as value from customers where external_id in ('C-L1', 'C-L2') and owner_id is null`)).toBe(2);
    const history = await rows<{ reason: string; kind: string }>(
      server.db,
      sql`select b.unbound_reason as reason, b.kind from customer_bindings b join customers c on c.id = b.customer_id where c.external_id in ('C-L1', 'C-L2') order by b.id`,
    );
    expect(history).toEqual([
      { reason: 'deactivate', kind: 'create' },
      { reason: 'deactivate', kind: 'create' },
    ]);
    expect(await scalar(server.db, sql`select count(*) as value from audit_log where action = 'staff.deactivate' and target_id = ${leaver}`)).toBe(1);
    // Sent again: nothing more happens.
    const again = await push('staff', [{ externalId: 'U-LEAVER', name: '要离职', phone: '13912340002', positions: [{ siteId: 101 }], active: false }]);
    expect(again.body.data).toMatchObject({ updated: 1, failed: 0 });
    expect(await scalar(server.db, sql`select count(*) as value from audit_log where action = 'staff.deactivate' and target_id = ${leaver}`)).toBe(1);
  });
});

describe('POST /seller/integration/customers', () => {
  it('creates into the pool or to an owner, updates by external id, and is idempotent', async () => {
    const batch = [
      { externalId: 'C-1', siteId: 101, name: '平台同步一号店', contactName: '赵', phone: '13912348001', level: 'A', source: '平台注册' },
      { externalId: 'C-2', siteId: 101, name: '平台同步二号店', contactName: '钱', phone: '0571-88886666', ownerPhone: '13800000001' },
      { externalId: 'C-3', siteId: 101, name: '坏电话店', contactName: '孙', phone: '123' },
      { externalId: 'C-4', siteId: 101, name: '外人负责店', contactName: '李', phone: '13912348004', ownerPhone: '13800000004' },
      { externalId: 'C-5', siteId: 9999, name: '无站点店', contactName: '周', phone: '13912348005' },
      { externalId: 'C-6', name: '两个都没有', contactName: '吴', phone: '13912348006' },
    ];
    const first = await push('customers', batch);
    expect(first.body.data).toMatchObject({ created: 2, updated: 0, failed: 4 });
    expect(first.body.data.errors.map((error) => [error.index, error.externalId])).toEqual([
      [2, 'C-3'],
      [3, 'C-4'],
      [4, 'C-5'],
      [5, 'C-6'],
    ]);
    expect(first.body.data.errors[1]?.message).toBe('负责人 13800000004 不是该站点的在职成员');
    const [pooled, owned] = await rows<{ id: number; ownerId: number | null; level: string; qr: string }>(
      server.db,
      sql`select id, owner_id as "ownerId", level, qr_token as qr from customers where external_id in ('C-1', 'C-2') order by external_id`,
    );
    expect(pooled).toMatchObject({ ownerId: null, level: 'A' });
    expect(owned?.ownerId).toBe(as.zhangWei.id);
    expect(owned?.qr).toMatch(/^[A-Za-z0-9_-]{20}$/);

    const again = await push('customers', batch.slice(0, 2));
    expect(again.body.data).toMatchObject({ created: 0, updated: 2, failed: 0 });
    expect(await scalar(server.db, sql`select count(*) as value from customers where external_id in ('C-1', 'C-2')`)).toBe(2);
    expect(await scalar(server.db, sql`select count(*) as value from customer_bindings where customer_id = ${owned?.id}`)).toBe(1);

    // The owner named null returns it to the pool; a new contact is taken.
    const released = await push('customers', [{ ...batch[1], contactName: '钱二', ownerPhone: null }]);
    expect(released.body.data).toMatchObject({ updated: 1, failed: 0 });
    expect(await rows(server.db, sql`select owner_id as "ownerId", contact_name as contact from customers where id = ${owned?.id}`)).toEqual([{ ownerId: null, contact: '钱二' }]);
    expect(await scalar(server.db, sql`select count(*) as value from customer_bindings where customer_id = ${owned?.id} and unbound_reason = 'unbind'`)).toBe(1);
  });

  it('查重: a new row with a phone or name the site already has is a per-row error naming the existing customer', async () => {
    const existing = await firstCustomer(server.db, sql`site_id = 101`);
    const phone = await rows<{ phone: string }>(server.db, sql`select phone from customers where id = ${existing.id}`);
    const response = await push('customers', [
      { externalId: 'C-DUP-PHONE', siteId: 101, name: '完全不同的名字店', contactName: '郑', phone: phone[0]?.phone },
      { externalId: 'C-DUP-NAME', siteId: 101, name: ` ${existing.name.replace(/ /g, '')} `, contactName: '王', phone: '13912347777' },
    ]);
    expect(response.body.data).toMatchObject({ created: 0, failed: 2 });
    expect(response.body.data.errors[0]?.message).toBe(`与已有客户「${existing.name}」（编号 ${existing.id}）同电话，未新建`);
    expect(response.body.data.errors[1]?.message).toContain(`（编号 ${existing.id}）`);
    expect(await scalar(server.db, sql`select count(*) as value from customers where external_id like 'C-DUP%'`)).toBe(0);
  });

  it('orders may name their customer by external id', async () => {
    await push('customers', [{ externalId: 'C-ORD', siteId: 101, name: '平台订单客户店', contactName: '冯', phone: '13912346001', ownerPhone: '13800000001' }]);
    const order = {
      orderNo: 'SYNC-ORD-1',
      siteId: 101,
      customerExternalId: 'C-ORD',
      status: 'paid',
      createdAt: '2026-01-05T09:00:00+08:00',
      paidAt: '2026-01-05T09:10:00+08:00',
      items: [{ name: '五常大米 10kg', quantity: 2, unitPrice: 89.9 }],
    };
    const before = await audits('integration.orders');
    const pushed = await push<IngestResult>('orders', [
      order,
      { ...order, orderNo: 'SYNC-ORD-2', customerExternalId: 'C-NOPE' },
      { ...order, orderNo: 'SYNC-ORD-3', customerId: 1 },
      { ...order, orderNo: 'SYNC-ORD-4', customerExternalId: undefined },
    ]);
    expect(pushed.body.data).toMatchObject({ created: 1, failed: 3 });
    expect(pushed.body.data.errors.map((error) => error.message)).toEqual([
      '外部编号为 C-NOPE 的客户不存在或不属于该站点',
      '请用 customerId 或 customerExternalId 之一指明客户',
      '请用 customerId 或 customerExternalId 之一指明客户',
    ]);
    const [figures] = await rows<{ orderCount: number; staffId: number }>(
      server.db,
      sql`select c.order_count as "orderCount", o.staff_id as "staffId" from customers c join orders o on o.customer_id = c.id where c.external_id = 'C-ORD'`,
    );
    expect(figures).toEqual({ orderCount: 1, staffId: as.zhangWei.id });
    expect(await audits('integration.orders')).toBe(before + 1);
  });
});
