// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { OutboxItem } from '../lib/outbox/types';
import { queryKeysOf } from './start-outbox';

const sent = (context: OutboxItem['context']): OutboxItem => ({ id: 'k', userId: 1, path: '/x', body: { siteId: 101 }, createdAt: 1, state: 'waiting', context });

describe('what a sent outbox item refreshes', () => {
  it('a follow-up: its customer and 今日待办, which it may clear', () => {
    expect(queryKeysOf(sent({ kind: 'followUp', customerId: 7, content: '回访', type: '电话' }))).toEqual([
      ['customers', 101, 'follow-ups', 7],
      ['customers', 101, 'detail', 7],
      ['todo', 101],
    ]);
  });

  it('a report: its kind’s lists and 今日待办’s owed reports; a clock: the attendance', () => {
    expect(queryKeysOf(sent({ kind: 'report', report: 'weekly', periodStart: '2026-11-23' }))).toEqual([
      ['reports', 'weekly', 101],
      ['todo', 101],
    ]);
    expect(queryKeysOf(sent({ kind: 'clock', clock: 'in' }))).toEqual([['attendance', 101]]);
  });
});
