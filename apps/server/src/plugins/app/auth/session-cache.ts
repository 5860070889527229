import type { UserInfo } from '@sales/contract';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { SessionUser } from '../account/account-shared.js';
import type { EffectivePoolRules } from '../pool/pool-rules.js';
import type { SalesScope } from '../sales/sales-authorization.js';

/** How long a cached session or user info is served without asking the database again. */
export const SESSION_CACHE_TTL_MS = 10_000;
/** Entries per cache; beyond it the least recently used go first. */
export const SESSION_CACHE_MAX = 10_000;
/** The Redis channel every instance listens on for ended sessions and changed users. */
export const INVALIDATION_CHANNEL = 'sales:session-cache:invalidate';

export interface CachedSession {
  user: SessionUser;
  /** When the session itself expires (ms since the epoch): a cached entry never outlives it. */
  expiresAt: number;
}

/**
 * What changed: one session ended, anything of a user (sessions, phone, password, positions,
 * deletion), the site tree (a site created, renamed, moved, archived or restored: who leads
 * which site, and the switcher's sites, may change for anyone above it, so every user's info and
 * scopes go, and the 公海 rules each site inherits; sessions stay), or a site's own 公海 rules.
 */
export type Invalidation = { session: number } | { staff: number } | { sites: true } | { poolRules: true };

function parseInvalidation(text: string): Invalidation | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    if ('session' in value && typeof value.session === 'number') return { session: value.session };
    if ('staff' in value && typeof value.staff === 'number') return { staff: value.staff };
    if ('sites' in value && value.sites === true) return { sites: true };
    if ('poolRules' in value && value.poolRules === true) return { poolRules: true };
  } catch {
    return null;
  }
  return null;
}

/**
 * Sessions (by token hash) and user info (by user id) of this instance, kept for a few seconds so
 * an authenticated call does not read the session, the user and the positions every time.
 *
 * Every write that ends a session or changes a user calls `invalidate` after its transaction
 * commits. With Redis the message goes to every instance (this one included) over pub/sub, so a
 * logout on one instance ends the session on all of them; without Redis only this instance
 * hears it, and another one may serve the ended session until its entry expires (the TTL).
 * While the subscription is down the cache is off: a message could be missed.
 *
 * A lookup that started before an invalidation must not store what it read: every invalidation
 * moves `generation`, and `store…` drops an entry read under an older generation.
 */
export class SessionCache {
  private readonly sessions = new LRUCache<string, CachedSession>({ max: SESSION_CACHE_MAX, ttl: SESSION_CACHE_TTL_MS });
  private readonly infos = new LRUCache<number, UserInfo>({ max: SESSION_CACHE_MAX, ttl: SESSION_CACHE_TTL_MS });
  /**
   * A user's scope at a site (`staffId:siteId:mode`): read from their positions, status and flags,
   * which change only with the user (staffChanged), like the positions in their user info.
   */
  private readonly scopes = new LRUCache<string, SalesScope>({ max: SESSION_CACHE_MAX, ttl: SESSION_CACHE_TTL_MS });
  /**
   * Every site's effective 公海 rules (pool-rules' cachedPoolRules), which a customer list reads for
   * its 剩余 N 天 on every request: they change with a site's own rules (poolRules) or the tree (sites).
   */
  private poolRulesEntry: { rules: ReadonlyMap<number, EffectivePoolRules>; until: number } | undefined;
  private generationCount = 0;
  private enabled = true;
  private publisher: Redis | undefined;

  /** `onPublishError` hears a message Redis refused (the change itself has committed, so the caller goes on). */
  constructor(private readonly onPublishError: (error: unknown) => void = () => undefined) {}

  /** Taken before a database read whose result may be stored. */
  get generation(): number {
    return this.generationCount;
  }

  session(tokenHash: string): CachedSession | undefined {
    if (!this.enabled) return undefined;
    const entry = this.sessions.get(tokenHash);
    if (entry && entry.expiresAt <= Date.now()) {
      this.sessions.delete(tokenHash);
      return undefined;
    }
    return entry;
  }

  storeSession(tokenHash: string, entry: CachedSession, generation: number): void {
    if (this.enabled && generation === this.generationCount) this.sessions.set(tokenHash, entry);
  }

  userInfo(staffId: number): UserInfo | undefined {
    return this.enabled ? this.infos.get(staffId) : undefined;
  }

  storeUserInfo(staffId: number, info: UserInfo, generation: number): void {
    if (this.enabled && generation === this.generationCount) this.infos.set(staffId, info);
  }

  salesScope(key: string): SalesScope | undefined {
    return this.enabled ? this.scopes.get(key) : undefined;
  }

  storeSalesScope(key: string, scope: SalesScope, generation: number): void {
    if (this.enabled && generation === this.generationCount) this.scopes.set(key, scope);
  }

  poolRules(): ReadonlyMap<number, EffectivePoolRules> | undefined {
    if (!this.enabled || !this.poolRulesEntry) return undefined;
    if (this.poolRulesEntry.until > Date.now()) return this.poolRulesEntry.rules;
    this.poolRulesEntry = undefined;
    return undefined;
  }

  storePoolRules(rules: ReadonlyMap<number, EffectivePoolRules>, generation: number): void {
    if (this.enabled && generation === this.generationCount) this.poolRulesEntry = { rules, until: Date.now() + SESSION_CACHE_TTL_MS };
  }

  /** Forgets what changed here and, with Redis, on every other instance. */
  async invalidate(change: Invalidation): Promise<void> {
    this.apply(change);
    if (!this.publisher) return;
    try {
      await this.publisher.publish(INVALIDATION_CHANNEL, JSON.stringify(change));
    } catch (error) {
      this.onPublishError(error);
    }
  }

  /** Applies a change heard from any instance. */
  apply(change: Invalidation): void {
    this.generationCount += 1;
    if ('session' in change) {
      for (const [key, entry] of this.sessions.entries()) if (entry.user.sessionId === change.session) this.sessions.delete(key);
    } else if ('sites' in change) {
      this.infos.clear();
      this.scopes.clear();
      this.poolRulesEntry = undefined;
    } else if ('poolRules' in change) {
      this.poolRulesEntry = undefined;
    } else {
      for (const [key, entry] of this.sessions.entries()) if (entry.user.id === change.staff) this.sessions.delete(key);
      this.infos.delete(change.staff);
      for (const [key, scope] of this.scopes.entries()) if (scope.userId === change.staff) this.scopes.delete(key);
    }
  }

  /** Turns caching off (and forgets everything) or back on. */
  setEnabled(enabled: boolean): void {
    this.generationCount += 1;
    this.sessions.clear();
    this.infos.clear();
    this.scopes.clear();
    this.poolRulesEntry = undefined;
    this.enabled = enabled;
  }

  /**
   * Shares invalidations through Redis: publishes on `publisher`, listens on `subscriber` (a
   * connected connection of its own, made with `autoResubscribe: false`). The cache is on only
   * while the subscription is: after a reconnect it comes back once Redis has confirmed it again.
   */
  async connect(publisher: Redis, subscriber: Redis): Promise<void> {
    this.publisher = publisher;
    this.setEnabled(false);
    subscriber.on('message', (channel: string, text: string) => {
      if (channel !== INVALIDATION_CHANNEL) return;
      const change = parseInvalidation(text);
      // A message that cannot be read may have meant anything: forget everything.
      if (change) this.apply(change);
      else this.setEnabled(this.enabled);
    });
    subscriber.on('close', () => this.setEnabled(false));
    subscriber.on('ready', () => {
      subscriber.subscribe(INVALIDATION_CHANNEL).then(
        () => this.setEnabled(true),
        () => this.setEnabled(false),
      );
    });
    await subscriber.subscribe(INVALIDATION_CHANNEL);
    this.setEnabled(true);
  }
}
