/** Issue 27 §3: 系统设置 → 公海规则 — the tree's own and inherited rules, the save's checks, its audit entry, administrators only. */
import type { AdminPoolRulesList, AdminPoolRulesSite, CustomerPage, PoolRuleValues } from '@sales/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMINISTRATOR } from '../../../src/db/seed.js';
import { call, login, PHONES, rows, useTestServer } from '../../helper.js';

const server = useTestServer();
let adminToken = '';

beforeAll(async () => {
  adminToken = (await login(server.app, DEMO_ADMINISTRATOR.phone)).token;
});

const NONE: PoolRuleValues = { ownLimit: null, dailyClaimLimit: null, reclaimBlockDays: null, noFollowUpDays: null, noOrderDays: null, levelDays: null, warnDays: null };
const list = (token = adminToken) => call<AdminPoolRulesList>(server.app, 'POST', '/seller/admin/pool-rules/list', { token, body: {} });
const save = (siteId: number, rules: Partial<PoolRuleValues>, token = adminToken) =>
  call<AdminPoolRulesSite>(server.app, 'POST', '/seller/admin/pool-rules/save', { token, body: { siteId, rules: { ...NONE, ...rules } } });
const siteOf = async (siteId: number) => (await list()).body.data.list.find((site) => site.siteId === siteId);
const ownRow = async (siteId: number) => rows(server.db, sql`select * from site_pool_rules where site_id = ${siteId}`);

describe('公海规则 in the console', () => {
  it('lists every site with its own rules and the inherited ones, naming where each comes from', async () => {
    expect((await save(201, { noFollowUpDays: 45, warnDays: 5, ownLimit: 80 })).status).toBe(200);
    expect((await save(202, { noFollowUpDays: 20 })).status).toBe(200);
    const response = await list();
    expect(response.status).toBe(200);
    const child = response.body.data.list.find((site) => site.siteId === 202);
    expect(child).toMatchObject({ parentId: 201, returnsCustomers: true, warnDays: 5 });
    expect(child?.own).toMatchObject({ noFollowUpDays: 20, ownLimit: null });
    expect(child?.effective).toMatchObject({ noFollowUpDays: 20, ownLimit: 80, warnDays: 5 });
    expect(child?.from).toMatchObject({ noFollowUpDays: 202, ownLimit: 201, warnDays: 201, noOrderDays: null });
    const sibling = response.body.data.list.find((site) => site.siteId === 203);
    expect(sibling?.effective.noFollowUpDays).toBe(45);
    expect(sibling?.from.noFollowUpDays).toBe(201);
  });

  it('saves per-level days and records the change, before and after, in 操作日志', async () => {
    const saved = await save(203, { noOrderDays: 90, levelDays: { A: { noFollowUpDays: 60, noOrderDays: null }, B: { noFollowUpDays: null, noOrderDays: null } } });
    expect(saved.status, saved.body.msg).toBe(200);
    // A level with nothing set is left out.
    expect(saved.body.data.own.levelDays).toEqual({ A: { noFollowUpDays: 60, noOrderDays: null } });
    expect(saved.body.data.effective.noOrderDays).toBe(90);
    const [entry] = await rows<{ action: string; after: Record<string, unknown>; before: unknown }>(
      server.db,
      sql`select action, "after", "before" from audit_log where action = 'pool.rules' order by id desc limit 1`,
    );
    expect(entry?.action).toBe('pool.rules');
    expect(entry?.after).toMatchObject({ siteId: 203, noOrderDays: 90, levelDays: 'A: 未跟进 60 天，未成交 — 天' });
    const again = await save(203, { noOrderDays: 30 });
    expect(again.status).toBe(200);
    const [second] = await rows<{ before: Record<string, unknown> }>(server.db, sql`select "before" from audit_log where action = 'pool.rules' order by id desc limit 1`);
    expect(second?.before).toMatchObject({ noOrderDays: 90 });
  });

  it('shows a save in the customer list’s 剩余 N 天 at once, though the app keeps the rules it read', async () => {
    const zhang = (await login(server.app, PHONES.zhangWei)).token;
    const customerList = async (keyword?: string) => {
      const response = await call<CustomerPage>(server.app, 'POST', '/seller/fenghe/staff/customer/list', { token: zhang, body: { siteId: 101, pageSize: 50, keyword } });
      expect(response.status, response.body.msg).toBe(200);
      return new Map(response.body.data.list.map((item) => [item.id, item.returnDaysLeft]));
    };
    expect((await save(101, { noFollowUpDays: 3000 })).status).toBe(200);
    expect((await siteOf(101))?.effective).toMatchObject({ noFollowUpDays: 3000, noOrderDays: null, levelDays: null });
    const before = await customerList();
    // Read twice: the second comes from what the app keeps.
    expect(await customerList()).toEqual(before);
    const counted = [...before].filter((entry): entry is [number, number] => entry[1] !== null);
    expect(counted.length).toBeGreaterThan(0);
    expect((await save(101, { noFollowUpDays: 2000 })).status).toBe(200);
    // A keyword's list first, then the whole list: both read the rules the save left.
    const found = await customerList('店');
    expect(found.size).toBeGreaterThan(0);
    const both = [...found].filter(([id]) => typeof before.get(id) === 'number');
    expect(both.length).toBeGreaterThan(0);
    for (const [id, days] of both) expect(days, `customer ${id}`).toBe((before.get(id) ?? 0) - 1000);
    const after = await customerList();
    for (const [id, days] of counted) expect(after.get(id), `customer ${id}`).toBe(days - 1000);
    expect((await save(101, {})).status).toBe(200);
    expect([...(await customerList()).values()].every((days) => days === null)).toBe(true);
  });

  it('refuses negative, zero and absurd values with a Chinese message naming the rule, writing nothing', async () => {
    const before = await ownRow(102);
    const audits = async () => (await rows(server.db, sql`select id from audit_log where action = 'pool.rules'`)).length;
    const auditsBefore = await audits();
    const cases: [Partial<PoolRuleValues>, RegExp][] = [
      [{ noFollowUpDays: -5 }, /^未跟进回收天数须为 1 到 3650 之间的整数/],
      [{ noOrderDays: 0 }, /^未成交回收天数须为/],
      [{ ownLimit: 10_000_000 }, /^拥有客户上限须为 1 到 100000/],
      [{ warnDays: 400 }, /^提前提醒天数须为 1 到 365/],
      [{ levelDays: { C: { noFollowUpDays: 99999, noOrderDays: null } } }, /^C 类客户的未跟进回收天数须为/],
    ];
    for (const [rules, message] of cases) {
      const response = await save(102, rules);
      expect(response.status, JSON.stringify(rules)).toBe(400);
      expect(response.body.msg).toMatch(message);
    }
    // A wrong type is refused by the schema, never coerced.
    const typed = await call(server.app, 'POST', '/seller/admin/pool-rules/save', { token: adminToken, body: { siteId: 102, rules: { ...NONE, noFollowUpDays: '30' } } });
    expect(typed.status).toBe(400);
    const unknown = await save(99_999, { noFollowUpDays: 30 });
    expect(unknown.status).toBe(404);
    expect(await ownRow(102)).toEqual(before);
    expect(await audits()).toBe(auditsBefore);
  });

  it('is for 系统管理员 only: a site leader gets 403 and nothing is written', async () => {
    const leader = (await login(server.app, PHONES.liNa)).token;
    expect((await list(leader)).status).toBe(403);
    const refused = await save(101, { noFollowUpDays: 1 }, leader);
    expect(refused.status).toBe(403);
    expect((await siteOf(101))?.own.noFollowUpDays).not.toBe(1);
  });
});
