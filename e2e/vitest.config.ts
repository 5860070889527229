import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './support/lanes';

/** Chromium profiles, server data and screenshots of a run stay inside e2e/.tmp (gitignored). */
const tmpDir = path.resolve(import.meta.dirname, '.tmp');
mkdirSync(tmpDir, { recursive: true });
process.env.TMPDIR = tmpDir;

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./support/global-setup.ts'],
    // E2E_WORKERS workers (support/lanes.ts, 1 by default), each with a server of its own; a worker's
    // files run one after another. The suite is mostly Chromium's CPU, so two lanes on two cores gain
    // less than half (docs/performance.md, fifth slice).
    pool: 'forks',
    fileParallelism: E2E_WORKERS > 1,
    maxWorkers: E2E_WORKERS,
    // A backstop, not a measure: each wait inside a test has its own limit (10 s). Under load the
    // longest tests (account changes: several logins, codes and password hashes) take ~50 s.
    testTimeout: 180_000,
    hookTimeout: 90_000,
    // expect.poll gives up after 1 s by default: too short for a list that a busy machine answers in
    // several. Polls wait as long as a Playwright wait does (the contexts' default of 10 s).
    expect: { poll: { timeout: 10_000, interval: 50 } },
    env: { TMPDIR: tmpDir },
  },
});
