/**
 * Sends the outbox: oldest first, one at a time, only the signed-in user's items, with their
 * token. Used by the app and by the service worker's Background Sync (outbox-worker.ts).
 */
import { CLOCK_SENT_AT_HEADER } from '@sales/contract';
import { photoIdsIn, replacePhotoRefs } from './photos';
import type { OutboxItem, OutboxPhoto, OutboxSession, OutboxStore, SendOutcome } from './types';

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

/**
 * One POST of the outbox (a queued write, a photo, a logout made offline) with the headers given,
 * within OUTBOX_TIMEOUT_MS; a network failure or time-out is `retry`.
 */
export async function timedPost(path: string, headers: Record<string, string>, body: BodyInit | undefined, fetchImpl: typeof fetch): Promise<SendOutcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), OUTBOX_TIMEOUT_MS);
  try {
    const response = await fetchImpl(path, { method: 'POST', headers, body, signal: controller.signal });
    let answer: Envelope | null = null;
    try {
      answer = (await response.json()) as Envelope;
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

/**
 * One attempt of a queued write (JSON body), with the phone's time of this attempt: the server
 * places a clock's tap by the time the phone measured between tap and send, not by its clock.
 */
export function sendItem(item: OutboxItem, token: string, headers: SendHeaders, fetchImpl: typeof fetch = fetch): Promise<SendOutcome> {
  const sent = { ...headers, Authorization: token, 'Idempotency-Key': item.id, 'Content-Type': 'application/json', [CLOCK_SENT_AT_HEADER]: new Date().toISOString() };
  return timedPost(item.path, sent, JSON.stringify(item.body), fetchImpl);
}

/** A waiting photo's upload (multipart field `file`) with its own Idempotency-Key. */
export function sendPhoto(photo: OutboxPhoto, token: string, headers: SendHeaders, path: string, fetchImpl: typeof fetch = fetch): Promise<SendOutcome> {
  const form = new FormData();
  form.append('file', photo.blob, photo.fileName);
  return timedPost(path, { ...headers, Authorization: token, 'Idempotency-Key': photo.id }, form, fetchImpl);
}

/** The item refers to a photo the phone no longer has (or another user's): it cannot be sent. */
export const OUTBOX_PHOTO_MISSING = '照片已不在手机上，请删除这条记录后重新填写';

/**
 * Uploads the photos the item's body refers to and puts their URLs in its place; the updated item
 * is saved, so a later attempt does not upload them again. Answers the item to send, or why not.
 */
async function withPhotosUploaded(
  item: OutboxItem,
  session: OutboxSession,
  store: OutboxStore,
  upload: ((photo: OutboxPhoto, token: string) => Promise<SendOutcome>) | undefined,
): Promise<{ kind: 'ready'; item: OutboxItem } | Exclude<SendOutcome, { kind: 'sent' }>> {
  const ids = photoIdsIn(item.body);
  if (ids.length === 0) return { kind: 'ready', item };
  if (!upload) return { kind: 'retry' };
  const urls = new Map<string, string>();
  for (const id of ids) {
    const photo = await store.getPhoto(id);
    if (!photo || photo.userId !== session.userId) return { kind: 'rejected', message: OUTBOX_PHOTO_MISSING };
    const outcome = await upload(photo, session.token);
    if (outcome.kind !== 'sent') return outcome;
    const url = (outcome.data as { url?: unknown } | null)?.url;
    if (typeof url !== 'string' || !url) return { kind: 'rejected', message: OUTBOX_REJECTED_FALLBACK };
    urls.set(id, url);
  }
  const ready: OutboxItem = { ...item, body: replacePhotoRefs(item.body, urls), photos: [...new Set([...(item.photos ?? []), ...ids])] };
  // Deleted by the person meanwhile: leave it deleted (the write is not sent either).
  if (!(await store.get(item.id))) return { kind: 'rejected', message: OUTBOX_REJECTED_FALLBACK };
  await store.put(ready);
  return { kind: 'ready', item: ready };
}

export interface DrainOptions {
  store: OutboxStore;
  session: OutboxSession;
  send(item: OutboxItem, token: string): Promise<SendOutcome>;
  /** Uploads a waiting photo (before the write that holds it); without it such a write waits. */
  uploadPhoto?(photo: OutboxPhoto, token: string): Promise<SendOutcome>;
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
export async function drainOutbox({ store, session, send, uploadPhoto, now = Date.now, active = () => true, onSettled }: DrainOptions): Promise<DrainResult> {
  const result: DrainResult = { sent: 0, rejected: 0, stopped: null };
  for (const queued of sendable(await store.list(), session.userId, now())) {
    if (!(await active())) {
      result.stopped = 'unauthorized';
      break;
    }
    // Read again: it may have been deleted or taken since the list was made.
    const item = await store.get(queued.id);
    if (!item || sendable([item], session.userId, now()).length === 0) continue;
    const leased: OutboxItem = { ...item, state: 'sending', leaseUntil: now() + OUTBOX_LEASE_MS };
    await store.put(leased);
    const prepared = await withPhotosUploaded(leased, session, store, uploadPhoto);
    const sending = prepared.kind === 'ready' ? { ...prepared.item, state: item.state, leaseUntil: item.leaseUntil } : item;
    const outcome = prepared.kind === 'ready' ? await send(sending, session.token) : prepared;
    if (outcome.kind === 'sent') {
      await store.remove(item.id);
      // Its photos are on the server now.
      for (const id of sending.photos ?? []) await store.removePhoto(id);
      result.sent += 1;
      onSettled?.(item, outcome);
      continue;
    }
    // Deleted by the person while it was on its way: leave it deleted.
    const current = await store.get(item.id);
    if (outcome.kind === 'rejected') {
      if (current) await store.put({ ...sending, state: 'failed', message: outcome.message, leaseUntil: undefined });
      result.rejected += 1;
      onSettled?.(item, outcome);
      continue;
    }
    if (current) await store.put({ ...sending, state: 'waiting', leaseUntil: undefined });
    result.stopped = outcome.kind;
    break;
  }
  return result;
}
