/**
 * Sends the outbox: oldest first, one at a time, only the signed-in user's items, with their
 * token. Used by the app and by the service worker's Background Sync (outbox-worker.ts).
 */
import type { OutboxItem, OutboxSession, OutboxStore, SendOutcome } from './types';

/** How long a sender holds an item it is sending before another may take it. */
export const OUTBOX_LEASE_MS = 60_000;
/** A send that has not answered by then is a network failure (kept for later). */
export const OUTBOX_TIMEOUT_MS = 20_000;
/** The user sees this when the server refused a write without saying why. */
export const OUTBOX_REJECTED_FALLBACK = '服务器拒绝了这条记录';

/** Headers of every call (SPEC §7); kept here so the worker needs none of the app's modules. */
export interface SendHeaders {
  platform: string;
  Version: string;
}

interface Envelope {
  code?: number;
  status?: number;
  msg?: string;
  data?: unknown;
}

/** Maps an HTTP answer to what the outbox does with it. */
export function outcomeOf(status: number, body: Envelope | null): SendOutcome {
  const code = body?.code ?? body?.status ?? status;
  if (status === 401 || body?.code === 401 || body?.status === 401) return { kind: 'unauthorized' };
  if (status === 200 && code === 200 && body) return { kind: 'sent', data: body.data };
  if (status >= 500 || (status === 200 && code >= 500) || status === 408 || status === 429) return { kind: 'retry' };
  return { kind: 'rejected', message: body?.msg || OUTBOX_REJECTED_FALLBACK };
}

/** One attempt over fetch; a network failure or time-out is `retry`. */
export async function sendItem(item: OutboxItem, token: string, headers: SendHeaders, fetchImpl: typeof fetch = fetch): Promise<SendOutcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), OUTBOX_TIMEOUT_MS);
  try {
    const response = await fetchImpl(item.path, {
      method: 'POST',
      headers: { ...headers, Authorization: token, 'Content-Type': 'application/json', 'Idempotency-Key': item.id },
      body: JSON.stringify(item.body),
      signal: controller.signal,
    });
    let body: Envelope | null = null;
    try {
      body = (await response.json()) as Envelope;
    } catch {
      body = null;
    }
    return outcomeOf(response.status, body);
  } catch {
    return { kind: 'retry' };
  } finally {
    clearTimeout(timer);
  }
}

export interface DrainOptions {
  store: OutboxStore;
  session: OutboxSession;
  send(item: OutboxItem, token: string): Promise<SendOutcome>;
  now?: () => number;
  /** Still the session this run started with (checked before each send): a logout stops the run. */
  active?: () => boolean | Promise<boolean>;
  /** After each item that changed (sent, refused), so the views follow. */
  onSettled?(item: OutboxItem, outcome: SendOutcome): void;
}

export interface DrainResult {
  sent: number;
  rejected: number;
  /** Why the run stopped early: the network (try later) or the session (ended). */
  stopped: 'retry' | 'unauthorized' | null;
}

/** The items a session may send now: its own, not refused, not held by another sender. */
export function sendable(items: OutboxItem[], userId: number, now: number): OutboxItem[] {
  return items
    .filter((item) => item.userId === userId && item.state !== 'failed' && (item.state !== 'sending' || (item.leaseUntil ?? 0) <= now))
    .sort((a, b) => a.createdAt - b.createdAt);
}

/** Sends what can be sent, in order; stops at the first network failure or 401. */
export async function drainOutbox({ store, session, send, now = Date.now, active = () => true, onSettled }: DrainOptions): Promise<DrainResult> {
  const result: DrainResult = { sent: 0, rejected: 0, stopped: null };
  for (const queued of sendable(await store.list(), session.userId, now())) {
    if (!(await active())) {
      result.stopped = 'unauthorized';
      break;
    }
    // Read again: it may have been deleted or taken since the list was made.
    const item = await store.get(queued.id);
    if (!item || sendable([item], session.userId, now()).length === 0) continue;
    await store.put({ ...item, state: 'sending', leaseUntil: now() + OUTBOX_LEASE_MS });
    const outcome = await send(item, session.token);
    if (outcome.kind === 'sent') {
      await store.remove(item.id);
      result.sent += 1;
      onSettled?.(item, outcome);
      continue;
    }
    // Deleted by the person while it was on its way: leave it deleted.
    const current = await store.get(item.id);
    if (outcome.kind === 'rejected') {
      if (current) await store.put({ ...item, state: 'failed', message: outcome.message, leaseUntil: undefined });
      result.rejected += 1;
      onSettled?.(item, outcome);
      continue;
    }
    if (current) await store.put({ ...item, state: 'waiting', leaseUntil: undefined });
    result.stopped = outcome.kind;
    break;
  }
  return result;
}
