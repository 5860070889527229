import type { EndpointResponse } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { inject } from 'vitest';
import { DEMO_PASSWORD, type DemoAccount } from './accounts';

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export interface Session {
  token: string;
  userId: number;
}

/** The base URL of the server the global setup started (no trailing slash). */
export function baseUrl(): string {
  return inject('baseUrl');
}

const HEADERS = { 'Content-Type': 'application/json', platform: 'h5', Version: '2.0.1' } as const;

/** One call to the server with the app's headers; the HTTP status and the envelope, whatever they are. */
export async function call<T>(method: 'GET' | 'POST', path: string, options: { body?: unknown; token?: string } = {}): Promise<{ status: number; body: Envelope<T> }> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { ...HEADERS, ...(options.token ? { Authorization: options.token } : {}) },
    body: method === 'GET' ? undefined : JSON.stringify(options.body ?? {}),
  });
  return { status: response.status, body: (await response.json()) as Envelope<T> };
}

/** Logs in with the demo password straight against the API. */
export async function apiLogin(account: DemoAccount): Promise<Session> {
  const { status, body } = await call<EndpointResponse<typeof ROUTES.userLogin>>('POST', ROUTES.userLogin, { body: { phone: account.phone, password: DEMO_PASSWORD } });
  if (status !== 200 || body.code !== 200) throw new Error(`API login of ${account.phone} failed: HTTP ${status} ${JSON.stringify(body)}`);
  return { token: body.data.token, userId: body.data.accountInfo.id };
}

/** Ends a session on the server, as another device would. */
export async function apiLogout(token: string): Promise<void> {
  const { status, body } = await call<EndpointResponse<typeof ROUTES.userLogout>>('POST', ROUTES.userLogout, { token });
  if (status !== 200) throw new Error(`API logout failed: HTTP ${status} ${JSON.stringify(body)}`);
}

/** The HTTP status POST /seller/user/info answers for a token (200 while the session lives). */
export async function userInfoStatus(token: string, userId: number): Promise<number> {
  const { status } = await call<unknown>('POST', ROUTES.userInfo, { token, body: { id: userId, Version: '2.0.1' } });
  return status;
}

/** The latest verification code sent to a phone, from the development SMS outbox. */
export async function latestSmsCode(phone: string): Promise<string> {
  const { status, body } = await call<{ code: string }>('GET', `/__dev/sms/latest?phone=${encodeURIComponent(phone)}`);
  if (status !== 200 || body.code !== 200) throw new Error(`No code in the dev outbox for ${phone}: HTTP ${status} ${JSON.stringify(body)}`);
  return body.data.code;
}
