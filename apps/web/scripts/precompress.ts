/**
 * Writes brotli (`.br`) and gzip (`.gz`) siblings of every text file of the web build, at the
 * highest levels, so the server sends them as they are instead of compressing per request.
 * Runs after `vite build` (and after the service worker is generated). The admin console's build
 * runs it on its own folder: `tsx ../web/scripts/precompress.ts <dist>`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

const dist = process.argv[2] ? path.resolve(process.argv[2]) : path.resolve(import.meta.dirname, '..', 'dist');
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
/** Below this, compression saves next to nothing (the server's own threshold). */
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yield* files(full);
    else yield full;
  }
}

// zlib's asynchronous calls run on libuv's thread pool: every core compresses (9 → 5 s on two).
const sizes = await Promise.all(
  [...files(dist)]
    .filter((file) => COMPRESSIBLE.test(file))
    .map((file) => ({ file, body: readFileSync(file) }))
    .filter(({ body }) => body.length >= MIN_BYTES)
    .map(async ({ file, body }) => {
      const [br, gz] = await Promise.all([
        brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        gzipped(body, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      return { before: body.length, after: br.length };
    }),
);
const before = sizes.reduce((sum, size) => sum + size.before, 0);
const after = sizes.reduce((sum, size) => sum + size.after, 0);
console.log(`precompressed ${sizes.length} files: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`);
