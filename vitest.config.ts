import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * A worker per core. Vitest's default leaves one core free (one worker on this two-core machine),
 * which the unit tests, each file mostly its own jsdom set-up and imports, do not need: 104 → 69 s.
 */
const EVERY_CORE = availableParallelism();

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/test/**/*.test.ts'],
          environment: 'node',
          maxWorkers: EVERY_CORE,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/scripts/**/*.test.ts'],
          // A jsdom window costs ~1 s per file: a test of plain logic (no document, storage or
          // navigator) opts out with a first line `// @vitest-environment node`.
          environment: 'jsdom',
          // Each file in a VM context of its own inside a worker that lives for the run: the
          // environment and the imported packages are loaded once per worker instead of once per
          // file, and nothing one file leaves (a scheduled toast) reaches the next file's globals:
          // 104 → 34 s on this two-core machine. Its globals are jsdom's own (test-setup.ts).
          pool: 'vmForks',
          setupFiles: ['apps/web/src/test-setup.ts'],
          maxWorkers: EVERY_CORE,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          // The demo data is seeded once per run; each file starts from a copy (template-setup.ts).
          globalSetup: ['apps/server/test/template-setup.ts'],
          testTimeout: 30_000,
          // A fresh seeded PGlite per file takes seconds when idle but minutes on a saturated machine.
          hookTimeout: 180_000,
          fileParallelism: true,
          maxWorkers: 2,
          // Each file still opens its own database copy and builds its own app; only the imported
          // modules (the whole server, transformed once) are shared within a worker: 745 → 331 s
          // for the PGlite run on a busy machine. A test needing module state of its own resets it.
          isolate: false,
        },
      },
      {
        // The reliability and security campaign (npm run test:security): fuzzing, the authorization
        // matrix, crashes, load and several instances. Run apart from the server suite, one file at a time.
        test: {
          name: 'security',
          include: ['apps/server/security/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/template-setup.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
