/**
 * Local stand-ins for 企业微信's and 钉钉's servers. Tests (server and e2e) point WECOM_API_BASE /
 * DINGTALK_API_BASE at one; it issues access tokens for the configured credentials only, checks
 * the token (and anything else a route checks) on every request, and keeps every request and
 * every failed check, so a test can assert both what was asked and that nothing was asked wrong.
 *
 * Each feature adds its routes (`standIn.route(...)`): sign-in, directory, JS-API tickets,
 * messages. An unknown path answers 404 and is recorded as a problem.
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';

export interface StandInRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface StandInAnswer {
  status?: number;
  json?: unknown;
  html?: string;
  /** A 302 to this address. */
  redirect?: string;
}

export type StandInRoute = (request: StandInRequest, standIn: HostStandIn) => StandInAnswer | Promise<StandInAnswer>;

export interface HostCredentials {
  /** WeCom: the corpid; DingTalk: the AppKey. */
  id: string;
  /** WeCom: the corpsecret; DingTalk: the AppSecret. */
  secret: string;
}

export type HostKind = 'wecom' | 'dingtalk';

/** errcodes a real server answers to an invalid token or credentials. */
const INVALID_TOKEN = 40014;

export class HostStandIn {
  readonly requests: StandInRequest[] = [];
  /** Every check a request failed (wrong token, unknown path, a route's own checks): a test expects none unless it provoked them. */
  readonly problems: string[] = [];
  /** Tokens issued and still valid. */
  readonly tokens = new Set<string>();
  tokenCalls = 0;
  private readonly routes = new Map<string, StandInRoute>();
  private server: http.Server | undefined;
  url = '';

  constructor(
    readonly kind: HostKind,
    readonly credentials: HostCredentials,
  ) {
    const tokenPath = kind === 'wecom' ? '/cgi-bin/gettoken' : '/gettoken';
    this.route('GET', tokenPath, (request) => {
      this.tokenCalls += 1;
      const [idName, secretName] = kind === 'wecom' ? ['corpid', 'corpsecret'] : ['appkey', 'appsecret'];
      if (request.query.get(idName) !== credentials.id || request.query.get(secretName) !== credentials.secret) {
        return { json: { errcode: kind === 'wecom' ? 40001 : 40089, errmsg: 'invalid credential' } };
      }
      const token = `tok-${randomBytes(8).toString('hex')}`;
      this.tokens.add(token);
      return { json: { errcode: 0, errmsg: 'ok', access_token: token, expires_in: 7200 } };
    });
  }

  /** Adds or replaces the answer to `method path`. */
  route(method: string, path: string, handler: StandInRoute): this {
    this.routes.set(`${method.toUpperCase()} ${path}`, handler);
    return this;
  }

  /** Records a failed check. */
  problem(text: string): void {
    this.problems.push(text);
  }

  /** The request carries a token this stand-in issued; else the problem is recorded and the answer to give is returned. */
  checkToken(request: StandInRequest): StandInAnswer | undefined {
    const token = request.query.get('access_token');
    if (token && this.tokens.has(token)) return undefined;
    this.problem(`${request.method} ${request.path}: access_token ${token ? 'not issued here' : 'missing'}`);
    return { json: { errcode: INVALID_TOKEN, errmsg: 'invalid access_token' } };
  }

  /** Invalidate every issued token, as an expiry would. */
  expireTokens(): void {
    this.tokens.clear();
  }

  /** The request's JSON body, or undefined (recorded as a problem) when it is not JSON. */
  jsonOf<T = Record<string, unknown>>(request: StandInRequest): T | undefined {
    try {
      return JSON.parse(request.body.toString('utf8')) as T;
    } catch {
      this.problem(`${request.method} ${request.path}: body is not JSON`);
      return undefined;
    }
  }

  async start(port = 0): Promise<this> {
    this.server = http.createServer((incoming, response) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        const url = new URL(incoming.url ?? '/', 'http://stand-in');
        const request: StandInRequest = { method: incoming.method ?? '', path: url.pathname, query: url.searchParams, headers: incoming.headers, body: Buffer.concat(chunks) };
        // The stand-in's own state, for an e2e test in another process.
        if (url.pathname === '/__stand-in/problems') {
          response.setHeader('content-type', 'application/json');
          response.end(JSON.stringify(this.problems));
          return;
        }
        // The stand-in's sign-in pages are opened in a browser (e2e), which asks for their icon on its
        // own and at its own time, after the test that opened them may have ended: not a call of ours.
        if (request.method === 'GET' && url.pathname === '/favicon.ico') {
          response.statusCode = 404;
          response.end();
          return;
        }
        this.requests.push(request);
        const handler = this.routes.get(`${request.method} ${request.path}`);
        const answering = handler ? Promise.resolve().then(() => handler(request, this)) : Promise.resolve<StandInAnswer>({ status: 404 });
        if (!handler) this.problem(`${request.method} ${request.path}: no such API`);
        answering
          .catch((error: unknown): StandInAnswer => {
            this.problem(`${request.method} ${request.path}: stand-in failed: ${String(error)}`);
            return { status: 500 };
          })
          .then((answer) => {
            if (answer.redirect) {
              response.statusCode = 302;
              response.setHeader('location', answer.redirect);
              response.end();
              return;
            }
            response.statusCode = answer.status ?? 200;
            if (answer.html !== undefined) {
              response.setHeader('content-type', 'text/html; charset=utf-8');
              response.end(answer.html);
            } else if (answer.json !== undefined) {
              response.setHeader('content-type', 'application/json');
              response.end(JSON.stringify(answer.json));
            } else response.end();
          });
      });
    });
    const server = this.server;
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    const address = server.address();
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    return this;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
