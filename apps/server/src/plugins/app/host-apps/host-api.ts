/**
 * What the 企业微信 and 钉钉 server APIs share: an access token fetched with the app's secret and
 * kept until shortly before its `expires_in` (one fetch at a time however many calls wait for
 * it), JSON answers with an `errcode`, and errors that never carry a secret. Every caller (sign-in,
 * directory sync, JS-API signatures, notices) goes through one client per provider, so a token is
 * fetched once per process, not once per feature.
 */

/** Refreshed this long before the provider's expiry, so a token is never used at its last second. */
const EXPIRY_MARGIN_MS = 5 * 60 * 1000;

/** A call to a host app's API failed; the message names the call and the errcode, never a secret or URL. */
export class HostApiError extends Error {
  constructor(
    message: string,
    /** Whether trying again later may help (a network failure, a busy provider), not a refusal. */
    readonly retry: boolean,
    /** The provider's errcode, when it answered one. */
    readonly errcode?: number,
  ) {
    super(message);
    this.name = 'HostApiError';
  }
}

export interface HostAnswer {
  errcode?: number;
  errmsg?: string;
  [key: string]: unknown;
}

/** A token and when it stops being used. */
export interface CachedValue {
  value: string;
  expiresAt: number;
}

/**
 * A value fetched on demand and kept until shortly before it expires: access tokens, and the
 * JS-API tickets signed with them. Concurrent callers share one fetch.
 */
export class ExpiringValue {
  private cached: CachedValue | undefined;
  private pending: Promise<string> | undefined;

  constructor(
    private readonly fetchValue: () => Promise<{ value: string; expiresInSeconds: number }>,
    private readonly now: () => number = Date.now,
  ) {}

  async get(): Promise<string> {
    if (this.cached && this.cached.expiresAt > this.now()) return this.cached.value;
    this.pending ??= this.fetchValue()
      .then(({ value, expiresInSeconds }) => {
        const lifetime = expiresInSeconds * 1000;
        this.cached = { value, expiresAt: this.now() + Math.max(lifetime - EXPIRY_MARGIN_MS, lifetime / 2) };
        return value;
      })
      .finally(() => {
        this.pending = undefined;
      });
    return this.pending;
  }

  /** Forget the value (the provider called it invalid or expired); the next get fetches anew. */
  drop(): void {
    this.cached = undefined;
  }
}

/** Fetch JSON with a deadline; a provider that hangs does not hold the caller. */
export async function fetchHostJson(provider: string, what: string, url: string, init: RequestInit = {}, ms = 10_000): Promise<HostAnswer> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(ms) });
  } catch (error) {
    throw new HostApiError(`${provider} ${what} unreachable: ${error instanceof Error ? error.name : 'error'}`, true);
  }
  if (!response.ok) throw new HostApiError(`${provider} ${what} HTTP ${response.status}`, response.status >= 500 || response.status === 429);
  try {
    return (await response.json()) as HostAnswer;
  } catch {
    throw new HostApiError(`${provider} ${what} answered no JSON`, true);
  }
}

export interface HostCall {
  /** Query parameters besides access_token. */
  query?: Record<string, string | number>;
  /** A JSON body: the call is a POST. */
  body?: unknown;
}

/** How an API hands out its access token: a GET of `path` with the app's credentials. */
export interface TokenRequest {
  path: string;
  query: Record<string, string>;
}

/**
 * An API whose calls carry `access_token` in the query and answer `errcode` 0 on success. A token
 * the provider calls invalid or expired is fetched again once.
 */
export class TokenApi {
  protected readonly token: ExpiringValue;

  protected constructor(
    readonly provider: string,
    private readonly apiBase: string,
    private readonly tokenRequest: TokenRequest,
    private readonly tokenErrors: ReadonlySet<number>,
    /** errcodes after which a retry cannot help (a refused secret, an unknown user). */
    private readonly finalErrors: ReadonlySet<number>,
    now: () => number,
  ) {
    this.token = new ExpiringValue(() => this.fetchToken(), now);
  }

  private async fetchToken(): Promise<{ value: string; expiresInSeconds: number }> {
    const answer = await fetchHostJson(this.provider, 'gettoken', this.url(this.tokenRequest.path, this.tokenRequest.query));
    const token = answer.access_token;
    if (answer.errcode !== 0 || typeof token !== 'string' || token === '') {
      throw new HostApiError(`${this.provider} gettoken errcode ${answer.errcode ?? '?'}`, answer.errcode !== undefined && !this.finalErrors.has(answer.errcode), answer.errcode);
    }
    return { value: token, expiresInSeconds: typeof answer.expires_in === 'number' ? answer.expires_in : 7200 };
  }

  /** The cached access token, or a new one. */
  accessToken(): Promise<string> {
    return this.token.get();
  }

  protected url(pathname: string, query: Record<string, string | number> = {}): string {
    const params = new URLSearchParams(Object.entries(query).map(([name, value]): [string, string] => [name, String(value)]));
    const search = params.toString();
    return `${this.apiBase}/${pathname.replace(/^\/+/, '')}${search ? `?${search}` : ''}`;
  }

  /** A GET or POST of `pathname` with the access token; the answer when errcode is 0, else a HostApiError. */
  async call<T extends HostAnswer = HostAnswer>(pathname: string, { query = {}, body }: HostCall = {}): Promise<T> {
    for (let round = 0; ; round += 1) {
      const token = await this.accessToken();
      const init: RequestInit = body === undefined ? { method: 'GET' } : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
      const answer = await fetchHostJson(this.provider, pathname, this.url(pathname, { ...query, access_token: token }), init);
      if (answer.errcode === 0 || answer.errcode === undefined) return answer as T;
      if (this.tokenErrors.has(answer.errcode) && round === 0) {
        this.token.drop();
        continue;
      }
      throw new HostApiError(`${this.provider} ${pathname} errcode ${answer.errcode}`, !this.finalErrors.has(answer.errcode), answer.errcode);
    }
  }
}
