/** Shared by the Idempotency-Key tests: calls with a key, and counts of what was written. */
import { IDEMPOTENCY_MESSAGES } from '@sales/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../../src/db/client.js';
import { call, expectFailure, type ApiResponse } from '../../helper.js';
import { scalar, type Session } from '../sales/support.js';

export const newKey = () => randomUUID();

/** POST a JSON body as a session, with an Idempotency-Key when one is given. */
export function keyedCall<T = unknown>(app: FastifyInstance, session: Session, url: string, body: unknown, key?: string, headerName = 'Idempotency-Key'): Promise<ApiResponse<T>> {
  return call<T>(app, 'POST', url, { token: session.token, body: body as object, ...(key === undefined ? {} : { headers: { [headerName]: key } }) });
}

/** How many keys a user holds. */
export const keysOf = (db: Db, userId: number) => scalar(db, sql`select count(*) as value from idempotency_keys where user_id = ${userId}`);

/** Moves a user's key past the 24 h it is kept. */
export async function expire(db: Db, userId: number, key: string): Promise<void> {
  await db.execute(sql`update idempotency_keys set created_at = now() - interval '25 hours' where user_id = ${userId} and key = ${key.toLowerCase()}`);
}

export const expectBodyChanged = (response: ApiResponse<unknown>) => expectFailure(response, 409, IDEMPOTENCY_MESSAGES.bodyChanged);
export const expectBadKey = (response: ApiResponse<unknown>) => expectFailure(response, 400, IDEMPOTENCY_MESSAGES.badKey);

/** Keys that are not one UUID: not a UUID, too long, empty, two keys (a repeated header joined by Node). */
export const BAD_KEYS = ['not-a-uuid', `${'a'.repeat(8)}-aaaa-aaaa-aaaa-${'a'.repeat(12)}0`, '', ' ', `${randomUUID()}, ${randomUUID()}`, `{${randomUUID()}}`, 'g'.repeat(8) + '-0000-0000-0000-000000000000'];
