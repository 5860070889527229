/**
 * node scripts/side-by-side.mjs <npm script> <npm script> …
 *
 * Runs the npm scripts at the same time and exits with the first non-zero status among them (0
 * when all pass). The first script's output is shown as it comes; the others' is held and shown
 * whole, each under its name, once it ends, so no two logs are interleaved.
 *
 * For runs that each keep about one core busy: the security campaign on PGlite (one process, the
 * database inside it) and on PostgreSQL (the campaign's process and the server's) finish together
 * in about the time of the longer one on two cores (164 → 121 s); so do the type-check's two
 * streams of tsc projects (97 → 85 s, beside the lint).
 */
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import console from 'node:console';
import process from 'node:process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/side-by-side.mjs <npm script> <npm script> …');
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const runs = scripts.map(
  (script, index) =>
    new Promise((resolve) => {
      const started = Date.now();
      const child = spawn(npm, ['run', script], { stdio: index === 0 ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
      const held = [];
      child.stdout?.on('data', (chunk) => held.push(chunk));
      child.stderr?.on('data', (chunk) => held.push(chunk));
      child.on('close', (code, signal) => {
        const status = code ?? (signal ? 1 : 0);
        resolve({ script, status, seconds: Math.round((Date.now() - started) / 1000), output: Buffer.concat(held) });
      });
      child.on('error', (error) => resolve({ script, status: 1, seconds: 0, output: Buffer.from(`${error.message}\n`) }));
    }),
);

const results = await Promise.all(runs);
for (const [index, result] of results.entries()) {
  if (index > 0) {
    process.stdout.write(`\n== npm run ${result.script} (run beside the first)\n`);
    process.stdout.write(result.output);
  }
}
for (const result of results) console.log(`npm run ${result.script}: exit ${result.status} in ${result.seconds} s`);
process.exit(results.find((result) => result.status !== 0)?.status ?? 0);
