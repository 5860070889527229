/**
 * Delivery channels: how a notice reaches the phone outside the app. Each channel is off unless
 * configured (README's configuration table); `createNotices` queues a delivery per applicable
 * channel in the caller's transaction, and the dispatcher sends it after commit, retrying with
 * backoff. A channel never logs or records a secret: errors are described by what the provider
 * answered (status, errcode), never by the URL, token or key used.
 */
import type { NoticeKind } from '@sales/contract';
import type { Db } from '../../../../db/client.js';

export const CHANNEL_NAMES = ['wecom', 'dingtalk', 'wecomRobot', 'sms', 'webPush'] as const;
export type ChannelName = (typeof CHANNEL_NAMES)[number];

/** Kinds sent by SMS (report due and 催交) and to a site's WeCom group robot. */
export const SMS_KINDS: readonly NoticeKind[] = ['weeklyDue', 'halfMonthDue', 'reportRemind'];
export const ROBOT_KINDS: readonly NoticeKind[] = ['weeklyDue', 'halfMonthDue', 'reportRemind'];

/** What a channel is given to send: the notice and its recipient. */
export interface DeliveryJob {
  deliveryId: number;
  channel: ChannelName;
  /** This attempt's number, from 1. */
  attempt: number;
  notice: {
    id: number;
    kind: NoticeKind;
    dedupeKey: string;
    title: string;
    body: string;
    link: string;
    siteId: number | null;
  };
  recipient: { staffId: number; name: string; phone: string; wecomUserId: string | null; dingtalkUserId: string | null };
}

/** A send either went out, or there was nothing to send it to (`skipped`, with why). */
export type DeliveryResult = { status: 'sent' } | { status: 'skipped'; reason: string };

/**
 * A failed send. `retry: false` when trying again cannot help (the provider refused the
 * recipient or the message); the message says what happened without any secret.
 */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly retry = true,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

export interface DeliveryChannel {
  readonly name: ChannelName;
  send(db: Db, job: DeliveryJob): Promise<DeliveryResult>;
}

/**
 * A failure's description fit for a log line or `last_error`: a DeliveryError's own message, or
 * the error's name and message with every given secret, any URL and any `key=`/`access_token=`
 * parameter taken out.
 */
export function describeFailure(error: unknown, secrets: readonly string[] = []): string {
  if (error instanceof DeliveryError) return error.message.slice(0, 256);
  let text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  text += cause;
  for (const secret of secrets) if (secret) text = text.split(secret).join('[redacted]');
  text = text.replace(/https?:\/\/\S+/g, '[url]').replace(/(access_token|key|corpsecret)=[^&\s]*/gi, '$1=[redacted]');
  return text.slice(0, 256);
}

/** Fetch with a deadline: a provider that hangs does not hold the worker. */
export async function fetchWithin(url: string, init: RequestInit, ms = 10_000): Promise<Response> {
  return fetch(url, { ...init, signal: AbortSignal.timeout(ms) });
}
