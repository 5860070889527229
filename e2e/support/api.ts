import type { Endpoint, EndpointInput, EndpointResponse } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import type { Response } from 'playwright-core';
import { inject } from 'vitest';
import { DEMO_PASSWORD, type DemoAccount } from './accounts';
import type { E2eLane } from './lanes';

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export interface Session {
  token: string;
  userId: number;
}

/** This worker's lane (lanes.ts): VITEST_POOL_ID numbers the workers from 1. */
export function lane(): E2eLane {
  const lanes = inject('lanes');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const own = lanes[(worker - 1) % lanes.length];
  if (!own) throw new Error(`no e2e lane for worker ${worker}: the global setup started ${lanes.length}`);
  return own;
}

/** The base URL of this worker's server (no trailing slash). */
export function baseUrl(): string {
  return lane().baseUrl;
}

const HEADERS = { 'Content-Type': 'application/json', platform: 'h5', Version: '2.0.1' } as const;

/**
 * One call to the server with the app's headers, whatever its path and body (refusals, the dev
 * outbox); the HTTP status and the envelope, whatever they are. Calls of the endpoint table go
 * through `callEndpoint`, which types them.
 */
export async function call(method: 'GET' | 'POST', path: string, options: { body?: unknown; token?: string } = {}): Promise<{ status: number; body: Envelope<unknown> }> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { ...HEADERS, ...(options.token ? { Authorization: options.token } : {}) },
    body: method === 'GET' ? undefined : JSON.stringify(options.body ?? {}),
  });
  return { status: response.status, body: (await response.json()) as Envelope<unknown> };
}

/** A POST endpoint of the contract's table (`@sales/contract/routes`). */
export type PostPath = Extract<Endpoint, { method: 'POST' }>['path'];

/**
 * A POST of the endpoint table: its body typed by the table; the HTTP status and the envelope,
 * whose data is the table's response when the call succeeded (code 200).
 */
export async function callEndpoint<P extends PostPath>(path: P, body: EndpointInput<P>, token?: string): Promise<{ status: number; body: Envelope<EndpointResponse<P>> }> {
  const { status, body: envelope } = await call('POST', path, { body, token });
  return { status, body: envelope as Envelope<EndpointResponse<P>> };
}

/** A POST of the endpoint table that must succeed: its data, or an error naming the call and the answer. */
export async function endpointData<P extends PostPath>(session: Session | undefined, path: P, body: EndpointInput<P>): Promise<EndpointResponse<P>> {
  const { status, body: envelope } = await callEndpoint(path, body, session?.token);
  if (status !== 200 || envelope.code !== 200) throw new Error(`POST ${path} ${JSON.stringify(body)} answered HTTP ${status} ${JSON.stringify(envelope)}`);
  return envelope.data;
}

/** The envelope a page got from a call of the endpoint table, typed by the table's entry of its path. */
export async function answerOf<P extends PostPath>(response: Response, path: P): Promise<Envelope<EndpointResponse<P>>> {
  const answered = new URL(response.url()).pathname;
  if (answered !== path) throw new Error(`expected an answer of ${path}, got one of ${answered}`);
  return (await response.json()) as Envelope<EndpointResponse<P>>;
}

/** Logs in with the demo password straight against the API. */
export async function apiLogin(account: DemoAccount): Promise<Session> {
  const { status, body } = await callEndpoint(ROUTES.userLogin, { phone: account.phone, password: DEMO_PASSWORD });
  if (status !== 200 || body.code !== 200) throw new Error(`API login of ${account.phone} failed: HTTP ${status} ${JSON.stringify(body)}`);
  return { token: body.data.token, userId: body.data.accountInfo.id };
}

/** Ends a session on the server, as another device would. */
export async function apiLogout(token: string): Promise<void> {
  const { status, body } = await callEndpoint(ROUTES.userLogout, undefined, token);
  if (status !== 200) throw new Error(`API logout failed: HTTP ${status} ${JSON.stringify(body)}`);
}

/** The HTTP status POST /seller/user/info answers for a token (200 while the session lives). */
export async function userInfoStatus(token: string, userId: number): Promise<number> {
  const { status } = await callEndpoint(ROUTES.userInfo, { id: userId, Version: '2.0.1' }, token);
  return status;
}

/** The latest verification code sent to a phone, from the development SMS outbox. */
export async function latestSmsCode(phone: string): Promise<string> {
  const { status, body } = await call('GET', `/__dev/sms/latest?phone=${encodeURIComponent(phone)}`);
  const data = body.data;
  if (status !== 200 || body.code !== 200 || typeof data !== 'object' || data === null || !('code' in data) || typeof data.code !== 'string') {
    throw new Error(`No code in the dev outbox for ${phone}: HTTP ${status} ${JSON.stringify(body)}`);
  }
  return data.code;
}

/** Sets a site's own 公海 caps through the development helper (null: inherit); its return rules stay. */
export async function setPoolRules(siteId: number, rules: { ownLimit: number | null; dailyClaimLimit: number | null; reclaimBlockDays: number | null }): Promise<void> {
  const { status, body } = await call('POST', '/__dev/pool-rules', { body: { siteId, ...rules } });
  if (status !== 200) throw new Error(`/__dev/pool-rules answered ${status}: ${JSON.stringify(body)}`);
}
