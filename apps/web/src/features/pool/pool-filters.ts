import { CUSTOMER_LEVELS, type CustomerLevel } from '@sales/contract';
import { parseId } from '../../lib/query-params';
import type { PoolQuery } from './api/get-pool-list';

/** What the user chose on 公海客户. */
export interface PoolFilters {
  keyword: string;
  level: CustomerLevel | 'all';
  /** 'all' or the id of the customers' last owner. */
  lastOwner: 'all' | number;
}

/** The pool/list body for the chosen filters, without paging; unset filters are left out. */
export function poolQuery(filters: PoolFilters): PoolQuery {
  const query: PoolQuery = {};
  const keyword = filters.keyword.trim().slice(0, 50);
  if (keyword) query.keyword = keyword;
  if (filters.level !== 'all') query.level = filters.level;
  if (filters.lastOwner !== 'all') query.lastOwnerId = filters.lastOwner;
  return query;
}

/** The pool/list body of the page opened without filters in its address: index.html's early call's (app/early-calls.ts). */
export const defaultPoolQuery = (): PoolQuery => poolQuery(parsePoolFilters(new URLSearchParams()));

/**
 * Reads the filters from the query string: `keyword` (新建客户's 查重 links here with the name of a
 * duplicate in the pool), `level`, `lastOwner`.
 */
export function parsePoolFilters(params: URLSearchParams): PoolFilters {
  const level = CUSTOMER_LEVELS.find((candidate) => candidate === params.get('level'));
  return { keyword: params.get('keyword') ?? '', level: level ?? 'all', lastOwner: parseId(params.get('lastOwner')) ?? 'all' };
}

/** Writes the filters into the query string, leaving other parameters alone. */
export function writePoolFilters(filters: PoolFilters, params: URLSearchParams): void {
  const set = (key: string, value: string, unset: string) => (value === unset ? params.delete(key) : params.set(key, value));
  set('keyword', filters.keyword.trim(), '');
  set('level', filters.level, 'all');
  set('lastOwner', String(filters.lastOwner), 'all');
}

/** 已拥有 12/200 · 今日已领取 1/5: the caller's usage of the caps (a cap that is off shows the count alone). */
export function usageText(usage: { owned: number; claimedToday: number }, rules: { ownLimit: number | null; dailyClaimLimit: number | null }): string {
  const owned = rules.ownLimit === null ? `已拥有 ${usage.owned}` : `已拥有 ${usage.owned}/${rules.ownLimit}`;
  const today = rules.dailyClaimLimit === null ? `今日已领取 ${usage.claimedToday}` : `今日已领取 ${usage.claimedToday}/${rules.dailyClaimLimit}`;
  return `${owned} · ${today}`;
}

/** The site's rules in a line: 拥有上限 200 · 每日领取 5 · 前负责人 7 天内不能领取; 不限 when none is set. */
export function rulesText(rules: { ownLimit: number | null; dailyClaimLimit: number | null; reclaimBlockDays: number | null }): string {
  const parts: string[] = [];
  if (rules.ownLimit !== null) parts.push(`拥有上限 ${rules.ownLimit}`);
  if (rules.dailyClaimLimit !== null) parts.push(`每日领取上限 ${rules.dailyClaimLimit}`);
  if (rules.reclaimBlockDays !== null && rules.reclaimBlockDays > 0) parts.push(`前负责人 ${rules.reclaimBlockDays} 天内不能再领取`);
  return parts.length > 0 ? parts.join(' · ') : '本站点未设领取限制';
}

/** What the caller does in the pool: 领取 (a salesperson of the site) or select and 分配 (a leader). */
export interface PoolRole {
  canClaim: boolean;
  canAssign: boolean;
}

/**
 * The caller's role in the pool: the server's (pool/rules) once it has answered, until then the one
 * the session gives for the current site, so that the cards, the usage line and the action bar are
 * drawn for the right role from the first render instead of appearing when the rules arrive.
 */
export function poolRole(rules: PoolRole | undefined, isLeaderOfSite: boolean): PoolRole {
  if (rules) return { canClaim: rules.canClaim, canAssign: rules.canAssign };
  return { canClaim: !isLeaderOfSite, canAssign: isLeaderOfSite };
}
