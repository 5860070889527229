// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parsePoolFilters, poolQuery, poolRole, rulesText, usageText, writePoolFilters } from './pool-filters';

describe('公海 filters', () => {
  it('reads the keyword a 查重 link carries, and round-trips the filters', () => {
    const filters = parsePoolFilters(new URLSearchParams('keyword=%E4%BE%BF%E5%88%A9%E5%BA%97&level=A&lastOwner=12'));
    expect(filters).toEqual({ keyword: '便利店', level: 'A', lastOwner: 12 });
    expect(poolQuery(filters)).toEqual({ keyword: '便利店', level: 'A', lastOwnerId: 12 });
    const params = new URLSearchParams('other=1');
    writePoolFilters({ keyword: '  ', level: 'all', lastOwner: 'all' }, params);
    expect(params.toString()).toBe('other=1');
    expect(parsePoolFilters(new URLSearchParams('level=D&lastOwner=x'))).toEqual({ keyword: '', level: 'all', lastOwner: 'all' });
  });

  it('writes the usage and the rules as people read them', () => {
    expect(usageText({ owned: 12, claimedToday: 1 }, { ownLimit: 200, dailyClaimLimit: 5 })).toBe('已拥有 12/200 · 今日已领取 1/5');
    expect(usageText({ owned: 12, claimedToday: 1 }, { ownLimit: null, dailyClaimLimit: null })).toBe('已拥有 12 · 今日已领取 1');
    expect(rulesText({ ownLimit: 200, dailyClaimLimit: 5, reclaimBlockDays: 7 })).toBe('拥有上限 200 · 每日领取上限 5 · 前负责人 7 天内不能再领取');
    expect(rulesText({ ownLimit: null, dailyClaimLimit: null, reclaimBlockDays: 0 })).toBe('本站点未设领取限制');
  });

  it('takes the role from the server once it has answered, from the session until then', () => {
    expect(poolRole(undefined, true)).toEqual({ canClaim: false, canAssign: true });
    expect(poolRole(undefined, false)).toEqual({ canClaim: true, canAssign: false });
    // The server decides: a leader the session does not know of yet, a member who neither claims nor assigns.
    expect(poolRole({ canClaim: false, canAssign: true }, false)).toEqual({ canClaim: false, canAssign: true });
    expect(poolRole({ canClaim: false, canAssign: false }, false)).toEqual({ canClaim: false, canAssign: false });
  });
});
