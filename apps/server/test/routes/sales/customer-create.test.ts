/**
 * 新建客户 with 查重 (issue 27 §1): POST /seller/fenghe/staff/customer/create. A salesperson's new
 * customer is theirs (binding 'create'); a leader names the owner or the pool; the same phone or
 * name (spaces and full-width aside) within the site is a 409 naming the existing customer as the
 * caller may see it; two creates of one shop at once write one customer; figures count it.
 */
import { CUSTOMER_DUPLICATE_MESSAGE, CUSTOMER_PHONE_INVALID, parseCustomerQr, type CustomerDetail, type CustomerDuplicateData } from '@sales/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, rows, useTestServer } from '../../helper.js';
import { keyedCall, newKey } from '../idempotency/support.js';
import { firstCustomer, loginAll, scalar, STAFF_API, staffCall, type Role, type Session } from './support.js';

const server = useTestServer();
let as: Record<Role, Session>;

beforeAll(async () => {
  as = await loginAll(server.app);
});

let serial = 0;
/** A phone and a name no demo customer has. */
function fresh() {
  serial += 1;
  return { name: `测试新建客户${serial}号店`, phone: `1990000${String(serial).padStart(4, '0')}` };
}

const body = (overrides: Record<string, unknown> = {}) => ({ siteId: 101, ...fresh(), contactName: '王老板', address: '人民路 1 号', level: 'B', source: '地推开发', ...overrides });
const create = (session: Session, input: Record<string, unknown>) => staffCall<CustomerDetail>(server.app, session, 'customer/create', input);

async function bindingsOf(customerId: number) {
  return rows<{ staffId: number; boundBy: number | null; kind: string; unboundAt: Date | null }>(
    server.db,
    sql`select staff_id as "staffId", bound_by as "boundBy", kind, unbound_at as "unboundAt" from customer_bindings where customer_id = ${customerId} order by id`,
  );
}

function duplicatesIn(response: { status: number; body: { code: number; msg: string; data: unknown } }) {
  expect(response.status).toBe(409);
  expect(response.body.code).toBe(409);
  expect(response.body.msg).toBe(CUSTOMER_DUPLICATE_MESSAGE);
  return (response.body.data as CustomerDuplicateData).duplicates;
}

describe('新建客户', () => {
  it('a salesperson creates a customer bound to themself, with a QR code, audited, counted as their new customer', async () => {
    const input = body({ latitude: 31.2304, longitude: 121.4737 });
    const newBefore = await scalar(server.db, sql`select coalesce(sum(new_customers), 0) as value from performance_daily where site_id = 101 and staff_id = ${as.zhangWei.id}`);
    const response = await create(as.zhangWei, input);
    expect(response.status).toBe(200);
    const customer = response.body.data;
    expect(customer).toMatchObject({ name: input.name, contactName: '王老板', phone: input.phone, level: 'B', source: '地推开发', address: '人民路 1 号', owner: { id: as.zhangWei.id } });
    expect(customer.position).toMatchObject({ latitude: 31.2304, longitude: 121.4737, source: 'create' });
    expect(parseCustomerQr(customer.qrPayload ?? '')).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(await bindingsOf(customer.id)).toEqual([{ staffId: as.zhangWei.id, boundBy: as.zhangWei.id, kind: 'create', unboundAt: null }]);
    expect(await scalar(server.db, sql`select count(*) as value from audit_log where action = 'customer.create' and detail like ${`customer ${customer.id} %`}`)).toBe(1);
    // The credited_staff_id trigger credits the creator; performance_daily counts the new customer.
    expect(await scalar(server.db, sql`select credited_staff_id as value from customers where id = ${customer.id}`)).toBe(as.zhangWei.id);
    const newAfter = await scalar(server.db, sql`select coalesce(sum(new_customers), 0) as value from performance_daily where site_id = 101 and staff_id = ${as.zhangWei.id}`);
    expect(newAfter).toBe(newBefore + 1);
    // It is in their list, whose total comes from customer_tallies.
    const list = await staffCall<{ total: number; list: { id: number }[] }>(server.app, as.zhangWei, 'customer/list', { siteId: 101, keyword: input.name });
    expect(list.body.data.list.map((row) => row.id)).toEqual([customer.id]);
    const all = await staffCall<{ total: number }>(server.app, as.zhangWei, 'customer/list', { siteId: 101 });
    expect(all.body.data.total).toBe(await scalar(server.db, sql`select count(*) as value from customers where site_id = 101 and owner_id = ${as.zhangWei.id}`));
  });

  it('a salesperson cannot name an owner', async () => {
    expectFailure(await create(as.zhangWei, body({ ownerId: null })), 403, '只有站点负责人可以指定负责人');
  });

  it('a leader creates for a member of the site, or into the pool', async () => {
    const forMember = await create(as.liNa, body({ ownerId: as.zhangWei.id }));
    expect(forMember.status).toBe(200);
    expect(forMember.body.data.owner?.id).toBe(as.zhangWei.id);
    expect(await bindingsOf(forMember.body.data.id)).toEqual([{ staffId: as.zhangWei.id, boundBy: as.liNa.id, kind: 'create', unboundAt: null }]);

    const toPool = await create(as.liNa, body({ ownerId: null }));
    expect(toPool.status).toBe(200);
    expect(toPool.body.data.owner).toBeNull();
    expect(await bindingsOf(toPool.body.data.id)).toEqual([]);

    // 刘洋 is not a member of 101.
    const before = await scalar(server.db, sql`select count(*) as value from customers`);
    expectFailure(await create(as.liNa, body({ ownerId: as.liuYang.id })), 400, '负责人须是本站点的在职成员');
    expect(await scalar(server.db, sql`select count(*) as value from customers`)).toBe(before);
  });

  it('refuses bad input with a Chinese message and writes nothing', async () => {
    const before = await scalar(server.db, sql`select count(*) as value from customers`);
    expectFailure(await create(as.zhangWei, body({ phone: '12345' })), 400, CUSTOMER_PHONE_INVALID);
    expectFailure(await create(as.zhangWei, body({ phone: '021 1234' })), 400, CUSTOMER_PHONE_INVALID);
    expectFailure(await create(as.zhangWei, body({ name: '   ' })), 400, '请填写客户名称');
    expectFailure(await create(as.zhangWei, body({ contactName: ' ' })), 400, '请填写联系人');
    expectFailure(await create(as.zhangWei, body({ level: 'D' })), 400);
    expectFailure(await create(as.zhangWei, body({ latitude: 31.2 })), 400, '请同时提供经度和纬度');
    expectFailure(await create(as.zhangWei, body({ latitude: 95, longitude: 10 })), 400);
    expectFailure(await create(as.zhangWei, body({ phone: 13900000000 })), 400);
    // A site where the caller holds no position.
    expectFailure(await create(as.zhangWei, body({ siteId: 201 })), 403);
    expect(await scalar(server.db, sql`select count(*) as value from customers`)).toBe(before);
  });

  it('a landline is a phone', async () => {
    const response = await create(as.zhangWei, body({ phone: '021-61234567' }));
    expect(response.status).toBe(200);
    expect(response.body.data.phone).toBe('021-61234567');
  });
});

describe('查重', () => {
  it('the same phone is the same customer: one’s own shows its id to open', async () => {
    const first = await create(as.zhangWei, body());
    const again = await create(as.zhangWei, body({ phone: first.body.data.phone.replace(/^(\d{3})(\d{4})/, '$1 $2 ') }));
    expect(duplicatesIn(again)).toEqual([{ relation: 'mine', id: first.body.data.id, name: first.body.data.name, ownerName: null, matched: 'phone' }]);
  });

  it('the same name with spaces and full-width letters is the same customer', async () => {
    const first = await create(as.zhangWei, body({ name: 'ABC 便利店 人民路店' }));
    expect(first.status).toBe(200);
    const again = await create(as.zhangWei, body({ name: ' ＡＢＣ便利店　人民路店 ' }));
    expect(duplicatesIn(again)).toEqual([{ relation: 'mine', id: first.body.data.id, name: 'ABC 便利店 人民路店', ownerName: null, matched: 'name' }]);
    // Another site may have a shop of that name.
    const elsewhere = await create(as.chenJing, body({ siteId: 102, name: 'ABC便利店人民路店' }));
    expect(elsewhere.status).toBe(200);
  });

  it('a colleague’s customer shows its name and the colleague only — no id, no contact data', async () => {
    const theirs = await firstCustomer(server.db, sql`site_id = 101 and owner_id is not null and owner_id <> ${as.zhangWei.id}`);
    const [owner] = await rows<{ username: string; phone: string; contact: string }>(
      server.db,
      sql`select s.username, c.phone, c.contact_name as contact from customers c join staff s on s.id = c.owner_id where c.id = ${theirs.id}`,
    );
    const response = await create(as.zhangWei, body({ phone: owner?.phone }));
    expect(duplicatesIn(response)).toEqual([{ relation: 'colleague', id: null, name: theirs.name, ownerName: owner?.username, matched: 'phone' }]);
    expect(response.raw.body).not.toContain(owner?.phone);
    expect(response.raw.body).not.toContain(owner?.contact);
    // A leader sees every customer of the site, so the id comes along to open it.
    const asLeader = await create(as.liNa, body({ phone: owner?.phone }));
    expect(duplicatesIn(asLeader)[0]).toMatchObject({ relation: 'colleague', id: theirs.id, ownerName: owner?.username });
  });

  it('a pool customer shows its name and id (to claim it)', async () => {
    const pooled = await create(as.liNa, body({ ownerId: null }));
    const response = await create(as.zhangWei, body({ name: pooled.body.data.name }));
    expect(duplicatesIn(response)).toEqual([{ relation: 'pool', id: pooled.body.data.id, name: pooled.body.data.name, ownerName: null, matched: 'name' }]);
  });

  it('two creates of one shop at once write one customer; the other is told it exists', async () => {
    const input = body();
    const before = await scalar(server.db, sql`select count(*) as value from customers where site_id = 101`);
    const [a, b] = await Promise.all([create(as.zhangWei, input), create(as.liNa, { ...input, name: `${input.name} ` })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await scalar(server.db, sql`select count(*) as value from customers where site_id = 101`)).toBe(before + 1);
  });

  it('with an Idempotency-Key a repeat replays the customer, not a 409', async () => {
    const key = newKey();
    const input = body();
    const first = await keyedCall<CustomerDetail>(server.app, as.zhangWei, `${STAFF_API}/customer/create`, input, key);
    expect(first.status).toBe(200);
    const again = await keyedCall<CustomerDetail>(server.app, as.zhangWei, `${STAFF_API}/customer/create`, input, key);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(await scalar(server.db, sql`select count(*) as value from customers where phone = ${input.phone}`)).toBe(1);
    // Without the key, the same shop is a duplicate.
    expect(duplicatesIn(await create(as.zhangWei, input))[0]?.id).toBe(first.body.data.id);
  });
});
