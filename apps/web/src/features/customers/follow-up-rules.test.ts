import { describe, expect, it } from 'vitest';
import { followUpContentError, nextContactError, suggestedNextContact } from './follow-up-rules';

describe('followUpContentError', () => {
  it('requires some text', () => {
    expect(followUpContentError('')).toBe('请填写跟进内容');
    expect(followUpContentError('   \n ')).toBe('请填写跟进内容');
    expect(followUpContentError(undefined)).toBe('请填写跟进内容');
  });

  it('accepts up to 500 characters', () => {
    expect(followUpContentError('电话沟通了新品报价')).toBeNull();
    expect(followUpContentError('字'.repeat(500))).toBeNull();
    expect(followUpContentError('字'.repeat(501))).toBe('跟进内容不能超过 500 字');
  });
});

describe('nextContactError', () => {
  const now = new Date('2025-05-14T10:00:00+08:00');

  it('allows no time, or a time later than now', () => {
    expect(nextContactError(null, now)).toBeNull();
    expect(nextContactError(new Date('2025-05-15T09:00:00+08:00'), now)).toBeNull();
  });

  it('refuses a time that has passed', () => {
    expect(nextContactError(new Date('2025-05-14T09:59:00+08:00'), now)).toBe('下次联系时间需晚于现在');
    expect(nextContactError(now, now)).toBe('下次联系时间需晚于现在');
  });
});

describe('suggestedNextContact', () => {
  it('is tomorrow at 10:00, also across a month end', () => {
    const next = suggestedNextContact(new Date(2025, 4, 31, 18, 30));
    expect([next.getFullYear(), next.getMonth(), next.getDate(), next.getHours(), next.getMinutes()]).toEqual([2025, 5, 1, 10, 0]);
  });
});
