import { CUSTOMER_OUT_OF_REACH, IDEMPOTENCY_MESSAGES } from '@sales/contract';
import type { OutboxItem } from './types';

const REPORT_NAMES = { weekly: '周报', halfMonth: '半月报' } as const;

/** What the item is, in a few words (the 待发送 page). */
export function describeOutboxItem(item: OutboxItem): string {
  const { context } = item;
  if (context.kind === 'followUp') return `跟进（${context.type}）：${context.content}`;
  if (context.kind === 'clock') return context.clock === 'in' ? '上班打卡' : '下班打卡';
  return `${REPORT_NAMES[context.report]}（${context.periodStart} 起）`;
}

/** 待发送 / 发送中 / 发送失败. */
export function outboxStateLabel(item: OutboxItem): string {
  if (item.state === 'failed') return '发送失败';
  if (item.state === 'sending') return '发送中';
  return '待发送';
}

/**
 * Refusals the server worded otherwise before issue 25, kept on phones in failed items: shown in
 * today's words, the same as a refusal received now.
 */
const FORMER_MESSAGES: Readonly<Record<string, string>> = {
  客户不存在: CUSTOMER_OUT_OF_REACH,
  '同一个 Idempotency-Key 已用于内容不同的请求': IDEMPOTENCY_MESSAGES.bodyChanged,
};

/** Why a failed item was refused, in words a person can act on (the server's message). */
export function outboxFailureMessage(item: OutboxItem): string {
  const message = item.message ?? '';
  return FORMER_MESSAGES[message] ?? message;
}
