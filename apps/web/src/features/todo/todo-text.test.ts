// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { badgeText, dueLabel, owedReportHint, owedReportTitle } from './todo-text';

describe('todo text', () => {
  it('marks overdue customers with their days and today’s with the China time', () => {
    expect(dueLabel({ daysOverdue: 3, nextContactAt: '2026-11-21T02:00:00.000Z' })).toBe('逾期 3 天');
    // 07:00 UTC is 15:00 in China.
    expect(dueLabel({ daysOverdue: 0, nextContactAt: '2026-11-24T07:00:00.000Z' })).toBe('今天 15:00');
  });

  it('names the reports owed and when they are due', () => {
    expect(owedReportTitle({ kind: 'weekly' })).toBe('写本周周报');
    expect(owedReportTitle({ kind: 'halfMonth' })).toBe('写本期半月报');
    expect(owedReportHint({ label: '2026年11月下半月', periodEnd: '2026-11-30' })).toBe('2026年11月下半月 · 11月30日截止');
  });

  it('badges: nothing at 0, 99+ past 99', () => {
    expect(badgeText(0)).toBeUndefined();
    expect(badgeText(undefined)).toBeUndefined();
    expect(badgeText(7)).toBe('7');
    expect(badgeText(120)).toBe('99+');
  });
});
