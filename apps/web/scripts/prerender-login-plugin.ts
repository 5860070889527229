/**
 * The login page in index.html: a signed-out first load paints the page from the HTML itself,
 * before any script has downloaded (issue 20: the login page's largest paint waited for the app's
 * ~95 KB entry and its first render).
 *
 * At build time the page is rendered with react-dom/server (src/app/prerender/login-markup.tsx)
 * into a hidden block of #root, with the styles of the login page's files inlined. A small inline
 * script in the head shows the block when the first page will be the login page: the login route
 * itself, or a page that needs a session when there is none (the app sends it to login; main.tsx
 * does so before its first render). The app then renders the same page in its place.
 *
 * The server's Content-Security-Policy allows no inline script but this one, by its hash: the
 * build writes the hashes to dist/inline-scripts.json, which the server reads at start-up.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { build, createServer, type Plugin } from 'vite';
import { STORAGE_KEYS } from '../../../packages/contract/src/constants';
import type { UserInfo } from '../../../packages/contract/src/schemas';
import { BOOT_LOGIN_CLASS, BOOT_MODE_ATTRIBUTE, BOOT_SUBMIT_ATTRIBUTE } from '../src/lib/prerendered-login';
import { PAINT_GLOBAL } from '../src/lib/painted-page';
import type { earlyCallsScript, Painter } from '../src/app/early-calls';
import { ROUTES, type RouteMeta, type RouteName } from '../src/config/paths';
import { ROUTE_PRELOAD_PLUGIN, type RoutePreloadApi } from './route-preload-plugin';
import { markupClasses, styleSheetApplies } from './used-styles';

const srcDir = path.resolve(import.meta.dirname, '..', 'src');
const LOGIN_PAGE = path.join(srcDir, 'app', 'routes', 'login.tsx');
const PRERENDER_DIR = path.join(srcDir, 'app', 'prerender');
export const INLINE_SCRIPTS_FILE = 'inline-scripts.json';

/**
 * The painted pages: each painter's name (src/app/prerender/<name>-markup.tsx renders its markup
 * as `<name>Markup()`, <name>-painter.ts draws it, defined as `__<NAME>_PAINT__`), the routes it
 * paints, and the page file whose stylesheets it may wait for.
 */
const PAINTED: readonly { name: string; routes: readonly RouteName[]; page: string }[] = [
  { name: 'list', routes: ['allCustomers'], page: 'all-customers.tsx' },
  { name: 'home', routes: ['home', 'entry'], page: 'home.tsx' },
  { name: 'notice', routes: ['messageCenter'], page: 'message-center.tsx' },
  { name: 'todo', routes: ['todo'], page: 'todo.tsx' },
  { name: 'pool', routes: ['customerPool'], page: 'customer-pool.tsx' },
];

const publicPaths = (Object.values(ROUTES) as RouteMeta[])
  .filter((route) => route.public)
  .map((route) => route.path);

/** Decides, before the first paint, whether the first page is the login page (kept in step with main.tsx). */
const BOOT_SCRIPT = `(function () {
  try {
    var route = location.hash.replace(/^#\\/*/, '').split('?')[0].replace(/\\/+$/, '');
    route = decodeURIComponent(route);
    var token = JSON.parse(localStorage.getItem(${JSON.stringify(STORAGE_KEYS.token)}) || 'null');
    if (route === ${JSON.stringify(ROUTES.login.path)} || (!token && ${JSON.stringify(publicPaths)}.indexOf(route) < 0)) {
      document.documentElement.classList.add(${JSON.stringify(BOOT_LOGIN_CLASS)});
    }
  } catch (error) {}
  // Until the app takes over, the copy's form must not submit itself (a page load that loses the
  // typing): the tap is kept, with a chosen login mode, for the app to carry out.
  var root = document.documentElement;
  var inCopy = function (event, selector) {
    return event.target instanceof Element ? event.target.closest('#boot-login ' + selector) : null;
  };
  document.addEventListener('submit', function (event) {
    if (!inCopy(event, 'form')) return;
    event.preventDefault();
    root.setAttribute(${JSON.stringify(BOOT_SUBMIT_ATTRIBUTE)}, '');
  }, true);
  document.addEventListener('click', function (event) {
    var tab = inCopy(event, '[role=tab]');
    if (tab) root.setAttribute(${JSON.stringify(BOOT_MODE_ATTRIBUTE)}, tab.id);
  }, true);
})();`;

interface StartTag {
  script: boolean;
  url: string;
}

/** How long after loading an untouched login page waits before loading the app while idle. */
const LOGIN_IDLE_START_MS = 5000;

/** The links and the entry's script the start script adds to the document in one task (then yields). */
const START_ELEMENTS_PER_TASK = 3;

/** The longest a painted page holds the app's files back while its painter waits for the answer. */
const PAINT_START_MAX_MS = 1500;

/**
 * Requests the app's files once the first frame is painted: a module script runs before the first
 * paint when it is already there, and the prerendered page or the shell would wait for the whole
 * app to run. One frame later costs nothing on a phone's network, where the HTML paints first anyway.
 */
const startScript = (tags: StartTag[], routeTable: string) => `(function () {
  var started = false;
  var signedIn = false;
  try {
    signedIn = Boolean(JSON.parse(localStorage.getItem(${JSON.stringify(STORAGE_KEYS.token)}) || 'null'));
  } catch (error) {}
  function start() {
    if (started) return;
    started = true;
    // With a session, the current page's files are preloaded beside the entry (route-preload's table);
    // the table stays for the next pages' prefetch either way.
    var elements = (${routeTable})(signedIn);
    ${JSON.stringify(tags)}.forEach(function (tag) {
      var element = document.createElement(tag.script ? 'script' : 'link');
      if (tag.script) {
        element.type = 'module';
        element.src = tag.url;
      } else {
        element.rel = 'modulepreload';
        element.href = tag.url;
      }
      element.crossOrigin = '';
      elements.push(element);
    });
    // A few a task: each request a link starts costs the page's thread 2-3 ms (10 at 4x CPU), and
    // twenty in one task held it for 90 ms right after the painted page showed.
    (function add(from) {
      elements.slice(from, from + ${START_ELEMENTS_PER_TASK}).forEach(function (element) {
        document.head.appendChild(element);
      });
      if (from + ${START_ELEMENTS_PER_TASK} < elements.length) setTimeout(add, 0, from + ${START_ELEMENTS_PER_TASK});
    })(0);
  }
  if (document.documentElement.classList.contains(${JSON.stringify(BOOT_LOGIN_CLASS)})) {
    // The login page is painted and usable from the HTML alone (a tap on 登录 is kept for the app):
    // the app loads when the visitor first touches the page, or once the browser has been idle a
    // while after loading, so a person who reads before typing finds it ready. Not before: on a
    // slow network its ~85 KB would compete with the page's first paint for nothing.
    // Except where the app signs in by itself or offers more than the form: inside 企业微信 or 钉钉
    // (it goes to the host's sign-in at once), back from a provider's page with a code, or on a
    // desktop browser (its 扫码登录 entries); waiting there only kept the person waiting.
    var agent = navigator.userAgent;
    var query = new URLSearchParams(location.search);
    var signsInItself = /wxwork|DingTalk/i.test(agent) || (Boolean(query.get('code') || query.get('authCode')) && query.has('state'));
    var desktop = !/Mobi|Android|iPhone|iPad|iPod|HarmonyOS/i.test(agent) && window.matchMedia('(pointer: fine)').matches;
    if (signsInItself || desktop) {
      start();
      return;
    }
    ['pointerdown', 'touchstart', 'keydown', 'focusin'].forEach(function (type) {
      document.addEventListener(type, start, { capture: true, once: true, passive: true });
    });
    var whenIdle = function () {
      setTimeout(function () {
        if (window.requestIdleCallback) window.requestIdleCallback(start, { timeout: 1000 });
        else start();
      }, ${LOGIN_IDLE_START_MS});
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return;
  }
  var paint = window[${JSON.stringify(PAINT_GLOBAL)}];
  if (paint && typeof paint === 'object') {
    // A page with a painter (the customer list, home, 消息中心, 今日待办, 公海; early-calls.ts): the
    // painter draws it from the early answers first, and the app's files follow once it has painted
    // or given up (settlePainter), so that ~200 KB does not share a slow network with the answers,
    // the painter and its stylesheets.
    // A touch loads the app at once; and it loads after PAINT_START_MAX_MS whatever the painter does.
    if (paint.settled) {
      start();
      return;
    }
    paint.onSettled = start;
    ['pointerdown', 'touchstart', 'keydown'].forEach(function (type) {
      document.addEventListener(type, start, { capture: true, once: true, passive: true });
    });
    setTimeout(start, ${PAINT_START_MAX_MS});
    return;
  }
  requestAnimationFrame(function () { setTimeout(start, 0); });
  // A page opened in the background paints no frame until shown: start anyway.
  setTimeout(start, 250);
})();`;

const START_TAGS = /<script type="module" crossorigin src="(\.\/assets\/[^"]+\.js)"><\/script>|<link rel="modulepreload" crossorigin href="(\.\/assets\/[^"]+\.js)">/g;

const BOOT_STYLE = `#boot-login{display:none}.${BOOT_LOGIN_CLASS} #boot-login{display:block}.${BOOT_LOGIN_CLASS} #boot-shell{display:none}`;

const isChunk = (output: OutputBundle[string]): output is OutputChunk => output.type === 'chunk';

/** The stylesheets of a chunk and of every chunk it imports. */
function cssOf(bundle: OutputBundle, start: OutputChunk): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of chunk.imports) {
      const next = bundle[imported];
      if (next && isChunk(next)) visit(next);
    }
  };
  visit(start);
  return files;
}

/** The stylesheets of a page's files (with those of the modules given) that the entry does not bring (index.html inlines the entry's). */
function pageStyleFiles(bundle: OutputBundle, modules: string[]): string[] {
  const chunks = Object.values(bundle).filter(isChunk);
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('prerender-login: no entry chunk');
  const entryCss = cssOf(bundle, entry);
  const files = new Set<string>();
  for (const module of modules) {
    const asset = Object.values(bundle).find((output) => output.type === 'asset' && output.originalFileNames.some((name) => path.resolve(srcDir, '..', name) === module));
    if (asset) {
      files.add(asset.fileName);
      continue;
    }
    const chunk = chunks.find((candidate) => candidate.moduleIds.some((id) => id === module || id.replace(/\.(tsx|ts)$/, '') === module));
    if (!chunk) throw new Error(`prerender-login: no chunk for ${path.relative(srcDir, module)}`);
    for (const file of cssOf(bundle, chunk)) files.add(file);
  }
  return [...files].filter((file) => !entryCss.has(file));
}

/** The styles of the login page's files that the entry does not bring (index.html links the entry's). */
function loginStyles(bundle: OutputBundle): string {
  return pageStyleFiles(bundle, [LOGIN_PAGE])
    .map((file) => {
      const asset = bundle[file];
      return asset?.type === 'asset' ? String(asset.source) : '';
    })
    .join('');
}

/** Every string of a painter's markup (its pages, rows and looks). */
function markupStrings(markup: unknown, into: string[] = []): string[] {
  if (typeof markup === 'string') into.push(markup);
  else if (markup && typeof markup === 'object') for (const member of Object.values(markup)) markupStrings(member, into);
  return into;
}

/**
 * The stylesheets a painted copy waits for: of its page's and those every page but login loads
 * with it (app/router.tsx's `styled`), those with a rule that can style the copy (used-styles.ts).
 * The app loads the others with the page's files.
 */
function paintedStyleFiles(bundle: OutputBundle, page: string, markup: unknown): string[] {
  const classes = markupClasses(markupStrings(markup));
  if (classes.size === 0) throw new Error(`prerender-login: the painted markup of ${path.relative(srcDir, page)} has no class`);
  return pageStyleFiles(bundle, [page, path.join(srcDir, 'app', 'pages.css'), path.join(srcDir, 'app', 'query-provider.tsx')]).filter((file) => {
    const asset = bundle[file];
    return asset?.type === 'asset' && styleSheetApplies(String(asset.source), classes);
  });
}

interface BuiltPainter {
  fileName: string;
  code: string;
}

/**
 * A page's painter (src/app/prerender/<name>-painter.ts) as a classic script of its own, with the
 * markup the build rendered defined as `__<NAME>_PAINT__`: built apart from the app, so it shares no chunk with it.
 */
async function buildPainter(name: string, markup: unknown): Promise<BuiltPainter> {
  const result = await build({
    configFile: false,
    root: path.resolve(srcDir, '..'),
    logLevel: 'error',
    publicDir: false,
    define: { [`__${name.toUpperCase()}_PAINT__`]: JSON.stringify(markup) },
    build: {
      write: false,
      target: 'es2020',
      minify: true,
      lib: { entry: path.join(PRERENDER_DIR, `${name}-painter.ts`), formats: ['iife'], name: `sales_${name}_painter`, fileName: () => `${name}-painter.js` },
      // As the app's build (vite.config.ts): the contract's schemas are dead code here.
      rolldownOptions: { treeshake: { manualPureFunctions: ['Type', 'Nullable', 'Paged'], propertyReadSideEffects: false } },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as { output: (OutputChunk | OutputBundle[string])[] }[];
  const chunk = outputs.flatMap((entry) => entry.output).find((output): output is OutputChunk => output.type === 'chunk');
  if (!chunk) throw new Error(`prerender-login: the ${name} painter built nothing`);
  const hash = createHash('sha256').update(chunk.code).digest('base64url').slice(0, 10);
  return { fileName: `assets/${name}-painter-${hash}.js`, code: chunk.code };
}

/**
 * Loads the app's modules in Node (a Vite server of the app's config) with the given local storage,
 * as a browser holding it would at its first render, and runs `use` with them.
 */
async function withAppModules<T>(storage: Record<string, string>, use: (load: (module: string) => Promise<Record<string, unknown>>) => Promise<T>): Promise<T> {
  const server = await createServer({
    configFile: path.resolve(import.meta.dirname, '..', 'vite.config.ts'),
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    logLevel: 'error',
    // The UI libraries import their stylesheets: bundled for the render, not loaded by Node.
    ssr: { noExternal: [/antd-mobile/, /^rc-/, /@react-spring/, /@use-gesture/] },
    // antd-mobile's modules import the rc- packages' CommonJS builds, which the module runner cannot run inline: their ES builds instead.
    resolve: { alias: [{ find: /^(rc-[\w-]+)\/lib\//, replacement: '$1/es/' }] },
  });
  const globals = globalThis as Record<string, unknown>;
  const hadWindow = 'window' in globals;
  const memory = new Map<string, string>(Object.entries(storage));
  // The app's modules read the local storage through `window`.
  if (!hadWindow) {
    globals.window = globalThis;
    globals.localStorage = {
      getItem: (key: string) => memory.get(key) ?? null,
      setItem: (key: string, value: string) => memory.set(key, value),
      removeItem: (key: string) => memory.delete(key),
      key: () => null,
      length: 0,
    };
  }
  try {
    return await use((module) => server.ssrLoadModule(module));
  } finally {
    if (!hadWindow) {
      delete globals.window;
      delete globals.localStorage;
    }
    await server.close();
  }
}

/** Links of the hash router: a tap before the app has loaded opens the same page it would. */
const hashLinks = (html: string) => html.replace(/ href="\/(?!\/)/g, ' href="#/');

/**
 * Renders the login page as a signed-out visitor first sees it, and loads the function that writes
 * the inline script sending a page's first call (src/app/early-calls.ts), from the same modules the
 * app is built from.
 */
function renderLogin(): Promise<{ markup: string; earlyCalls: typeof earlyCallsScript }> {
  return withAppModules({}, async (load) => {
    const module = (await load('/src/app/prerender/login-markup.tsx')) as { loginMarkup: () => Promise<string> };
    const markup = await module.loginMarkup();
    const early = (await load('/src/app/early-calls.ts')) as { earlyCallsScript: typeof earlyCallsScript };
    return { markup: hashLinks(markup), earlyCalls: early.earlyCallsScript };
  });
}

/**
 * The session the painted pages are rendered with: a leader's with every entry, whose pages have
 * every control (the painters drop what another person has not).
 */
const PAINT_SESSION = {
  [STORAGE_KEYS.token]: JSON.stringify('build'),
  [STORAGE_KEYS.userId]: JSON.stringify(1),
  // A whole user info (the pages read its positions: one site, so no 切换站点 on an empty list).
  [STORAGE_KEYS.userInfo]: JSON.stringify({
    id: 1,
    username: '',
    phone: '',
    avatar: null,
    positionUsers: [{ departmentId: 1, departmentName: '', isLeader: true, drawAuth: false }],
    reportAllSites: false,
    teamReportAuth: false,
    mustChangePassword: false,
    isAdmin: false,
  } satisfies UserInfo),
  [STORAGE_KEYS.currentSite]: JSON.stringify({ departmentId: 1, departmentName: '', isLeader: true }),
  [STORAGE_KEYS.permissionData]: JSON.stringify({ isShowIndex: true, isReport: true }),
};

/** Every string of a painter's markup (its pages, rows and looks) through `map`. */
function mapMarkup(markup: unknown, map: (html: string) => string): unknown {
  if (typeof markup === 'string') return map(markup);
  if (markup && typeof markup === 'object') return Object.fromEntries(Object.entries(markup).map(([key, member]) => [key, mapMarkup(member, map)]));
  return markup;
}

/** Each painted page's markup by painter name, signed in (src/app/prerender/<name>-markup.tsx), its links the hash router's. */
function renderPainted(): Promise<Map<string, unknown>> {
  return withAppModules(PAINT_SESSION, async (load) => {
    const markups = new Map<string, unknown>();
    for (const { name } of PAINTED) {
      const module = (await load(`/src/app/prerender/${name}-markup.tsx`)) as Record<string, () => Promise<unknown>>;
      const render = module[`${name}Markup`];
      if (!render) throw new Error(`prerender-login: ${name}-markup.tsx has no ${name}Markup`);
      markups.set(name, mapMarkup(await render(), hashLinks));
    }
    return markups;
  });
}

export function prerenderLogin(): Plugin {
  const scriptHashes: string[] = [];
  let painters: BuiltPainter[] | undefined;
  let routePreloadApi: RoutePreloadApi | undefined;
  const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
  return {
    name: 'sales:prerender-login',
    apply: 'build',
    // After route-preload (vite.config.ts), which writes its bootstrap's tag into index.html.
    enforce: 'post',
    configResolved(config) {
      routePreloadApi = config.plugins.find((plugin): plugin is Plugin<RoutePreloadApi> => plugin.name === ROUTE_PRELOAD_PLUGIN)?.api;
    },
    generateBundle(_options, bundle) {
      if (!painters) throw new Error('prerender-login: the painters were not built');
      for (const painter of painters) this.emitFile({ type: 'asset', fileName: painter.fileName, source: painter.code });
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset' || typeof html.source !== 'string') throw new Error('prerender-login: no index.html in the bundle');
      // The app's scripts start after the first paint (startScript), in the order index.html had them.
      const tags: StartTag[] = [];
      // route-preload's table of each page's files, inline with the start: as scripts of their
      // own, the page's files were asked for two round trips after the entry.
      const routeTable = routePreloadApi?.tableCode;
      if (!routeTable) throw new Error('prerender-login: route-preload made no route table');
      const withoutScripts = html.source.replace(START_TAGS, (_tag, moduleUrl?: string, preloadUrl?: string) => {
        if (moduleUrl) tags.push({ script: true, url: moduleUrl });
        else if (preloadUrl) tags.push({ script: false, url: preloadUrl });
        return '';
      });
      if (!tags.some((tag) => tag.script)) throw new Error('prerender-login: index.html has no module script');
      const start = startScript(tags, routeTable);
      scriptHashes.push(hashOf(BOOT_SCRIPT), hashOf(start));
      html.source = withoutScripts.replace('</head>', `<script>${start}</script></head>`);
    },
    writeBundle(options) {
      if (!options.dir || scriptHashes.length === 0) throw new Error('prerender-login: index.html was not transformed');
      writeFileSync(path.join(options.dir, INLINE_SCRIPTS_FILE), `${JSON.stringify({ scriptHashes }, null, 2)}\n`);
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        if (!context.bundle) return html;
        const { markup, earlyCalls: earlyCallsOf } = await renderLogin();
        const { bundle } = context;
        const painted = await renderPainted();
        const built = await Promise.all(PAINTED.map(async (entry) => ({ entry, painter: await buildPainter(entry.name, painted.get(entry.name)) })));
        painters = built.map(({ painter }) => painter);
        const paintedRoutes: Partial<Record<RouteName, Painter>> = {};
        for (const { entry, painter } of built) {
          const paint = { script: painter.fileName, styles: paintedStyleFiles(bundle, path.join(srcDir, 'app', 'routes', entry.page), painted.get(entry.name)) };
          for (const route of entry.routes) paintedRoutes[route] = paint;
        }
        const earlyCalls = earlyCallsOf(undefined, paintedRoutes);
        scriptHashes.push(hashOf(earlyCalls));
        const styles = loginStyles(context.bundle);
        // The entry's own styles inline too: the first paint waits for no stylesheet request.
        const entryStyles = /<link rel="stylesheet"[^>]*href="\.\/(assets\/[^"]+\.css)"[^>]*>/g;
        const inlined = html.replace(entryStyles, (link, file: string) => {
          const asset = context.bundle?.[file];
          return asset?.type === 'asset' ? `<style>${String(asset.source)}</style>` : link;
        });
        // The page's first call leaves before anything else is parsed (src/app/early-calls.ts).
        const charset = /<meta charset="UTF-8"\s*\/?>/i;
        if (!charset.test(inlined)) throw new Error('prerender-login: index.html has no charset meta');
        const withEarlyCalls = inlined.replace(charset, (meta) => `${meta}<script>${earlyCalls}</script>`);
        const withHead = withEarlyCalls.replace('</head>', `<script>${BOOT_SCRIPT}</script><style>${BOOT_STYLE}${styles}</style></head>`);
        if (!withHead.includes('<div id="boot-shell"')) throw new Error('prerender-login: index.html has no #boot-shell');
        return withHead.replace('<!-- prerendered login -->', `<div id="boot-login">${markup}</div>`);
      },
    },
  };
}
