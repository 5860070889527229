/**
 * Logouts made without a network (issue 25): the phone forgets the session at once, the server
 * hears of it when the connection returns. Each waits in the outbox's IndexedDB with its token and
 * is sent with that token alone; any answer of the server ends it (done, or the session had ended
 * already), only a failure to reach it keeps it for the next try.
 */
import { timedPost, type SendHeaders } from './sender';
import type { OutboxStore, SendOutcome } from './types';

/** One logout call with the ended session's token. */
export function sendLogout(path: string, token: string, headers: SendHeaders, fetchImpl: typeof fetch = fetch): Promise<SendOutcome> {
  return timedPost(path, { ...headers, Authorization: token }, undefined, fetchImpl);
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
