/**
 * A build step that lets the first load fetch the current route's page chunks at once, instead of
 * after the app's entry has downloaded, run and rendered.
 *
 * index.html is one file for every route (the route is in the URL's hash, which the server never
 * sees), so the hints cannot be written into it per route. Instead the build makes a small script:
 * it reads `location.hash`, looks the route up in a table of each page's chunks (its JavaScript
 * with everything it imports, its styles, and for every page but login the pages' styles and the
 * query client's provider, see app/router.tsx) and adds `<link rel="modulepreload">` / `<link
 * rel="preload" as="style">` for them. The entry's own chunks are left out (index.html's start
 * script asks for them). Vite's own preloading of the same files later finds them fetched.
 *
 * The script is handed to the prerender-login plugin through this plugin's `api`: index.html's
 * start script runs it for a signed-in visitor, inline, beside the entry (scripts/
 * prerender-login-plugin.ts). The route table is read from app/router.tsx (`PAGES`), and the build
 * fails if a route's chunk cannot be found, so the table cannot silently go stale.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
// By path: Vite bundles the config's relative imports, while the contract package's TypeScript
// entry would be handed to Node as it is.
import { STORAGE_KEYS } from '../../../packages/contract/src/constants';
import type { OutputAsset, OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { ROUTES, type RouteMeta, type RouteName } from '../src/config/paths';
import { ROUTE_FILES_GLOBAL } from '../src/lib/prefetch-files';

const srcDir = path.resolve(import.meta.dirname, '..', 'src');
const ROUTER_FILE = path.join(srcDir, 'app', 'router.tsx');

/** Each route's page module (absolute path without extension), as app/router.tsx's PAGES imports it. */
function pageModules(): Map<RouteName, string> {
  const source = readFileSync(ROUTER_FILE, 'utf8');
  const appDir = path.dirname(ROUTER_FILE);
  const named = new Map<string, string>();
  for (const match of source.matchAll(/const (\w+): PageLoader = \(\) => import\('([^']+)'\)/g)) {
    const [, name, specifier] = match;
    if (name && specifier) named.set(name, path.resolve(appDir, specifier));
  }
  const block = source.slice(source.indexOf('const PAGES'), source.indexOf('};', source.indexOf('const PAGES')));
  const modules = new Map<RouteName, string>();
  // `name: () => import('…')`, `name: loader` or the shorthand `name,` (a loader of that name).
  for (const match of block.matchAll(/^\s+(\w+)(?:: (?:\(\) => import\('([^']+)'\)|(\w+)))?,?$/gm)) {
    const [, route, specifier, alias] = match;
    const file = specifier ? path.resolve(appDir, specifier) : named.get(alias ?? route ?? '');
    if (route && file) modules.set(route as RouteName, file);
  }
  return modules;
}

const isChunk = (output: OutputChunk | OutputAsset): output is OutputChunk => output.type === 'chunk';
const moduleOf = (id: string | null) => (id ? id.replace(/\.(tsx|ts)$/, '') : null);

/** The chunk's file and every chunk it imports statically, with their CSS. */
function closure(bundle: OutputBundle, fileName: string, into: Set<string>, entered = new Set<string>()): void {
  if (into.has(fileName) || entered.has(fileName)) return;
  const chunk = bundle[fileName];
  if (!chunk || !isChunk(chunk)) return;
  entered.add(fileName);
  // Imports first (depth first, post-order): a file comes after every file it imports, so the app
  // can run a page's files one a task in this order (lib/prefetch-files' runRouteScriptsInTurn).
  for (const imported of chunk.imports) closure(bundle, imported, into, entered);
  for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
  into.add(fileName);
}

/** What the plugin hands on: the route table's script, once the bundle is generated. */
export interface RoutePreloadApi {
  /**
   * A function expression of one argument, whether to preload the current route's files: it keeps
   * the table in window and returns the route's preload links, not yet in the document (the start
   * script adds them a few a task).
   */
  tableCode: string;
}

export const ROUTE_PRELOAD_PLUGIN = 'sales:route-preload';

export function routePreload(): Plugin<RoutePreloadApi> {
  const api: RoutePreloadApi = { tableCode: '' };
  return {
    name: ROUTE_PRELOAD_PLUGIN,
    api,
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(isChunk);
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error('route-preload: no entry chunk');
      const preloadedByHtml = new Set<string>();
      closure(bundle, entry.fileName, preloadedByHtml);

      const chunkOf = (module: string) => {
        // A page's module is its chunk's facade, or one module of a group of them (scripts/page-chunks.ts).
        const chunk =
          chunks.find((candidate) => moduleOf(candidate.facadeModuleId) === module) ?? chunks.find((candidate) => candidate.moduleIds.some((id) => moduleOf(id) === module));
        if (!chunk) throw new Error(`route-preload: no chunk for ${path.relative(srcDir, module)}`);
        return chunk.fileName;
      };
      // What every page but login loads with it (router.tsx's `styled`).
      // pages.css is an asset of its own, or the styles of the group that holds it.
      const shared = new Set<string>();
      const pagesCss = Object.values(bundle).find((output) => output.type === 'asset' && output.originalFileNames.some((name) => name.endsWith('src/app/pages.css')));
      if (pagesCss) shared.add(pagesCss.fileName);
      else closure(bundle, chunkOf(path.join(srcDir, 'app', 'pages.css')), shared);
      closure(bundle, chunkOf(path.join(srcDir, 'app', 'query-provider')), shared);

      const modules = pageModules();
      const files: string[] = [];
      const indexOf = (file: string) => {
        const known = files.indexOf(file);
        if (known >= 0) return known;
        files.push(file);
        return files.length - 1;
      };
      // Pages that need a session: a signed-out first load shows the login page instead, whose few
      // files are not worth a table every login would download.
      const table: Record<string, number[]> = {};
      for (const name of Object.keys(ROUTES) as RouteName[]) {
        const route: RouteMeta = ROUTES[name];
        if (route.public) continue;
        const module = modules.get(name);
        if (!module) throw new Error(`route-preload: app/router.tsx has no page for route ${name}`);
        // Every page's shared files, then the page's own with what it imports, each after its imports.
        const needed = new Set<string>(shared);
        closure(bundle, chunkOf(module), needed);
        table[route.path] = [...needed].filter((file) => !preloadedByHtml.has(file)).map(indexOf);
      }

      // The route as the shell will show it: the hash's path, home for '' (the entry), 我的 for a
      // user who may not see home (root-layout.tsx).
      const currentRoute = `var route = location.hash.replace(/^#\\/*/, '').split('?')[0].replace(/\\/+$/, '');
  try { route = decodeURIComponent(route); } catch (error) { return; }
  var stored = function (key) { try { return JSON.parse(localStorage.getItem(key) || 'null'); } catch (error) { return null; } };
  if (route === '') route = ${JSON.stringify(ROUTES.home.path)};
  var permissions = stored(${JSON.stringify(STORAGE_KEYS.permissionData)});
  if (route === ${JSON.stringify(ROUTES.home.path)} && permissions && permissions.isShowIndex === false) route = ${JSON.stringify(ROUTES.my.path)};`;
      // Files are relative to assets/, like the app's base './'.
      // A function of whether to preload the current route's files (signed in), returning their links;
      // either way the table stays in window[ROUTE_FILES_GLOBAL] for the next pages' prefetch
      // (lib/prefetch-files.ts).
      api.tableCode = `function (preload) {
  var files = ${JSON.stringify(files.map((file) => path.posix.relative('assets', file)))};
  var routes = ${JSON.stringify(table)};
  var base = new URL('assets/', document.baseURI).href;
  window[${JSON.stringify(ROUTE_FILES_GLOBAL)}] = { files: files, routes: routes, base: base };
  if (!preload) return [];
  ${currentRoute}
  // The page's own file first, then what it imports (the table's order reversed): the first round
  // of connections fetches the files the page's import waits on longest.
  return (routes[route] || []).slice().reverse().map(function (index) {
    var link = document.createElement('link');
    var file = files[index];
    var css = /\\.css$/.test(file);
    link.rel = css ? 'preload' : 'modulepreload';
    if (css) link.as = 'style';
    link.crossOrigin = '';
    link.href = new URL(file, base).href;
    return link;
  });
}`;
    },
  };
}
