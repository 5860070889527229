/**
 * npm run build -w apps/server — the server as one ES module, dist/server.js, for `npm start`.
 *
 * esbuild bundles the server's own code and the contract package (a workspace of TypeScript
 * sources that Node cannot load) and leaves every other package to node_modules, so native and
 * data-reading packages (argon2, pdfkit, PGlite's WebAssembly, the Noto Sans SC fonts) load from
 * where npm put them. The SQL migrations are copied beside the bundle, where the database client
 * looks for them (`<dir of the module>/migrations`). A source map goes with it: `node
 * --enable-source-maps` logs stack traces with the TypeScript file and line.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'dist');
const BUNDLED_PACKAGES = new Set(['@sales/contract']);

/** Every bare import stays external except the workspace packages listed above. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : (args.path.split('/')[0] ?? args.path);
      return BUNDLED_PACKAGES.has(name) ? undefined : { path: args.path, external: true };
    });
  },
};

const started = performance.now();
await fs.rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: [path.join(root, 'src', 'server.ts')],
  outfile: path.join(outdir, 'server.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [externalPackages],
});
await fs.cp(path.join(root, 'src', 'db', 'migrations'), path.join(outdir, 'migrations'), { recursive: true });
console.log(`server built: ${path.relative(process.cwd(), path.join(outdir, 'server.js'))} (${Math.round(performance.now() - started)} ms)`);
