import { IDEMPOTENCY_TTL_HOURS } from '@sales/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { idempotencyKeys } from '../../../db/schema.js';

/** What claiming a key found: it is ours now, or a live row holds it (with the first request's answer). */
export type Claim = { kind: 'claimed'; id: number } | { kind: 'held'; route: string; fingerprint: string; response: unknown };

const EXPIRED = sql.raw(`now() - interval '${IDEMPOTENCY_TTL_HOURS} hours'`);

/** The idempotency_keys table: claim a key in the caller's transaction, keep its answer, sweep the expired. */
export class IdempotencyRepository {
  constructor(private readonly db: Db) {}

  /**
   * Claims (user, key) inside `tx`: a new row, or an expired one taken over. When a live row holds
   * the key, the conflicting INSERT waits for the transaction that wrote it (PostgreSQL's unique
   * index) and the row is then read as committed, so two concurrent requests write once.
   */
  async claim(tx: Db, userId: number, key: string, route: string, fingerprint: string): Promise<Claim> {
    const result = (await tx.execute(sql`
      insert into idempotency_keys (user_id, key, route, fingerprint)
      values (${userId}, ${key}, ${route}, ${fingerprint})
      on conflict (user_id, key) do update
        set route = excluded.route, fingerprint = excluded.fingerprint, response = null, created_at = now()
        where idempotency_keys.created_at < ${EXPIRED}
      returning id`)) as unknown as { rows: { id: number }[] };
    const claimed = result.rows[0];
    if (claimed) return { kind: 'claimed', id: Number(claimed.id) };
    const [held] = await tx
      .select({ route: idempotencyKeys.route, fingerprint: idempotencyKeys.fingerprint, response: idempotencyKeys.response })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    // The conflicting row is locked by the upsert, so it is there; an empty answer is a different request.
    return held ? { kind: 'held', ...held } : { kind: 'held', route: '', fingerprint: '', response: null };
  }

  /** Keeps the answer with the claimed key, in the same transaction as the write it answers. */
  async store(tx: Db, id: number, response: unknown): Promise<void> {
    await tx.execute(sql`update idempotency_keys set response = ${JSON.stringify(response ?? null)}::jsonb where id = ${id}`);
  }

  /** Deletes every key older than the TTL (index on created_at); returns how many. */
  async sweep(): Promise<number> {
    const result = (await this.db.execute(sql`delete from idempotency_keys where created_at < ${EXPIRED}`)) as unknown as { rowCount?: number | null; affectedRows?: number };
    return Number(result.rowCount ?? result.affectedRows ?? 0);
  }
}
