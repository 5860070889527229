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
