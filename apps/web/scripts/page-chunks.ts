/**
 * How the build groups modules into files: a few files per page instead of a file per component.
 *
 * Left alone, the bundler gives every set of pages that shares some modules a chunk of its own:
 * home's first load fetched ~80 files, the customer list's ~100, over HTTP/1.1's six connections
 * (docs/performance.md, issue 20). Here every module is grouped by which of the measured first
 * pages reach it through static imports — the login page (L), home (H), the customer list (C) —
 * and whether any other page does (R):
 *
 * - a module the app's entry imports goes with the entry (`boot`): one file for what every page runs;
 * - a module some of L, H or C need goes to the group of exactly that set (`p-HC`, `p-LHCR`, …), so
 *   those three pages fetch only modules they use, in at most eight files each;
 * - a module only other pages share goes to the group of the tap pages among them (TAP_PAGES below:
 *   `t-DO`, `t-SO`, …), or, if none of them needs it, is left to the bundler's own splitting, so no
 *   other page fetches a large group of modules it does not use either.
 *
 * Groups of more pages are formed first (a higher priority), so a group never takes a module
 * that a wider group holds (groups take their modules' dependencies with them).
 */
import path from 'node:path';
import type { CodeSplittingGroup, ModuleInfo } from 'rolldown';

const srcDir = path.resolve(import.meta.dirname, '..', 'src');
const ENTRY = path.join(srcDir, 'app', 'main.tsx');
const ROUTER = path.join(srcDir, 'app', 'router.tsx');

/** The pages measured at first load (npm run bench:web), each a group letter. */
const FIRST_PAGES: Record<string, string> = {
  [path.join(srcDir, 'app', 'routes', 'login.tsx')]: 'L',
  [path.join(srcDir, 'app', 'routes', 'home.tsx')]: 'H',
  [path.join(srcDir, 'app', 'routes', 'all-customers.tsx')]: 'C',
};
/**
 * The pages most often opened by a tap from those (issue 29's tap flows: 客户详情 from the lists,
 * 销售业绩 from home, 今日待办 from 我的), each a letter. A module none of L, H or C needs but one of
 * these does is grouped by which of them need it (`t-D`, `t-DS`, …) and whether any other page does
 * (`O`): the tap fetches a few files instead of one per set of pages that shares a component,
 * over six connections at a round trip each. Another page that needs one of those modules fetches
 * the group's file whole: a few KB more, once. 客户详情's tap is kept to five files: what it shares
 * with 今日待办 is one group (`t-DTO`, with or without another page), what it shares with home goes
 * with the list's group (the list has it before the tap), and a module of its own that something
 * loaded on demand imports too joins `t-DO`.
 */
const TAP_PAGES: Record<string, string> = {
  [path.join(srcDir, 'app', 'routes', 'customer-details.tsx')]: 'D',
  [path.join(srcDir, 'app', 'routes', 'sales-performance.tsx')]: 'S',
  [path.join(srcDir, 'app', 'routes', 'todo.tsx')]: 'T',
};
const TAP_ORDER = 'DST';

/** What the router loads with every page but login (app/router.tsx's `styled`). */
const WITH_EVERY_SIGNED_IN_PAGE = [path.join(srcDir, 'app', 'query-provider.tsx'), path.join(srcDir, 'app', 'pages.css')];
/**
 * What the app's shell loads on demand, and for which pages: the tab bar on the tab pages, the
 * site badge on the lists (app/shell/page-frame.tsx, config/paths.ts `showsSiteBadge`), what the
 * entry starts on every page. These join the groups of their pages. Anything else loaded on demand (a
 * chart's library, the outbox, a toast) stays a file of its own, fetched when it is needed.
 */
const SHELL_LOADED: Record<string, string> = {
  [path.join(srcDir, 'app', 'shell', 'tab-bar.tsx')]: 'HR',
  [path.join(srcDir, 'features', 'site', 'components', 'site-badge.tsx')]: 'CR',
  // Loaded by the entry on every first load: the service worker's registration (after the load).
  [path.join(srcDir, 'features', 'app-update', 'register-service-worker.ts')]: 'LHCR',
  // Loaded with a session: on the signed-in pages' first load, not on login's.
  [path.join(srcDir, 'app', 'start-outbox.ts')]: 'HCR',

};
const ORDER = 'LHCR';

type Lookup = (id: string) => ModuleInfo | null;

/** The pages that load this module on demand: a page of the router, or what the shell loads for some pages. */
function pageLetters(id: string, info: ModuleInfo): string {
  if (info.dynamicImporters.includes(ROUTER)) {
    if (WITH_EVERY_SIGNED_IN_PAGE.includes(id)) return 'HCR';
    // Every page but the first three is an R; a tap page is also its own letter, any other an O.
    return FIRST_PAGES[id] ?? `R${TAP_PAGES[id] ?? 'O'}`;
  }
  return SHELL_LOADED[id] ?? '';
}

const COMMENTS = /\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm;
const REEXPORT = /export\s*(\*(?:\s*as\s+\w+)?|\{[^}]*\})\s*from\s*['"]([^'"]+)['"]\s*;?/g;

const IMPORT = /import\s*(?:(\w+)\s*,?\s*)?(\*\s*as\s+\w+|\{[^}]*\})?\s*(?:from\s*)?['"]([^'"]+)['"]\s*;?/g;
const EXPORT_LIST = /export\s*\{([^}]*)\}\s*;?/g;

/**
 * A library's index: a module that only re-exports others, either `export … from` or imports
 * followed by `export { … }` (ahooks), and may import some for their side effects (styles).
 */
const barrels = new Map<string, boolean>();
/** Each module's code without comments, and its import statements: read once per build, not per edge the walks cross. */
const codes = new Map<string, string>();
const statementLists = new Map<string, { statements: RegExpExecArray[]; specifiers: (string | undefined)[] }>();

const codeOf = (info: ModuleInfo): string => {
  let code = codes.get(info.id);
  if (code === undefined) {
    code = (info.code ?? '').replace(COMMENTS, '');
    codes.set(info.id, code);
  }
  return code;
};

const isBarrel = (info: ModuleInfo): boolean => {
  // Asked for every importer of every module the walk passes: each module's code is read once.
  const known = barrels.get(info.id);
  if (known !== undefined) return known;
  const code = codeOf(info).trim();
  const barrel = Boolean(code) && code?.replace(REEXPORT, '').replace(IMPORT, '').replace(EXPORT_LIST, '').trim() === '';
  barrels.set(info.id, barrel);
  return barrel;
};

const withoutExtension = (file: string) => file.replace(/\.[cm]?[jt]sx?$/, '').replace(/\/index$/, '');
const splitAs = (part: string) => part.trim().split(/\s+as\s+/).map((name) => name.trim());

/** The names under which `barrel` re-exports `target` ('*' for all of them). */
function namesThrough(barrel: ModuleInfo, target: ModuleInfo): Set<string> {
  const names = new Set<string>();
  const base = withoutExtension(target.id);
  const code = codeOf(barrel);
  const isTarget = (specifier: string) => specifier.startsWith('.') && withoutExtension(path.resolve(path.dirname(barrel.id), specifier)) === base;
  for (const [, clause, specifier] of code.matchAll(REEXPORT)) {
    if (!clause || !specifier || !isTarget(specifier)) continue;
    if (clause.startsWith('* ')) names.add('*');
    else if (clause === '*') for (const name of target.exports) names.add(name);
    else for (const part of clause.slice(1, -1).split(',')) {
      const exported = splitAs(part).pop();
      if (exported) names.add(exported);
    }
  }
  // `import useSize from './useSize'` … `export { useSize }`: the local names, then their exported names.
  const locals = new Set<string>();
  for (const [, defaultName, clause, specifier] of code.matchAll(IMPORT)) {
    if (!specifier || !isTarget(specifier)) continue;
    if (defaultName) locals.add(defaultName);
    if (clause?.startsWith('*')) names.add('*');
    else for (const part of clause?.slice(1, -1).split(',') ?? []) {
      const local = splitAs(part).pop();
      if (local) locals.add(local);
    }
  }
  for (const [, list] of code.matchAll(EXPORT_LIST)) {
    for (const part of list?.split(',') ?? []) {
      const [local, exported = local] = splitAs(part);
      if (local && exported && locals.has(local)) names.add(exported);
    }
  }
  // A specifier that could not be matched: every name, so nothing is left out.
  return names.size > 0 ? names : new Set(['*']);
}

const IMPORT_OR_REEXPORT = /(?:import|export)\s*(?:(\w+)\s*,?\s*)?(\*\s*as\s+\w+|\*|\{[^}]*\})?\s*from\s*['"]([^'"]+)['"]|import\s*['"]([^'"]+)['"]/g;

/**
 * Whether `importer` imports any of `names` from `barrel`. The code's import statements are
 * matched to the module's imported ids in order; when they cannot be, it counts as importing.
 */
function importsAny(importer: ModuleInfo, barrel: string, names: Set<string>): boolean {
  let parsed = statementLists.get(importer.id);
  if (!parsed) {
    const statements = [...codeOf(importer).matchAll(IMPORT_OR_REEXPORT)];
    parsed = { statements, specifiers: [...new Set(statements.map((match) => match[3] ?? match[4]))] };
    statementLists.set(importer.id, parsed);
  }
  const { statements, specifiers } = parsed;
  // Imports the transform adds (the JSX runtime, Vite's preload helper) come after the code's own.
  const position = importer.importedIds.indexOf(barrel);
  if (specifiers.length > importer.importedIds.length || position < 0 || position >= specifiers.length) return true;
  const specifier = specifiers[position];
  if (names.has('*')) return true;
  for (const [, defaultName, clause, from] of statements) {
    if (from !== specifier) continue;
    if (!clause && !defaultName) return true;
    if (clause?.startsWith('*')) return true;
    if (defaultName && names.has('default')) return true;
    for (const part of clause?.slice(1, -1).split(',') ?? []) {
      const imported = part.trim().split(/\s+as\s+/)[0]?.trim();
      if (imported && names.has(imported)) return true;
    }
  }
  return false;
}

/**
 * `boot` for a module of the entry's static graph, else the letters of the pages that reach it
 * ('' for none). A library's index re-exports everything: it is crossed only towards the modules
 * that import the names it re-exports from this one, or every icon would be reachable from any
 * page that imports one.
 */
function signature(id: string, lookup: Lookup, memo: Map<string, string>): string {
  const known = memo.get(id);
  if (known !== undefined) return known;
  const letters = new Set<string>();
  const seen = new Map<string, string | null>([[id, null]]);
  const barrelNames = new Map<string, Set<string>>();
  const queue: { id: string; through: Set<string> | null }[] = [{ id, through: null }];
  let boot = false;
  while (queue.length > 0 && !boot) {
    const current = queue.shift() as { id: string; through: Set<string> | null };
    if (current.id === ENTRY) boot = true;
    const info = lookup(current.id);
    if (!info) continue;
    for (const letter of pageLetters(current.id, info)) letters.add(letter);
    for (const importerId of info.importers) {
      const importer = lookup(importerId);
      if (!importer) continue;
      if (current.through && !importsAny(importer, current.id, current.through)) continue;
      if (isBarrel(importer)) {
        // A library's index is reached again by each of its modules with other names.
        const names = namesThrough(importer, info);
        const before = barrelNames.get(importerId) ?? new Set<string>();
        const added = [...names].filter((name) => !before.has(name));
        if (added.length === 0) continue;
        barrelNames.set(importerId, new Set([...before, ...added]));
        if (!seen.has(importerId)) seen.set(importerId, current.id);
        queue.push({ id: importerId, through: new Set(added) });
        continue;
      }
      if (seen.has(importerId)) continue;
      seen.set(importerId, current.id);
      queue.push({ id: importerId, through: null });
    }
  }
  const result = boot ? 'boot' : [...ORDER, ...TAP_ORDER, 'O'].filter((letter) => letters.has(letter)).join('');
  memo.set(id, result);
  // PAGE_CHUNKS_WHY=<part of a module's path>: how that module came to the entry's group.
  const why = process.env.PAGE_CHUNKS_WHY;
  if (why && id.includes(why)) {
    const reached = boot ? [ENTRY] : [...seen.keys()].filter((module) => {
      const info = lookup(module);
      return info !== null && pageLetters(module, info) !== '';
    });
    for (const root of reached) {
      const chain: string[] = [];
      for (let step: string | null | undefined = root; step; step = seen.get(step)) chain.push(path.relative(srcDir, step));
      console.log(`page-chunks: ${result}: ${chain.join(' ← ')}`);
    }
  }
  return result;
}

/** The build's code-splitting groups (vite.config.ts: build.rolldownOptions.output.codeSplitting). */
export function pageChunkGroups(): CodeSplittingGroup[] {
  barrels.clear();
  codes.clear();
  statementLists.clear();
  const memo = new Map<string, string>();
  const groupOf = (id: string, lookup: Lookup): string | null => {
    // The bundler's runtime helpers run before anything else: with the entry.
    if (id === '\0rolldown/runtime.js' || id === '\0vite/preload-helper.js') return 'boot';
    const info = lookup(id);
    // A library's index stays where the bundler puts it: a group would tie every module it
    // re-exports to that group's pages.
    if (!info || isBarrel(info)) return null;
    const found = signature(id, lookup, memo);
    if (process.env.PAGE_CHUNKS_CHECK && found !== 'boot') {
      for (const dep of lookup(id)?.importedIds ?? []) {
        const depFound = signature(dep, lookup, memo);
        if (depFound !== 'boot' && [...found].some((letter) => !depFound.includes(letter))) console.log(`page-chunks: ${path.relative(srcDir, id)} (${found}) imports ${path.relative(srcDir, dep)} (${depFound})`);
      }
    }
    if (found === 'boot') return 'boot';
    const firstPages = [...ORDER].filter((letter) => found.includes(letter)).join('');
    if (/[LHC]/.test(firstPages)) {
      if (firstPages.length <= 1) return null;
      // Home's modules that 客户详情 also needs (a phone link and its icon) go with the list's (C): the
      // list fetches them on its first load (2 KB), and a tap on a customer fetches one file fewer.
      if (found.includes('D') && !firstPages.includes('C')) return `p-${[...ORDER].filter((letter) => letter === 'C' || firstPages.includes(letter)).join('')}`;
      return `p-${firstPages}`;
    }
    // Needed by other pages only: by the tap pages that need it, or (none of them) the bundler's own
    // split. One page's own modules: the bundler keeps them in that page's file.
    const tapPages = [...TAP_ORDER, 'O'].filter((letter) => found.includes(letter)).join('');
    // 客户详情 (D) and 今日待办 (T) need the same two groups, with or without another page: one file.
    if (tapPages === 'DT') return 't-DTO';
    // A module of 客户详情's alone that a module loaded on demand imports too (设为客户位置's call): the
    // bundler would give it a file of its own, one more for the tap; it goes with D's group.
    if (tapPages === 'D' && lookup(id)?.importers.some((importer) => signature(importer, lookup, memo) === '')) return 't-DO';
    if (!/[DST]/.test(tapPages) || tapPages.length <= 1) return null;
    return `t-${tapPages}`;
  };
  // The entry first, then the first pages' groups, then the tap pages': each widest first (a group
  // takes its modules' imports with it, so a narrower group formed first would take a wider one's).
  const rankOf = (group: string): number => {
    if (group === 'boot') return 30;
    if (group.startsWith('t-')) return group.length - 2;
    return 10 + group.length - 2;
  };
  // Each level asks for every module: a module's group is worked out once per build.
  const groups = new Map<string, { group: string; rank: number } | null>();
  const level = (rank: number): CodeSplittingGroup => ({
    name: (id, ctx) => {
      let known = groups.get(id);
      if (known === undefined) {
        const group = groupOf(id, (moduleId) => ctx.getModuleInfo(moduleId));
        known = group === null ? null : { group, rank: rankOf(group) };
        groups.set(id, known);
      }
      return known !== null && known.rank === rank ? known.group : null;
    },
    priority: rank,
    debugName: `pages-${rank}`,
  });
  return Array.from({ length: 30 }, (_, index) => level(30 - index));
}
