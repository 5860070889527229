import { type Endpoint, IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_MESSAGES } from '@sales/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createHash } from 'node:crypto';
import type { Db } from '../../../db/client.js';
import { badRequest, conflict } from '../../../lib/errors.js';
import { currentUser } from '../auth/authentication.js';
import { IdempotencyRepository } from './idempotency-repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    idempotency: IdempotencyService;
  }
}

/** The operation names of the endpoints that take an Idempotency-Key (`idempotent: true` in the table). */
export type IdempotentOperation = Extract<Endpoint, { idempotent: true }>['name'];

/** Node lower-cases header names: the one to read Idempotency-Key under. */
export const IDEMPOTENCY_HEADER_NAME = IDEMPOTENCY_HEADER.toLowerCase();
const KEY = new RegExp(IDEMPOTENCY_KEY_PATTERN);
/** Expired keys are swept at most this often per instance (one indexed DELETE). */
const SWEEP_EVERY_MS = 60 * 60 * 1000;

type CanonicalTask = { text: string } | { value: unknown };

/**
 * JSON with every object's keys sorted, so the same body in another key order has one fingerprint.
 * Iterative, as the nesting depth is the client's: a body nested thousands deep (the schemas allow
 * unknown fields) overflowed the stack of the recursive version and answered 500.
 */
export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  const tasks: CanonicalTask[] = [{ value }];
  // Pushed last first, so they are written in order.
  const pushReversed = (items: CanonicalTask[]) => {
    for (let index = items.length - 1; index >= 0; index -= 1) tasks.push(items[index] as CanonicalTask);
  };
  for (let task = tasks.pop(); task !== undefined; task = tasks.pop()) {
    if ('text' in task) {
      out.push(task.text);
      continue;
    }
    const item = task.value;
    if (Array.isArray(item)) {
      const parts: CanonicalTask[] = [{ text: '[' }];
      item.forEach((child: unknown, index) => {
        if (index > 0) parts.push({ text: ',' });
        parts.push({ value: child ?? null });
      });
      parts.push({ text: ']' });
      pushReversed(parts);
    } else if (item && typeof item === 'object' && !(item instanceof Date)) {
      const entries = Object.entries(item as Record<string, unknown>)
        .filter(([, child]) => child !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      const parts: CanonicalTask[] = [{ text: '{' }];
      entries.forEach(([name, child], index) => parts.push({ text: `${index > 0 ? ',' : ''}${JSON.stringify(name)}:` }, { value: child }));
      parts.push({ text: '}' });
      pushReversed(parts);
    } else {
      out.push(JSON.stringify(item ?? null));
    }
  }
  return out.join('');
}

/** sha256 hex of the operation and the canonical request. */
export function fingerprintOf(operation: IdempotentOperation, input: unknown): string {
  return createHash('sha256').update(operation).update('\n').update(canonicalJson(input)).digest('hex');
}

/** sha256 hex of bytes (an uploaded file's fingerprint input). */
export const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

/**
 * The request's Idempotency-Key, lower-cased (a UUID in either case is one key); undefined when it
 * has none. Anything but one UUID (an empty value, a repeated header, too long) is a 400.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_HEADER_NAME];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !KEY.test(value)) throw badRequest(IDEMPOTENCY_MESSAGES.badKey);
  return value.toLowerCase();
}

/**
 * Runs a create call at most once per (user, Idempotency-Key) for IDEMPOTENCY_TTL_HOURS. Without
 * the header the work runs as it always did. With it, one transaction claims the key, runs the
 * work (whose repositories open a savepoint inside) and keeps the answer: a repeat of the same
 * request replays that answer and writes nothing; another request under the key is a 409; a failed
 * work rolls the claim back with its writes, so the key may be tried again.
 */
export class IdempotencyService {
  private lastSweep = 0;

  constructor(
    private readonly db: Db,
    private readonly repository: IdempotencyRepository,
    private readonly onSweepError: (error: unknown) => void,
  ) {}

  async run<T>(request: FastifyRequest, operation: IdempotentOperation, fingerprintInput: unknown, work: (db: Db) => Promise<T>): Promise<T> {
    const key = idempotencyKeyOf(request);
    if (key === undefined) return work(this.db);
    const userId = currentUser(request).id;
    const fingerprint = fingerprintOf(operation, fingerprintInput);
    await this.sweepNowAndThen();
    return this.db.transaction(async (tx) => {
      const claim = await this.repository.claim(tx, userId, key, operation, fingerprint);
      if (claim.kind === 'held') {
        if (claim.route !== operation || claim.fingerprint !== fingerprint) throw conflict(IDEMPOTENCY_MESSAGES.bodyChanged);
        return claim.response as T;
      }
      const answer = await work(tx);
      await this.repository.store(tx, claim.id, answer);
      return answer;
    });
  }

  private async sweepNowAndThen(): Promise<void> {
    const now = Date.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    try {
      await this.repository.sweep();
    } catch (error) {
      this.onSweepError(error);
    }
  }
}

export default fp(
  async (app: FastifyInstance) => {
    const repository = new IdempotencyRepository(app.db);
    app.decorate('idempotency', new IdempotencyService(app.db, repository, (error) => app.log.warn({ err: error }, 'could not sweep expired idempotency keys')));
  },
  { name: 'idempotency', dependencies: ['db'] },
);
