import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

/** What the web app may never import: the server's code. */
const WEB_SERVER_IMPORTS = { group: ['**/apps/server/**', '@sales/server', 'drizzle-orm', 'fastify'], message: 'The web app never imports server code.' };
const ICU_MESSAGE = 'ICU costs 35–40 ms at its first use: format numbers with groupNumber (@sales/contract), dates with china-time.ts.';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.tmp/**', 'data/**', 'apps/server/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } }, 'import-x/ignore': ['node_modules'] },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/ban-ts-comment': 'error',
      'import-x/no-cycle': 'off',
    },
  },
  {
    // The contract is shared by both halves and imports neither.
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/apps/**', '@sales/server', '@sales/web', 'react', 'fastify', 'drizzle-orm'], message: 'The contract package imports neither the web nor the server.' }] }],
    },
  },
  {
    // ICU starts with a page's first Intl object or toLocale… call: 35–40 ms on this machine, in the
    // task that paints the first figure. Numbers go through groupNumber, dates through china-time.ts.
    files: ['apps/web/src/**/*.{ts,tsx}', 'packages/contract/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'packages/contract/src/number-format.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name='Intl']", message: ICU_MESSAGE },
        { selector: 'CallExpression[callee.property.name=/^(toLocaleString|toLocaleDateString|toLocaleTimeString|localeCompare)$/]', message: ICU_MESSAGE },
      ],
    },
  },
  {
    // The web never imports server code; features never import each other; lib and components stay below features.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [WEB_SERVER_IMPORTS],
          // components/sheet.tsx mounts a Popup at its first opening; a closed Popup runs its hooks on every render.
          paths: [{ name: 'antd-mobile', importNames: ['Popup'], message: 'Use Sheet (components/sheet.tsx): it mounts the Popup when it first opens.' }],
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './apps/web/src/features/auth', from: './apps/web/src/features', except: ['./auth'], message: 'Features never import each other.' },
            { target: './apps/web/src/features/site', from: './apps/web/src/features', except: ['./site', './auth'], message: 'Features never import each other (site reads the session).' },
            { target: './apps/web/src/features/account', from: './apps/web/src/features', except: ['./account', './auth'], message: 'Features never import each other.' },
            { target: './apps/web/src/features/customers', from: './apps/web/src/features', except: ['./customers', './auth'], message: 'Features never import each other (pages in app/routes compose them).' },
            { target: './apps/web/src/features/orders', from: './apps/web/src/features', except: ['./orders', './auth'], message: 'Features never import each other (pages in app/routes compose them).' },
            { target: './apps/web/src/features/reports', from: './apps/web/src/features', except: ['./reports', './auth'], message: 'Features never import each other (pages in app/routes compose them).' },
            { target: './apps/web/src/features/staff', from: './apps/web/src/features', except: ['./staff', './auth'], message: 'Features never import each other (pages in app/routes compose them).' },
            { target: './apps/web/src/features/performance', from: './apps/web/src/features', except: ['./performance', './auth'], message: 'Features never import each other (pages in app/routes compose them).' },
            { target: './apps/web/src/features/notices', from: './apps/web/src/features', except: ['./notices', './auth'], message: 'Features never import each other (pages in app/routes compose them).' },
            { target: './apps/web/src/features/attendance', from: './apps/web/src/features', except: ['./attendance', './auth'], message: 'Features never import each other (pages in app/routes compose them).' },
            { target: './apps/web/src/features/visits', from: './apps/web/src/features', except: ['./visits', './auth'], message: 'Features never import each other (pages in app/routes compose them).' },
            { target: './apps/web/src/features/todo', from: './apps/web/src/features', except: ['./todo', './auth'], message: 'Features never import each other (pages in app/routes compose them).' },
            { target: './apps/web/src/features/outbox', from: './apps/web/src/features', except: ['./outbox', './auth'], message: 'Features never import each other (pages in app/routes compose them).' },
            { target: './apps/web/src/features/notice-settings', from: './apps/web/src/features', except: ['./notice-settings', './auth'], message: 'Features never import each other (pages in app/routes compose them).' },
            { target: './apps/web/src/features/app-update', from: './apps/web/src/features', except: ['./app-update', './auth'], message: 'Features never import each other (pages in app/routes compose them).' },
            { target: './apps/web/src/features', from: './apps/web/src/app', message: 'Features never import the app layer.' },
            { target: './apps/web/src/lib', from: ['./apps/web/src/features', './apps/web/src/app', './apps/web/src/components'], message: 'lib is the bottom layer.' },
            { target: './apps/web/src/components', from: ['./apps/web/src/features', './apps/web/src/app'], message: 'Shared components do not know features or the app.' },
            { target: './apps/web/src/config', from: ['./apps/web/src/features', './apps/web/src/app', './apps/web/src/lib', './apps/web/src/components', './apps/web/src/pages-sub'], message: 'config is the bottom layer.' },
            { target: './apps/web/src/pages-sub', from: ['./apps/web/src/features', './apps/web/src/app'], message: 'The demo page shows the shared components: it knows no feature and not the app layer.' },
            { target: ['./apps/web/src/features', './apps/web/src/components', './apps/web/src/lib'], from: './apps/web/src/pages-sub', message: 'Only the router loads the demo page.' },
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Sheet is the one place that mounts antd-mobile's Popup, and its test stands in for that Popup:
    // the web's import rule without the Popup restriction (a later block's options replace the rule's).
    files: ['apps/web/src/components/sheet.tsx', 'apps/web/src/components/sheet.test.tsx'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [WEB_SERVER_IMPORTS] }],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    // The server's ESM specifiers name the compiled .js; the zones and the cycle check need the .ts behind them.
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'], extensionAlias: { '.js': ['.ts', '.js'] } })] },
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/apps/web/**', '@sales/web', 'react'], message: 'The server never imports the web app.' }] }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/server/src/routes',
              from: './apps/server/src/db',
              message: 'Routes do not query tables: ask the repository or plugin in plugins/app that owns them.',
            },
            {
              target: './apps/server/src/db',
              from: ['./apps/server/src/plugins', './apps/server/src/routes'],
              message: 'db (schema, figures, seed) is below the app: what the seed shares with the app lives in db/.',
            },
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Routes do not query tables (with the web's group repeated: this block's patterns replace the one above).
    files: ['apps/server/src/routes/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/apps/web/**', '@sales/web', 'react'], message: 'The server never imports the web app.' },
            { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Routes do not query tables: ask the repository or plugin in plugins/app that owns them.' },
          ],
        },
      ],
    },
  },
);
