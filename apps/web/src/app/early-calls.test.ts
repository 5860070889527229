import { STORAGE_KEYS } from '@sales/contract';
import * as API from '@sales/contract/routes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { customerQuery, parseCustomerFilters } from '../features/customers/customer-filters';
import { parsePoolFilters, poolQuery } from '../features/pool/pool-filters';
import { configureApiClient, request } from '../lib/api-client';
import { EARLY_CALLS_GLOBAL, EARLY_RESPONSE_TTL_MS, stableJson } from '../lib/early-response';
import { PAGE_SIZE } from '../lib/paging';
import { PAINT_GLOBAL, PAINTED_ATTRIBUTE } from '../lib/painted-page';
import { EARLY_CALLS, earlyCallsScript } from './early-calls';

vi.mock('../lib/toast', () => ({ showToast: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const site = { departmentId: 101, departmentName: '华东一部' };

function signIn(extra: Record<string, unknown> = {}) {
  const values: Record<string, unknown> = {
    [STORAGE_KEYS.token]: 'tok-1',
    [STORAGE_KEYS.currentSite]: site,
    [STORAGE_KEYS.userInfo]: { mustChangePassword: false },
    [STORAGE_KEYS.permissionData]: { isShowIndex: true },
    ...extra,
  };
  for (const [key, value] of Object.entries(values)) localStorage.setItem(key, JSON.stringify(value));
}

/** Runs the inline script as index.html would, at this address. */
function boot(hash: string) {
  window.location.hash = hash;
  new Function(earlyCallsScript())();
}

const sent = () => fetchMock.mock.calls.map(([url, init]) => ({ url: String(url), body: JSON.parse(String(init?.body)) as unknown, headers: init?.headers }));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async () => json({ code: 200, msg: 'ok', data: { from: 'early' } }));
  configureApiClient({ getToken: () => 'tok-1', getSiteId: () => 101, onUnauthorized: vi.fn() });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  localStorage.clear();
  Reflect.deleteProperty(window, EARLY_CALLS_GLOBAL);
  Reflect.deleteProperty(window, PAINT_GLOBAL);
  for (const element of Array.from(document.head.querySelectorAll('script[src], link[rel=stylesheet]'))) element.remove();
});

describe('index.html sends the first call of the page', () => {
  it('sends home dashboard with the stored site and the app’s headers, and the page takes that answer', async () => {
    signIn();
    boot('#/pages/index/index');
    expect(sent()).toEqual([{ url: API.performanceHome, body: { siteId: 101 }, headers: expect.objectContaining({ Authorization: 'tok-1', platform: 'h5', Version: '2.0.1' }) as unknown }]);
    await expect(request({ url: API.performanceHome, method: 'POST', data: { siteId: 101 } })).resolves.toEqual({ from: 'early' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends the customer list’s default body, which is what the page asks for (site added by the request layer)', async () => {
    signIn();
    boot('#/pages/details/allCustomers');
    const pageBody = { ...customerQuery(parseCustomerFilters(new URLSearchParams())), page: 1, pageSize: PAGE_SIZE };
    await expect(request({ url: API.customerList, method: 'POST', data: pageBody })).resolves.toEqual({ from: 'early' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['#/pages/my/todo', API.followUpDue, { page: 1, pageSize: PAGE_SIZE, siteId: 101 }],
    ['#/pages/my/messageCenter', API.noticeList, { page: 1, pageSize: PAGE_SIZE }],
    ['#/pages/my/index', API.followUpDue, { page: 1, pageSize: 1, siteId: 101 }],
    ['#/', API.performanceHome, { siteId: 101 }],
  ])('%s sends %s', (hash, url, body) => {
    signIn();
    boot(hash);
    expect(sent()).toEqual([expect.objectContaining({ url, body })]);
  });

  it('公海 sends its list and its rules bar’s call, each as the page asks for it', async () => {
    signIn();
    boot('#/pages/details/customerPool');
    expect(sent()).toEqual([
      expect.objectContaining({ url: API.poolList, body: { ...poolQuery(parsePoolFilters(new URLSearchParams())), page: 1, pageSize: PAGE_SIZE, siteId: 101 } }),
      expect.objectContaining({ url: API.poolRules, body: { siteId: 101 } }),
    ]);
    await expect(request({ url: API.poolRules, method: 'POST', data: {} })).resolves.toEqual({ from: 'early' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('answers the same body whatever its key order, once: a second ask sends its own call', async () => {
    signIn();
    boot('#/pages/my/todo');
    await request({ url: API.followUpDue, method: 'POST', data: { pageSize: PAGE_SIZE, page: 1 } });
    await request({ url: API.followUpDue, method: 'POST', data: { pageSize: PAGE_SIZE, page: 1 } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is not taken for another body, another token or once it is older than the time-to-live', async () => {
    signIn();
    boot('#/pages/my/todo');
    await request({ url: API.followUpDue, method: 'POST', data: { page: 2, pageSize: PAGE_SIZE } });
    expect(fetchMock).toHaveBeenCalledTimes(2);

    fetchMock.mockClear();
    boot('#/pages/my/todo');
    configureApiClient({ getToken: () => 'tok-2', getSiteId: () => 101, onUnauthorized: vi.fn() });
    await request({ url: API.followUpDue, method: 'POST', data: { page: 1, pageSize: PAGE_SIZE } });
    expect(fetchMock).toHaveBeenCalledTimes(2);

    fetchMock.mockClear();
    configureApiClient({ getToken: () => 'tok-1', getSiteId: () => 101, onUnauthorized: vi.fn() });
    vi.useFakeTimers({ toFake: ['Date'] });
    boot('#/pages/my/todo');
    vi.setSystemTime(Date.now() + EARLY_RESPONSE_TTL_MS + 1);
    await request({ url: API.followUpDue, method: 'POST', data: { page: 1, pageSize: PAGE_SIZE } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('sends nothing without a session, with a password to change, with filters in the address, or home without 首页', () => {
    boot('#/pages/index/index');
    signIn({ [STORAGE_KEYS.userInfo]: { mustChangePassword: true } });
    boot('#/pages/index/index');
    signIn();
    boot('#/pages/details/allCustomers?level=A');
    boot('#/pages/details/customerDetails');
    signIn({ [STORAGE_KEYS.permissionData]: { isShowIndex: false } });
    boot('#/pages/index/index');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('hands a failed early call to the page as its own failure', async () => {
    signIn();
    fetchMock.mockImplementationOnce(async () => {
      throw new TypeError('Failed to fetch');
    });
    boot('#/pages/my/messageCenter');
    await expect(request({ url: API.noticeList, method: 'POST', data: { page: 1, pageSize: PAGE_SIZE }, hideErrorToast: true })).rejects.toMatchObject({ code: 5 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('the painter of a painted route (lib/painted-page.ts)', () => {
  const painters = {
    allCustomers: { script: 'assets/list-painter-1.js', styles: ['assets/a.css', 'assets/b.css'] },
    customerPool: { script: 'assets/pool-painter-1.js', styles: [] },
  };
  /** Runs the inline script, then the tasks it leaves (the painter's elements go in after the calls). */
  const bootPainted = (hash: string, script = earlyCallsScript(EARLY_CALLS, painters)) => {
    vi.useFakeTimers();
    window.location.hash = hash;
    new Function(script)();
    vi.runAllTimers();
  };
  const painterScripts = () => Array.from(document.head.querySelectorAll('script[src]')).map((script) => script.getAttribute('src'));

  it('is asked for, with the page’s stylesheets, beside the route’s call, and told which answer to draw', () => {
    signIn();
    bootPainted('#/pages/details/allCustomers');
    expect(painterScripts()).toEqual(['assets/list-painter-1.js']);
    expect(Array.from(document.head.querySelectorAll(`link[rel=stylesheet][${PAINTED_ATTRIBUTE}]`)).map((link) => link.getAttribute('href'))).toEqual(['assets/a.css', 'assets/b.css']);
    const state = (window as unknown as Record<string, { route: string; keys: string[] }>)[PAINT_GLOBAL];
    const [call] = sent();
    expect(state).toEqual({ route: 'pages/details/allCustomers', keys: [`${API.customerList} ${stableJson(call?.body)}`] });
    expect((window as unknown as Record<string, Record<string, unknown>>)[EARLY_CALLS_GLOBAL]?.[state?.keys[0] ?? '']).toBeDefined();
  });

  it('goes into the page after the calls have left, a few elements a task, the stylesheets before the painter', () => {
    signIn();
    vi.useFakeTimers();
    window.location.hash = '#/pages/details/customerPool';
    const styles = ['assets/a.css', 'assets/b.css', 'assets/c.css', 'assets/d.css'];
    new Function(earlyCallsScript(EARLY_CALLS, { customerPool: { script: 'assets/pool-painter-1.js', styles } }))();
    const added = () => Array.from(document.head.querySelectorAll(`link[${PAINTED_ATTRIBUTE}], script[src]`)).map((element) => element.getAttribute('href') ?? element.getAttribute('src'));
    // The parser's task sends the calls and nothing else.
    expect(sent().map((call) => call.url)).toEqual([API.poolList, API.poolRules]);
    expect(added()).toEqual([]);
    vi.advanceTimersToNextTimer();
    expect(added()).toEqual(styles.slice(0, 3));
    vi.advanceTimersToNextTimer();
    expect(added()).toEqual([...styles, 'assets/pool-painter-1.js']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('settles the paint when its elements cannot go into the page, so the app loads at once', () => {
    signIn();
    const onSettled = vi.fn();
    const append = vi.spyOn(document.head, 'appendChild').mockImplementation(() => {
      const state = (window as unknown as Record<string, { onSettled?: () => void }>)[PAINT_GLOBAL];
      if (state) state.onSettled = onSettled;
      throw new Error('no head');
    });
    try {
      bootPainted('#/pages/details/allCustomers');
    } finally {
      append.mockRestore();
    }
    expect(onSettled).toHaveBeenCalledTimes(1);
    expect((window as unknown as Record<string, { settled?: boolean }>)[PAINT_GLOBAL]?.settled).toBe(true);
  });

  it('is told every answer of a route with several calls, in the table’s order (公海: the list, then the rules)', () => {
    signIn();
    bootPainted('#/pages/details/customerPool');
    const state = (window as unknown as Record<string, { route: string; keys: string[] }>)[PAINT_GLOBAL];
    expect(state?.keys).toEqual(sent().map((call) => `${call.url} ${stableJson(call.body)}`));
    expect(state?.keys.map((key) => key.split(' ')[0])).toEqual([API.poolList, API.poolRules]);
    expect(painterScripts()).toEqual(['assets/pool-painter-1.js']);
  });

  it('is not asked for when one of the route’s calls could not leave (here: without its permission)', () => {
    signIn({ [STORAGE_KEYS.permissionData]: {} });
    const [list] = EARLY_CALLS.customerPool ?? [];
    bootPainted('#/pages/details/customerPool', earlyCallsScript({ customerPool: [list ?? { url: API.poolList, body: {} }, { url: API.poolRules, body: {}, permission: 'isShowIndex' }] }, painters));
    expect(sent().map((call) => call.url)).toEqual([API.poolList]);
    expect(painterScripts()).toEqual([]);
    expect((window as unknown as Record<string, unknown>)[PAINT_GLOBAL]).toBeUndefined();
  });

  it('is not asked for without a session, on another route, or for a filtered address', () => {
    bootPainted('#/pages/details/allCustomers');
    signIn();
    bootPainted('#/pages/index/index');
    bootPainted('#/pages/my/todo');
    bootPainted('#/pages/details/allCustomers?level=A');
    expect(painterScripts()).toEqual([]);
    expect((window as unknown as Record<string, unknown>)[PAINT_GLOBAL]).toBeUndefined();
  });

  it('leaves the script of a build without painters as it was', () => {
    expect(earlyCallsScript(EARLY_CALLS, {})).toBe(earlyCallsScript());
    expect(earlyCallsScript()).not.toContain(PAINT_GLOBAL);
  });
});

describe('stableJson', () => {
  it('gives the inline script’s key for any key order and leaves undefined members out', () => {
    expect(stableJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: undefined } })).toBe('{"a":{"d":[1,{"x":1,"y":2}]},"b":1}');
    const inline = new Function(`${/function stableJson[\s\S]*?\n {4}\}/.exec(earlyCallsScript())?.[0] ?? ''}; return stableJson;`)() as (value: unknown) => string;
    const body = { pageSize: 20, keyword: '超市', page: 1, nested: { z: true, a: null } };
    expect(inline(body)).toBe(stableJson(body));
  });
});
