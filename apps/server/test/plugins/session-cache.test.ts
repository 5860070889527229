/**
 * The instance's cache of the 公海 rules (issue 29): kept for seconds, dropped when a site's own
 * rules or the tree change, here or (over Redis) on another instance, and never stored from a read
 * that began before such a change.
 */
import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import { describe, expect, it, vi } from 'vitest';
import { INVALIDATION_CHANNEL, SESSION_CACHE_TTL_MS, SessionCache } from '../../src/plugins/app/auth/session-cache.js';
import type { EffectivePoolRules } from '../../src/plugins/app/pool/pool-rules.js';

const rules = (noFollowUpDays: number): ReadonlyMap<number, EffectivePoolRules> =>
  new Map([
    [
      101,
      {
        siteId: 101,
        ownLimit: null,
        dailyClaimLimit: null,
        reclaimBlockDays: null,
        noFollowUpDays,
        noOrderDays: null,
        levelDays: null,
        warnDays: null,
        from: { ownLimit: null, dailyClaimLimit: null, reclaimBlockDays: null, noFollowUpDays: 101, noOrderDays: null, levelDays: null, warnDays: null },
      },
    ],
  ]);

/** A subscriber connection as connect() uses it: messages, subscribe and the connection's events. */
class FakeSubscriber extends EventEmitter {
  subscribe = vi.fn(async () => 1);
}

describe('SessionCache: the 公海 rules', () => {
  it('keeps what was read for the TTL, and drops it when the rules or the tree change', () => {
    vi.useFakeTimers();
    try {
      const cache = new SessionCache();
      cache.storePoolRules(rules(30), cache.generation);
      expect(cache.poolRules()?.get(101)?.noFollowUpDays).toBe(30);
      vi.advanceTimersByTime(SESSION_CACHE_TTL_MS + 1);
      expect(cache.poolRules()).toBeUndefined();

      cache.storePoolRules(rules(30), cache.generation);
      cache.apply({ poolRules: true });
      expect(cache.poolRules()).toBeUndefined();
      cache.storePoolRules(rules(30), cache.generation);
      cache.apply({ sites: true });
      expect(cache.poolRules()).toBeUndefined();
      // A user's change leaves the rules alone.
      cache.storePoolRules(rules(30), cache.generation);
      cache.apply({ staff: 5 });
      expect(cache.poolRules()).toBeDefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not store rules read before a change', () => {
    const cache = new SessionCache();
    const generation = cache.generation;
    cache.apply({ poolRules: true });
    cache.storePoolRules(rules(30), generation);
    expect(cache.poolRules()).toBeUndefined();
  });

  it('publishes a change to every instance and drops the rules when another instance’s message arrives', async () => {
    const published: [string, string][] = [];
    const publisher = { publish: vi.fn(async (channel: string, text: string) => published.push([channel, text])) } as unknown as Redis;
    const subscriber = new FakeSubscriber();
    const cache = new SessionCache();
    await cache.connect(publisher, subscriber as unknown as Redis);
    cache.storePoolRules(rules(30), cache.generation);
    await cache.invalidate({ poolRules: true });
    expect(published).toEqual([[INVALIDATION_CHANNEL, '{"poolRules":true}']]);

    cache.storePoolRules(rules(30), cache.generation);
    subscriber.emit('message', INVALIDATION_CHANNEL, '{"poolRules":true}');
    expect(cache.poolRules()).toBeUndefined();
  });
});
