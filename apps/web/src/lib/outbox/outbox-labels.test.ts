// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { describeOutboxItem, outboxFailureMessage } from './outbox-labels';
import type { OutboxItem } from './types';

const followUp = (message: string | undefined): OutboxItem => ({
  id: 'k-1',
  userId: 1,
  path: '/seller/fenghe/staff/customer/followup/create',
  body: {},
  createdAt: 0,
  state: 'failed',
  message,
  context: { kind: 'followUp', customerId: 7, content: '约了周五再谈', type: '拜访' },
});

describe('outboxFailureMessage (why 待发送 could not send an item)', () => {
  it('shows the server’s refusal as it came', () => {
    expect(outboxFailureMessage(followUp('跟进内容不能超过500字'))).toBe('跟进内容不能超过500字');
    expect(describeOutboxItem(followUp(undefined))).toBe('跟进（拜访）：约了周五再谈');
  });

  it('words a customer transferred away as the customer page does, also for an item refused before the update', () => {
    const now = '该客户不在你的客户列表中，可能已转给他人或不属于当前站点';
    expect(outboxFailureMessage(followUp(now))).toBe(now);
    expect(outboxFailureMessage(followUp('客户不存在'))).toBe(now);
  });

  it('says what to do about a changed resend instead of naming a header', () => {
    const message = outboxFailureMessage(followUp('同一个 Idempotency-Key 已用于内容不同的请求'));
    expect(message).toBe('这条记录已提交过且内容不同，已保留先提交的内容，请刷新后查看或重新填写');
    expect(message).not.toContain('Idempotency');
  });
});
