/**
 * The console's calls: the contract's endpoint table over fetch, in the app's envelope
 * ({ code, msg, data }). The token is the console's own (a sign-in here does not sign the phone
 * app in or out on the same browser).
 */
import { APP_VERSION, PLATFORM, type EndpointInput, type EndpointPath, type EndpointResponse } from '@sales/contract';

const TOKEN_KEY = 'adminToken';

export const readToken = (): string | null => localStorage.getItem(TOKEN_KEY);
export const storeToken = (token: string) => localStorage.setItem(TOKEN_KEY, token);
export const clearToken = () => localStorage.removeItem(TOKEN_KEY);

/** A refused call: the server's Chinese message and status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Told when the session ended (401): the console goes back to its sign-in. */
let onSignedOut: () => void = () => undefined;
export const whenSignedOut = (listener: () => void) => {
  onSignedOut = listener;
};

/** One POST with the app's headers and the session's token; a network failure is the Chinese ApiError. */
async function send(path: string, body: unknown, token: string | null): Promise<Response> {
  try {
    return await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', platform: PLATFORM, Version: APP_VERSION, ...(token ? { Authorization: token } : {}) },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, '网络异常，请检查网络后重试');
  }
}

export async function post<P extends EndpointPath>(path: P, body: EndpointInput<P> | Record<string, never> = {}): Promise<EndpointResponse<P>> {
  const token = readToken();
  const response = await send(path, body, token);
  const envelope = (await response.json().catch(() => null)) as { code: number; msg: string; data: EndpointResponse<P> } | null;
  if (!envelope) throw new ApiError(response.status, '服务暂时不可用，请稍后再试');
  if (response.status === 401 && token) {
    clearToken();
    onSignedOut();
  }
  if (response.status !== 200) throw new ApiError(response.status, envelope.msg);
  return envelope.data;
}

/** A GET of the table answering JSON (no token: the sign-in's provider list). */
export async function get<P extends EndpointPath>(path: P): Promise<EndpointResponse<P>> {
  let response: Response;
  try {
    response = await fetch(path, { headers: { platform: PLATFORM, Version: APP_VERSION } });
  } catch {
    throw new ApiError(0, '网络异常，请检查网络后重试');
  }
  const envelope = (await response.json().catch(() => null)) as { code: number; msg: string; data: EndpointResponse<P> } | null;
  if (!envelope || response.status !== 200) throw new ApiError(response.status, envelope?.msg ?? '服务暂时不可用，请稍后再试');
  return envelope.data;
}

/**
 * A file endpoint's answer saved as a download (a template): the same headers as `post`; a refusal
 * comes back as the envelope, its Chinese message thrown.
 */
export async function download<P extends EndpointPath>(path: P, body: EndpointInput<P>, fileName: string): Promise<void> {
  const token = readToken();
  const response = await send(path, body, token);
  if (response.status !== 200) {
    const envelope = (await response.json().catch(() => null)) as { msg: string } | null;
    throw new ApiError(response.status, envelope?.msg ?? '下载失败，请稍后再试');
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
