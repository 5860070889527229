/**
 * Logouts made without a network (issue 25): the phone forgets the session at once, the server
 * hears of it when the connection returns. Each waits in the outbox's IndexedDB with its token and
 * is sent with that token alone; any answer of the server ends it (done, or the session had ended
 * already), only a failure to reach it keeps it for the next try.
 */
import { OUTBOX_TIMEOUT_MS, outcomeOf, type SendHeaders } from './sender';
import type { OutboxStore, SendOutcome } from './types';

/** One logout call with the ended session's token. */
export async function sendLogout(path: string, token: string, headers: SendHeaders, fetchImpl: typeof fetch = fetch): Promise<SendOutcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), OUTBOX_TIMEOUT_MS);
  try {
    const response = await fetchImpl(path, { method: 'POST', headers: { ...headers, Authorization: token }, signal: controller.signal });
    let answer: { code?: number; status?: number; msg?: string; data?: unknown } | null = null;
    try {
      answer = (await response.json()) as typeof answer;
    } catch {
      answer = null;
    }
    return outcomeOf(response.status, answer);
  } catch {
    return { kind: 'retry' };
  } finally {
    clearTimeout(timer);
  }
}

/** Sends the waiting logouts, oldest first; stops at the first that cannot reach the server. Answers how many are left. */
export async function drainPendingLogouts(store: OutboxStore, send: (token: string) => Promise<SendOutcome>): Promise<number> {
  const waiting = await store.listPendingLogouts();
  for (const [index, logout] of waiting.entries()) {
    const outcome = await send(logout.token);
    if (outcome.kind === 'retry') return waiting.length - index;
    await store.removePendingLogout(logout.token);
  }
  return 0;
}
