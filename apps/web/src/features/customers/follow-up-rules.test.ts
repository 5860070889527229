// @vitest-environment node
// The phone is set to New York time: every time the rules give must still be China time.
const phoneZone = process.env.TZ;
process.env.TZ = 'America/New_York';

import { afterAll, describe, expect, it } from 'vitest';
import { earliestNextContact, followUpContentError, latestNextContact, nextContactError, suggestedNextContact } from './follow-up-rules';

afterAll(() => {
  if (phoneZone === undefined) delete process.env.TZ;
  else process.env.TZ = phoneZone;
});

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

describe('the next-contact picker on a phone not set to China time', () => {
  // New York: 2025-05-14 22:00 there is 2025-05-15 10:00 in China.
  const now = new Date('2025-05-15T10:00:00+08:00');

  it('starts at tomorrow 10:00 China time', () => {
    expect(suggestedNextContact(now).toISOString()).toBe(new Date('2025-05-16T10:00:00+08:00').toISOString());
    // Across a month end, late in the China day.
    expect(suggestedNextContact(new Date('2025-05-31T23:50:00+08:00')).toISOString()).toBe(new Date('2025-06-01T10:00:00+08:00').toISOString());
  });

  it('offers later today in half hours from at least 15 minutes ahead, and up to the last half hour the server takes', () => {
    expect(earliestNextContact(new Date('2025-05-15T10:10:00+08:00')).toISOString()).toBe(new Date('2025-05-15T10:30:00+08:00').toISOString());
    expect(earliestNextContact(new Date('2025-05-15T10:20:00+08:00')).toISOString()).toBe(new Date('2025-05-15T11:00:00+08:00').toISOString());
    expect(earliestNextContact(new Date('2025-05-15T23:50:00+08:00')).toISOString()).toBe(new Date('2025-05-16T00:30:00+08:00').toISOString());
    expect(latestNextContact(now).toISOString()).toBe(new Date('2026-05-15T23:30:00+08:00').toISOString());
  });

  it('never refuses a time it offered, even one that passed while the form stayed open', () => {
    const offered = earliestNextContact(now);
    expect(nextContactError(offered, now)).toBeNull();
    expect(nextContactError(offered, new Date(offered.getTime() + 20 * 60_000))).toBeNull();
    expect(nextContactError(latestNextContact(now), now)).toBeNull();
    expect(nextContactError(null, now)).toBeNull();
  });

  it('refuses what the server refuses: before today or more than a year ahead (China days)', () => {
    expect(nextContactError(new Date('2025-05-14T23:59:00+08:00'), now)).toBe('下次联系时间不能早于今天');
    expect(nextContactError(new Date('2026-05-16T00:01:00+08:00'), now)).toBe('下次联系时间不能超过一年');
  });
});
