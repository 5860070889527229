/** Idempotency-Key on 新增跟进 (issue 19): replay, 409, bad keys, per user, expiry, concurrency, a failed work. */
import type { FollowUp } from '@sales/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../helper.js';
import { firstCustomer, loginAll, scalar, STAFF_API, type Role, type Session } from '../sales/support.js';
import { BAD_KEYS, expectBadKey, expectBodyChanged, expire, keyedCall, keysOf, newKey } from './support.js';

const server = useTestServer();
let as: Record<Role, Session>;
let customerId = 0;

beforeAll(async () => {
  as = await loginAll(server.app);
  customerId = (await firstCustomer(server.db, sql`site_id = 101 and owner_id = ${as.zhangWei.id}`)).id;
});

const URL = `${STAFF_API}/followup/create`;
const body = (content: string) => ({ siteId: 101, customerId, type: '电话', content });
const create = (content: string, key?: string, session: Session = as.zhangWei, headerName?: string) =>
  keyedCall<FollowUp>(server.app, session, URL, body(content), key, headerName);
const countOf = (content: string) => scalar(server.db, sql`select count(*) as value from follow_ups where customer_id = ${customerId} and content = ${content}`);

describe('Idempotency-Key on followup/create', () => {
  it('a repeat with the same key returns the first answer and writes nothing', async () => {
    const key = newKey();
    const first = await create('幂等：电话确认到货', key);
    expect(first.status).toBe(200);
    const again = await create('幂等：电话确认到货', key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await countOf('幂等：电话确认到货')).toBe(1);
  });

  it('the same body with its keys in another order, the key in upper case, the header in any case: a replay', async () => {
    const key = newKey();
    const first = await create('幂等：顺序不同', key);
    expect(first.status).toBe(200);
    const reordered = await keyedCall<FollowUp>(server.app, as.zhangWei, URL, { content: '幂等：顺序不同', type: '电话', customerId, siteId: 101 }, key.toUpperCase(), 'IDEMPOTENCY-KEY');
    expect(reordered.status).toBe(200);
    expect(reordered.body.data.id).toBe(first.body.data.id);
    expect(await countOf('幂等：顺序不同')).toBe(1);
  });

  it('the same key with a changed body is a 409 in the app’s words and writes nothing', async () => {
    const key = newKey();
    expect((await create('幂等：第一次', key)).status).toBe(200);
    const changed = await create('幂等：改过的内容', key);
    expectBodyChanged(changed);
    // What a person reads in the toast or 待发送: what happened and what to do, no header names.
    expect(changed.body.msg).toBe('这条记录已提交过且内容不同，已保留先提交的内容，请刷新后查看或重新填写');
    expect(await countOf('幂等：改过的内容')).toBe(0);
    // The key still answers the first request.
    expect((await create('幂等：第一次', key)).status).toBe(200);
    expect(await countOf('幂等：第一次')).toBe(1);
  });

  it('the same key on another endpoint is a 409', async () => {
    const key = newKey();
    expect((await create('幂等：别的接口', key)).status).toBe(200);
    expectBodyChanged(await keyedCall(server.app, as.zhangWei, `${STAFF_API}/attendance/clock-out`, { siteId: 101 }, key));
  });

  it('a key that is not one UUID is a 400 and nothing is written', async () => {
    const before = await keysOf(server.db, as.zhangWei.id);
    for (const bad of BAD_KEYS) expectBadKey(await create(`幂等：坏键 ${bad}`, bad));
    expect(await scalar(server.db, sql`select count(*) as value from follow_ups where content like '幂等：坏键%'`)).toBe(0);
    expect(await keysOf(server.db, as.zhangWei.id)).toBe(before);
  });

  it('without the header every call writes, as before', async () => {
    expect((await create('幂等：无键')).status).toBe(200);
    expect((await create('幂等：无键')).status).toBe(200);
    expect(await countOf('幂等：无键')).toBe(2);
  });

  it("another user's same key is independent", async () => {
    const key = newKey();
    const mine = await create('幂等：两个人', key);
    const theirs = await create('幂等：两个人', key, as.liNa);
    expect(mine.status).toBe(200);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.id).not.toBe(mine.body.data.id);
    expect(await countOf('幂等：两个人')).toBe(2);
  });

  it('a key older than 24 hours is treated as new', async () => {
    const key = newKey();
    const first = await create('幂等：过期', key);
    await expire(server.db, as.zhangWei.id, key);
    const later = await create('幂等：过期', key);
    expect(later.status).toBe(200);
    expect(later.body.data.id).not.toBe(first.body.data.id);
    expect(await countOf('幂等：过期')).toBe(2);
    // Taken over: live again for 24 hours, so a third call replays the second.
    expect((await create('幂等：过期', key)).body.data.id).toBe(later.body.data.id);
    // And an expired key may carry another body.
    await expire(server.db, as.zhangWei.id, key);
    expect((await create('幂等：过期后换内容', key)).status).toBe(200);
  });

  it('two concurrent requests with one key write once and answer alike', async () => {
    const key = newKey();
    const answers = await Promise.all([create('幂等：并发', key), create('幂等：并发', key), create('幂等：并发', key)]);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body.data.id).toBe(answers[0]?.body.data.id);
    }
    expect(await countOf('幂等：并发')).toBe(1);
  });

  it('a refused work (4xx) leaves the key free for the next try', async () => {
    const key = newKey();
    const before = await keysOf(server.db, as.zhangWei.id);
    const missing = await keyedCall(server.app, as.zhangWei, URL, { ...body('幂等：客户不存在'), customerId: 999_999_999 }, key);
    expect(missing.status).toBeGreaterThanOrEqual(400);
    expect(missing.status).toBeLessThan(500);
    expect(await keysOf(server.db, as.zhangWei.id)).toBe(before);
    const retried = await create('幂等：改正后重试', key);
    expect(retried.status).toBe(200);
    expect(await countOf('幂等：改正后重试')).toBe(1);
  });
});
