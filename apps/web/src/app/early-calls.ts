/**
 * The first call of a page, sent by index.html's inline script before any of the app's script has
 * downloaded (issue 29): on a cold start over a slow network the figures otherwise wait for the
 * entry and the page's files (~135 KB) to arrive and run before their call even leaves.
 *
 * The build (scripts/prerender-login-plugin.ts) writes this table into the inline script; the app
 * never imports this module. The request layer (lib/early-response.ts) takes the answer when the
 * page asks for the same call — same path, same body, same token — instead of asking again. A body
 * here must be the one the page sends for its default view: a page opened with filters in its
 * address asks for itself, and the e2e test `early-calls` checks that each page asks only once.
 */
import { APP_VERSION, isSiteScopedPath, PLATFORM, STORAGE_KEYS } from '@sales/contract';
import * as API from '@sales/contract/routes';
import { ROUTES, type RouteName } from '../config/paths';
import { defaultCustomerQuery } from '../features/customers/customer-filters';
import { defaultPoolQuery } from '../features/pool/pool-filters';
import { PAGE_SIZE } from '../lib/paging';
import { EARLY_CALLS_GLOBAL } from '../lib/early-response';
import { PAINT_GLOBAL, PAINTED_ATTRIBUTE } from '../lib/painted-page';

export interface EarlyCall {
  url: string;
  /** The body the page sends; a site-scoped call gets the current site's id, as the request layer adds it. */
  body: Record<string, unknown>;
  /** Sent only when the stored permissions grant this (home shows to those with 首页). */
  permission?: 'isShowIndex';
}

const homeDashboard: EarlyCall = { url: API.performanceHome, body: {}, permission: 'isShowIndex' };
const firstPage = { page: 1, pageSize: PAGE_SIZE };

export const EARLY_CALLS: Partial<Record<RouteName, EarlyCall[]>> = {
  entry: [homeDashboard],
  home: [homeDashboard],
  allCustomers: [{ url: API.customerList, body: { ...defaultCustomerQuery(), ...firstPage } }],
  // 公海: the list and the rules bar above it (its caps and the caller's usage), which arrive together.
  customerPool: [
    { url: API.poolList, body: { ...defaultPoolQuery(), ...firstPage } },
    { url: API.poolRules, body: {} },
  ],
  todo: [{ url: API.followUpDue, body: firstPage }],
  messageCenter: [{ url: API.noticeList, body: firstPage }],
  // 我的: the 今日待办 badge's figures.
  my: [{ url: API.followUpDue, body: { page: 1, pageSize: 1 } }],
};

/** How many of a painter's stylesheets and script the inline script adds to the page in one task. */
const PAINT_ELEMENTS_PER_TASK = 3;

/** A route's painter (lib/painted-page.ts): its script and the page's stylesheets, paths relative to the HTML. */
export interface Painter {
  script: string;
  styles: string[];
}

interface ScriptCall {
  url: string;
  body: Record<string, unknown>;
  site: boolean;
  permission?: string;
}

/**
 * The inline script: reads the route from the address and the session from local storage (as the
 * login page's boot script does), sends the route's calls, and leaves their pending answers in
 * window[EARLY_CALLS_GLOBAL] under the key the request layer computes (lib/early-response.ts).
 * Anything unexpected (no session, a filtered address, private mode) sends nothing.
 */
export function earlyCallsScript(table: Partial<Record<RouteName, EarlyCall[]>> = EARLY_CALLS, painters: Partial<Record<RouteName, Painter>> = {}): string {
  const byPath: Record<string, ScriptCall[]> = {};
  for (const [name, calls] of Object.entries(table) as [RouteName, EarlyCall[]][]) {
    byPath[ROUTES[name].path] = calls.map((call) => ({ url: call.url, body: call.body, site: isSiteScopedPath(call.url), ...(call.permission ? { permission: call.permission } : {}) }));
  }
  const paintByPath: Record<string, Painter> = {};
  for (const [name, painter] of Object.entries(painters) as [RouteName, Painter][]) paintByPath[ROUTES[name].path] = painter;
  // A painted route's answers are drawn by its painter, asked for here beside the calls (only for a
  // painted route with a session: every other load's HTML carries just this table), and only when
  // every call of the route left (one skipped, without its permission or a site, leaves the page
  // nothing to draw from). The painter is told their keys, in the table's order. Its stylesheets in
  // CORS mode, as the app's own links to them (Vite's preload, route-preload): one request for both.
  // The stylesheets, then the painter, go into the page PAINT_ELEMENTS_PER_TASK to a task after the
  // calls have left: each request a new element starts costs the page's thread 2–3 ms (10 at 4× CPU
  // under DevTools' network instrumentation), and the calls, storage's first read and five more
  // requests in the parser's one task held the thread for 80–170 ms at 4× CPU (issue 29). The
  // painter comes last, so every stylesheet it waits for (paint-core's) is in the page before it runs.
  const paintSource =
    Object.keys(paintByPath).length === 0
      ? ''
      : `
    var painter = ${JSON.stringify(paintByPath)}[route];
    if (painter && keys.length === calls.length) {
      var state = (window[${JSON.stringify(PAINT_GLOBAL)}] = { route: route, keys: keys });
      // A painter that cannot load paints nothing: the app loads at once (settlePainter's part).
      var giveUp = function () {
        if (state.settled) return;
        state.settled = true;
        if (state.onSettled) state.onSettled();
      };
      var elements = painter.styles.map(function (href) {
        var link = document.createElement('link');
        link.rel = 'stylesheet';
        link.crossOrigin = '';
        link.href = href;
        link.setAttribute(${JSON.stringify(PAINTED_ATTRIBUTE)}, '');
        return link;
      });
      var script = document.createElement('script');
      script.src = painter.script;
      script.onerror = giveUp;
      elements.push(script);
      var add = function (from) {
        setTimeout(function () {
          try {
            elements.slice(from, from + ${PAINT_ELEMENTS_PER_TASK}).forEach(function (element) { document.head.appendChild(element); });
          } catch (error) {
            return giveUp();
          }
          if (from + ${PAINT_ELEMENTS_PER_TASK} < elements.length) add(from + ${PAINT_ELEMENTS_PER_TASK});
        }, 0);
      };
      add(0);
    }`;
  return `(function () {
  try {
    var hash = location.hash.replace(/^#\\/*/, '');
    if (hash.indexOf('?') >= 0) return;
    var route = decodeURIComponent(hash).replace(/\\/+$/, '');
    var calls = ${JSON.stringify(byPath)}[route];
    if (!calls) return;
    var read = function (key) { return JSON.parse(localStorage.getItem(key) || 'null'); };
    var token = read(${JSON.stringify(STORAGE_KEYS.token)});
    var site = read(${JSON.stringify(STORAGE_KEYS.currentSite)});
    var user = read(${JSON.stringify(STORAGE_KEYS.userInfo)});
    var permissions = read(${JSON.stringify(STORAGE_KEYS.permissionData)}) || {};
    if (typeof token !== 'string' || !token || (user && user.mustChangePassword)) return;
    ${stableJsonSource}
    var early = (window[${JSON.stringify(EARLY_CALLS_GLOBAL)}] = {});
    var keys = [];
    calls.forEach(function (call) {
      if (call.permission && !permissions[call.permission]) return;
      var body = {};
      for (var key in call.body) body[key] = call.body[key];
      if (call.site) {
        if (!site || typeof site.departmentId !== 'number') return;
        body.siteId = site.departmentId;
      }
      var response = fetch(call.url, {
        method: 'POST',
        headers: { platform: ${JSON.stringify(PLATFORM)}, Version: ${JSON.stringify(APP_VERSION)}, Authorization: token, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      // Nobody may take it (the app asks again after a failure): no unhandled rejection.
      response.catch(function () {});
      var key = call.url + ' ' + stableJson(body);
      early[key] = { token: token, at: Date.now(), response: response };
      keys.push(key);
    });${paintSource}
  } catch (error) {}
})();`;
}

/** stableJson of lib/early-response.ts, for the inline script (kept to the same output by early-calls.test.ts). */
const stableJsonSource = `function stableJson(value) {
      if (value === null || typeof value !== 'object') return JSON.stringify(value);
      if (Array.isArray(value)) return '[' + value.map(stableJson).join(',') + ']';
      return '{' + Object.keys(value).filter(function (key) { return value[key] !== undefined; }).sort().map(function (key) {
        return JSON.stringify(key) + ':' + stableJson(value[key]);
      }).join(',') + '}';
    }`;
