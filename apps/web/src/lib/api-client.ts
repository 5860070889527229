import {
  APP_VERSION,
  applySiteIdRule,
  ERROR_MESSAGES,
  PLATFORM,
  REQUEST_TIMEOUT_MS,
  RUNTIME_ERRORS,
  type EndpointInput,
  type EndpointOf,
  type EndpointPath,
  type EndpointResponse,
  type SITE_SCOPED_PREFIXES,
} from '@sales/contract';
import { takeEarlyResponse } from './early-response';
import { useNetworkStatus } from './network-status';
import { showToast } from './toast';

/** A failure the server reported: HTTP status and envelope code with its message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    /** The envelope's data of the failure: null for most, the duplicates of 新建客户's 409. */
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A failure of the transport itself (SPEC §8 runtime codes). */
export class RuntimeError extends Error {
  constructor(
    readonly errMsg: string,
    readonly code: number,
  ) {
    super(errMsg);
    this.name = 'RuntimeError';
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  data?: unknown;
  query?: Query;
  header?: Record<string, string>;
  /** Do not toast a failure; the caller shows it its own way. */
  hideErrorToast?: boolean;
  timeout?: number;
  signal?: AbortSignal;
}

interface ClientHooks {
  getToken(): string | null;
  getSiteId(): number | null;
  /** Ends the session and goes to login after a 401. */
  onUnauthorized(): void;
}

let hooks: ClientHooks = { getToken: () => null, getSiteId: () => null, onUnauthorized: () => undefined };

export function configureApiClient(next: ClientHooks): void {
  hooks = next;
}

/** The headers every call sends (SPEC §7). */
export function commonHeaders(): Record<string, string> {
  const token = hooks.getToken();
  return { platform: PLATFORM, Version: APP_VERSION, ...(token ? { Authorization: token } : {}) };
}

/** Appends a query object to a URL, skipping undefined and null values. */
export function withQuery(url: string, query?: Query): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  if (!search) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

interface Envelope<T> {
  code?: number;
  status?: number;
  msg?: string;
  data: T;
}

/**
 * Applies the SPEC §8 catalogue to a failed call (toast, logout on 401), then rethrows it.
 * `sentToken` is the token the call went out with: only a 401 of the session still in use ends
 * it, so several calls failing at once give one toast and one redirect, and a late 401 of an
 * old session never ends the next one.
 */
function fail(error: unknown, hideErrorToast: boolean | undefined, sentToken: string | null): never {
  if (!(error instanceof ApiError || error instanceof RuntimeError)) throw error;
  if (error instanceof ApiError && error.code === 401) {
    if (sentToken !== null && sentToken === hooks.getToken()) {
      showToast(ERROR_MESSAGES.loginExpired);
      hooks.onUnauthorized();
    }
    throw error;
  }
  // An aborted call was cancelled on purpose (the user left the page): nothing to tell.
  if (error instanceof RuntimeError && error.code === RUNTIME_ERRORS.abort.code) throw error;
  if (!hideErrorToast) {
    showToast(error instanceof RuntimeError ? ERROR_MESSAGES.network : error.message || ERROR_MESSAGES.requestFailed);
  }
  throw error;
}

type Transport = 'request' | 'transfer';

/**
 * Runs fetch with the time-out and maps transport failures to the runtime codes. `started` is the
 * same call already sent by index.html (lib/early-response.ts): its answer is awaited under the
 * same time-out and cancellation instead of a second fetch.
 */
async function send(url: string, init: RequestInit, timeout: number, outer: AbortSignal | undefined, transport: Transport, started?: Promise<Response> | null): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeout);
  const onAbort = () => controller.abort();
  outer?.addEventListener('abort', onAbort);
  try {
    const response = await (started ? untilAborted(started, controller.signal) : fetch(url, { ...init, signal: controller.signal }));
    // Any answer, even an error status, came through the network: the offline notice goes.
    useNetworkStatus.getState().markOnline();
    return response;
  } catch {
    if (timedOut) throw new RuntimeError(RUNTIME_ERRORS.timeout.errMsg, RUNTIME_ERRORS.timeout.code);
    if (controller.signal.aborted) throw new RuntimeError(RUNTIME_ERRORS.abort.errMsg, RUNTIME_ERRORS.abort.code);
    const network = transport === 'request' ? RUNTIME_ERRORS.requestNetwork : RUNTIME_ERRORS.transferNetwork;
    // The shell offers 重试 while the network is gone (the toast of SPEC §8 still tells the user).
    useNetworkStatus.getState().markOffline();
    throw new RuntimeError(network.errMsg, network.code);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onAbort);
  }
}

/** The answer, or a rejection as soon as the signal aborts (a fetch sent without this signal). */
function untilAborted(response: Promise<Response>, signal: AbortSignal): Promise<Response> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    response.then(resolve, reject);
  });
}

/** Success is HTTP 200 with body code 200; anything else is an ApiError. */
async function readEnvelope<T>(response: Response): Promise<T> {
  let body: Envelope<T> | null = null;
  try {
    body = (await response.json()) as Envelope<T>;
  } catch {
    body = null;
  }
  const code = body?.code ?? body?.status ?? response.status;
  // SPEC §8: HTTP 401, or a body code or status of 401, whatever the other one says.
  if (response.status === 401 || body?.code === 401 || body?.status === 401) throw new ApiError(401, 401, ERROR_MESSAGES.loginExpired);
  if (response.status === 200 && code === 200 && body) return body.data;
  throw new ApiError(response.status, code, body?.msg ?? '', body?.data ?? null);
}

/** The one place the app talks HTTP (SPEC §7). */
export async function request<T>(options: RequestOptions): Promise<T> {
  const sentToken = hooks.getToken();
  const method = options.method ?? 'GET';
  const data = applySiteIdRule(options.url, options.data, hooks.getSiteId());
  const headers: Record<string, string> = { ...commonHeaders(), ...options.header };
  const init: RequestInit = { method, headers };
  if (method !== 'GET' && data !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(data);
  }
  try {
    const started = method === 'POST' && !options.query && !options.header ? takeEarlyResponse(options.url, data, sentToken) : null;
    const response = await send(withQuery(options.url, options.query), init, options.timeout ?? REQUEST_TIMEOUT_MS, options.signal, 'request', started);
    return await readEnvelope<T>(response);
  } catch (error) {
    return fail(error, options.hideErrorToast, sentToken);
  }
}

/** A site-scoped call may leave siteId out: the request layer adds the current site (SPEC §7). */
type CallInput<P extends EndpointPath> =
  P extends `${(typeof SITE_SCOPED_PREFIXES)[number]}${string}`
    ? EndpointInput<P> extends { siteId: number }
      ? Omit<EndpointInput<P>, 'siteId'> & { siteId?: number | null }
      : EndpointInput<P>
    : EndpointInput<P>;

export type CallOptions = Pick<RequestOptions, 'header' | 'hideErrorToast' | 'timeout' | 'signal'>;

type CallArgs<P extends EndpointPath> = undefined extends EndpointInput<P> ? [input?: CallInput<P>, options?: CallOptions] : [input: CallInput<P>, options?: CallOptions];

/** The paths of the table's endpoints of one kind. */
type PathOf<Kind> = Extract<Kind, { path: EndpointPath }>['path'];
type PostPath = PathOf<EndpointOf<EndpointPath> & { method: 'POST' }>;
type GetPath = PathOf<Exclude<EndpointOf<EndpointPath> & { method: 'GET' }, { file: true }>>;
type FilePath = PathOf<EndpointOf<EndpointPath> & { file: true }>;

/**
 * The typed front door of `request`: a POST endpoint of the contract's table (a path of ROUTES,
 * @sales/contract/routes), its body as the table has it, and the answer the table gives.
 */
export function call<P extends PostPath>(path: P, ...[input, options]: CallArgs<P>): Promise<EndpointResponse<P>> {
  return request<EndpointResponse<P>>({ url: path, method: 'POST', data: input, ...options });
}

/** A GET endpoint of the table answering JSON, with its typed query. */
export function callGet<P extends GetPath>(path: P, ...[input, options]: CallArgs<P>): Promise<EndpointResponse<P>> {
  return request<EndpointResponse<P>>({ url: path, query: input as Query | undefined, ...options });
}

/** A file endpoint of the table (exports, PDFs) as a blob, with its typed query. */
export function callForFile<P extends FilePath>(path: P, query: CallInput<P>, options?: Pick<RequestOptions, 'hideErrorToast'>): Promise<Blob> {
  return download({ url: path, query: query as Query, ...options });
}

export interface UploadOptions {
  url: string;
  file: Blob | null | undefined;
  name?: string;
  fileName?: string;
  formData?: Record<string, string>;
  /** Extra headers (an Idempotency-Key). */
  header?: Record<string, string>;
  hideErrorToast?: boolean;
}

/** Multipart POST of one file. */
export async function upload<T>(options: UploadOptions): Promise<T> {
  const sentToken = hooks.getToken();
  try {
    if (!options.file) throw new RuntimeError(RUNTIME_ERRORS.fileError.errMsg, RUNTIME_ERRORS.fileError.code);
    const form = new FormData();
    for (const [key, value] of Object.entries(options.formData ?? {})) form.append(key, value);
    form.append(options.name ?? 'file', options.file, options.fileName ?? (options.file instanceof File ? options.file.name : 'image'));
    const response = await send(options.url, { method: 'POST', headers: { ...commonHeaders(), ...options.header }, body: form }, REQUEST_TIMEOUT_MS, undefined, 'transfer');
    return await readEnvelope<T>(response);
  } catch (error) {
    return fail(error, options.hideErrorToast, sentToken);
  }
}

/** GET of a file as a blob. */
export async function download(options: { url: string; query?: Query; hideErrorToast?: boolean }): Promise<Blob> {
  const sentToken = hooks.getToken();
  try {
    const response = await send(withQuery(options.url, options.query), { method: 'GET', headers: commonHeaders() }, REQUEST_TIMEOUT_MS, undefined, 'transfer');
    if (response.status === 200) return await response.blob();
    return await readEnvelope<never>(response);
  } catch (error) {
    return fail(error, options.hideErrorToast, sentToken);
  }
}
