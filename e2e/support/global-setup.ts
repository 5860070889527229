import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_PATH, launchBrowserServer } from './chromium';
import { startHostStandIns, type HostStandIns } from './host-stand-ins';
import { E2E_WORKERS, type E2eLane } from './lanes';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One lane per worker: a test file runs against its worker's lane (support/lanes.ts). */
    lanes: E2eLane[];
    /** The run's shared Chromium, which every file connects to (chromium.ts). */
    browserEndpoint: string;
  }
}

const e2eDir = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(e2eDir, '..');
const tmpRoot = path.join(e2eDir, '.tmp');
/** The server as `npm start` runs it: the build (the e2e script builds it when a source changed). */
const serverEntry = path.join(repoRoot, 'apps', 'server', 'dist', 'server.js');
const webIndex = path.join(repoRoot, 'apps', 'web', 'dist', 'index.html');

/**
 * A first start opens PGlite, migrates and loads the demo data: ~12 s on an idle machine, over two
 * minutes with both cores busy. The wait ends when the server answers or exits; this is only a
 * backstop, a little longer than the ten minutes the server itself gives its first-start seeding.
 */
const READY_TIMEOUT_MS = 11 * 60_000;

/** The server process ended before it was ready (a crash, which a fresh start may not repeat). */
class ServerExited extends Error {}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('could not find a free port'))));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForHealth(baseUrl: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new ServerExited(`The e2e server exited (${server.exitCode ?? server.signalCode}) before it was ready:\n${output()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  throw new Error(`The e2e server did not answer GET /healthz with 200 within ${READY_TIMEOUT_MS / 1000} s:\n${output()}`);
}

function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => server.kill('SIGKILL'), 10_000);
    server.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

interface StartedServer {
  server: ChildProcess;
  baseUrl: string;
  log: () => string;
}

const START_ATTEMPTS = 3;

/** Starts the server on a free port with its own data directory and waits until it is healthy. */
async function startServer(dataDir: string, hostEnv: Record<string, string>): Promise<StartedServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, ...hostEnv, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'warn', TMPDIR: tmpRoot };
  // The e2e server always uses its own embedded database and the demo data.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.SEED_DEMO;

  let output = '';
  const server = spawn(process.execPath, ['--enable-source-maps', serverEntry], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on('data', collect);
  server.stderr?.on('data', collect);
  const log = () => output;
  try {
    await waitForHealth(baseUrl, server, log);
  } catch (error) {
    await stop(server);
    throw error;
  }
  return { server, baseUrl, log };
}

interface StartedLane {
  lane: E2eLane;
  stop(): Promise<void>;
}

/**
 * A lane: the 企业微信 and 钉钉 stand-ins and a server calling them, on a free port with a fresh
 * PGlite database seeded with the demo data (the seed is deterministic: every lane has the same).
 */
async function startLane(runDir: string, index: number): Promise<StartedLane> {
  const standIns: HostStandIns = await startHostStandIns();
  // A server that exits before it is ready (seen once on a busy machine, when the server still had
  // Fastify's 10 s plugin time-out around its first-start seeding) is started again with a fresh
  // database, and said so. One that is still starting is waited for, not restarted: a restart would
  // only begin the same seeding again.
  let started: StartedServer | null = null;
  const failures: string[] = [];
  const startedAt = Date.now();
  for (let attempt = 1; attempt <= START_ATTEMPTS && !started; attempt += 1) {
    try {
      started = await startServer(path.join(runDir, `lane-${index}-data-${attempt}`), standIns.env);
      process.stderr.write(`e2e server ${index} ready in ${Math.round((Date.now() - startedAt) / 1000)} s\n`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      failures.push(`attempt ${attempt}: ${message}`);
      if (!(error instanceof ServerExited)) break;
      if (attempt < START_ATTEMPTS) process.stderr.write(`e2e server ${index} did not start (attempt ${attempt} of ${START_ATTEMPTS}), retrying:\n${message.slice(0, 2_000)}\n`);
    }
  }
  if (!started) {
    await standIns.close();
    throw new Error(`The e2e server ${index} could not be started:\n${failures.join('\n\n')}`);
  }
  const { server, baseUrl, log } = started;
  return {
    lane: { baseUrl, wecomStandIn: standIns.wecom.url, dingtalkStandIn: standIns.dingtalk.url },
    stop: async () => {
      await stop(server);
      if (server.exitCode && server.exitCode !== 0) {
        process.stderr.write(`e2e server ${index} exited with ${server.exitCode}:\n${log()}\n`);
      }
      await standIns.close();
    },
  };
}

/**
 * Starts the run's shared Chromium and one lane per worker for the whole run (the files of a worker run one after another
 * against its lane, so no two files share a server at once), and stops them afterwards. The web
 * app must already be built.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium is missing at ${CHROMIUM_PATH}: the end-to-end suite needs it. Install it with "apt-get install -y chromium".`);
  }
  for (const built of [webIndex, serverEntry]) {
    if (!existsSync(built)) {
      throw new Error(`The app is not built (${built} is missing): run "npm run build" first, or "npm run test:e2e" from the repository root.`);
    }
  }

  mkdirSync(tmpRoot, { recursive: true });
  process.env.TMPDIR = tmpRoot;
  const runDir = mkdtempSync(path.join(tmpRoot, 'run-'));
  const browser = await launchBrowserServer();
  const results = await Promise.allSettled(Array.from({ length: E2E_WORKERS }, (_, index) => startLane(runDir, index + 1)));
  const lanes = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stopAll = async () => {
    await Promise.all([...lanes.map((lane) => lane.stop()), browser.close()]);
    rmSync(runDir, { recursive: true, force: true });
  };
  const failed = results.flatMap((result) => (result.status === 'rejected' ? [result.reason instanceof Error ? result.reason.message : String(result.reason)] : []));
  if (failed.length > 0) {
    await stopAll();
    throw new Error(failed.join('\n\n'));
  }
  project.provide('lanes', lanes.map((lane) => lane.lane));
  project.provide('browserEndpoint', browser.wsEndpoint());
  return stopAll;
}
