// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { unreadBadgeContent } from './unread-badge';

describe('unreadBadgeContent', () => {
  it('shows nothing without unread notices, the count up to 99, then 99+', () => {
    expect(unreadBadgeContent(0)).toBeNull();
    expect(unreadBadgeContent(-1)).toBeNull();
    expect(unreadBadgeContent(1)).toBe('1');
    expect(unreadBadgeContent(99)).toBe('99');
    expect(unreadBadgeContent(100)).toBe('99+');
  });
});
