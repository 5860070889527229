/**
 * A field write made at the tap: one Idempotency-Key for the write and every retry of it. Sent at
 * once; when it cannot be sent (offline, time-out, 5xx) it goes to the outbox and the caller is
 * told it was queued. A refusal (4xx) is the caller's to show, as before.
 */
import { applySiteIdRule, CLOCK_SENT_AT_HEADER, ERROR_MESSAGES, IDEMPOTENCY_HEADER, RUNTIME_ERRORS } from '@sales/contract';
import { ApiError, request, RuntimeError } from '../api-client';
import { showToast } from '../toast';
import { enqueue, flushOutbox, hasWaiting, outboxSiteId } from './outbox-runtime';
import { newIdempotencyKey } from './key';
import { photoIdsIn } from './photos';
import { OUTBOX_TIMEOUT_MS } from './sender';
import type { OutboxContext, OutboxItem } from './types';

export type FieldWriteResult<T> = { queued: false; data: T } | { queued: true; item: OutboxItem };

export const QUEUED_TOAST = '网络不可用，已保存到待发送，恢复网络后自动发送';

/** The failures the outbox keeps for later: no answer, a time-out, or a 5xx. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof RuntimeError) return error.code !== RUNTIME_ERRORS.abort.code;
  if (error instanceof ApiError) return error.status >= 500 || (error.status !== 401 && error.code >= 500);
  return false;
}

/** Queues the write; where the phone cannot keep it (no IndexedDB), says the network failed, as before. */
async function queueOrTell(failure: unknown, entry: Parameters<typeof enqueue>[0]): Promise<OutboxItem> {
  try {
    return await enqueue(entry);
  } catch {
    showToast(ERROR_MESSAGES.network);
    throw failure;
  }
}

/**
 * Sends a field write with its Idempotency-Key, or queues it. The body keeps the site of the tap.
 * A refusal is toasted (the server's Chinese message) and rethrown, so a form stays as it was.
 */
export async function submitFieldWrite<T>(path: string, input: unknown, context: OutboxContext): Promise<FieldWriteResult<T>> {
  const id = newIdempotencyKey();
  const body = applySiteIdRule(path, input, outboxSiteId());
  // Older writes of this user are still waiting: this one goes behind them, so the order holds.
  // A photo picked offline is still on the phone: the write waits with it (the sender uploads it first).
  if (hasWaiting() || photoIdsIn(body).length > 0) {
    const item = await queueOrTell(new Error(ERROR_MESSAGES.network), { id, path, body, context });
    void flushOutbox();
    return { queued: true, item };
  }
  try {
    const data = await request<T>({ url: path, method: 'POST', data: body, header: { [IDEMPOTENCY_HEADER]: id, [CLOCK_SENT_AT_HEADER]: new Date().toISOString() }, hideErrorToast: true, timeout: OUTBOX_TIMEOUT_MS });
    return { queued: false, data };
  } catch (error) {
    if (isRetryable(error)) return { queued: true, item: await queueOrTell(error, { id, path, body, context }) };
    if (error instanceof ApiError && error.code !== 401) showToast(error.message || ERROR_MESSAGES.requestFailed);
    throw error;
  }
}
