/**
 * `npm run build`, unless nothing it reads has changed since the last build here: `npm start` and
 * `npm run test:e2e` both need the built app, and CI runs one after the other on the same tree.
 * The stamp (.tmp/build-stamp) is a hash of every file the three builds read — sources, configs,
 * the lock file — and is written only after a build succeeds; any change, a missing output or
 * `FORCE_BUILD=1` builds again.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';

const root = path.resolve(import.meta.dirname, '..');
const INPUTS = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'packages/contract',
  'apps/web/src',
  'apps/web/public',
  'apps/web/scripts',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'apps/admin/src',
  'apps/admin/index.html',
  'apps/admin/vite.config.ts',
  'apps/admin/package.json',
  'apps/admin/tsconfig.json',
  'apps/server/src',
  'apps/server/scripts',
  'apps/server/package.json',
  'apps/server/tsconfig.json',
];
const OUTPUTS = ['apps/web/dist/index.html', 'apps/admin/dist/index.html', 'apps/server/dist/server.js'];
const SKIP = new Set(['node_modules', 'dist', '.tmp']);

function files(relative) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full)
    .filter((name) => !SKIP.has(name))
    .sort()
    .flatMap((name) => files(path.join(relative, name)));
}

const hash = createHash('sha256');
for (const file of INPUTS.flatMap(files)) {
  hash.update(`${file}\0`);
  hash.update(readFileSync(path.join(root, file)));
}
const digest = hash.digest('hex');
const stampFile = path.join(root, '.tmp', 'build-stamp');
const built = OUTPUTS.every((output) => existsSync(path.join(root, output)));
const stamp = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';

if (process.env.FORCE_BUILD !== '1' && built && stamp === digest) {
  process.stdout.write('build: up to date (nothing it reads changed since the last build; FORCE_BUILD=1 builds anyway)\n');
} else {
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  mkdirSync(path.dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, `${digest}\n`);
}
