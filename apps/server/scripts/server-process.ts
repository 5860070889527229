/**
 * The server in a process of its own, as production runs it: the benchmark, the load script and the
 * security campaign (crashes, several instances) start it through here and wait for GET /healthz
 * to answer 200.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

export const SERVER_ROOT = path.resolve(import.meta.dirname, '..');
/** The compiled server (`npm run build -w apps/server`), what `npm start` runs. */
export const COMPILED_SERVER = [process.execPath, '--enable-source-maps', path.join(SERVER_ROOT, 'dist', 'server.js')];
/** The TypeScript sources through tsx, for tests that must not depend on a build. */
export const SOURCE_SERVER = [process.execPath, '--import', 'tsx', path.join(SERVER_ROOT, 'src', 'server.ts')];

/** A loopback port nothing listens on right now. */
export function freePort(): Promise<number> {
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

export interface ServerProcess {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  child: ChildProcess;
  /** The last lines the process wrote, for error messages. */
  output(): string;
  /** SIGTERM, then SIGKILL after 15 s; resolves once the process has exited. */
  stop(): Promise<void>;
  /** kill -9: no graceful close, no flush. Resolves once the process is gone. */
  kill(): Promise<void>;
}

export interface StartOptions {
  command: readonly string[];
  /** Added to the base environment; PORT and HOST are set here. */
  env: Record<string, string | undefined>;
  /** What the server inherits: this process's environment unless a test wants a clean one. */
  baseEnv?: NodeJS.ProcessEnv;
  readyTimeoutMs: number;
}

const KEPT_OUTPUT = 64 * 1024;

/** Starts the server on a free loopback port and resolves once /healthz answers 200. */
export async function startServerProcess({ command, env, baseEnv = process.env, readyTimeoutMs }: StartOptions): Promise<ServerProcess> {
  const port = await freePort();
  const [executable, ...args] = command;
  if (!executable) throw new Error('no command to start the server with');
  const child = spawn(executable, args, {
    cwd: SERVER_ROOT,
    env: { ...baseEnv, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-KEPT_OUTPUT);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    url,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.kill('SIGTERM');
      await exited;
      clearTimeout(force);
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
  const deadline = Date.now() + readyTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output}`);
    }
    const ready = await fetch(`${url}/healthz`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) return server;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await server.stop();
  throw new Error(`the server did not answer GET /healthz with 200 within ${readyTimeoutMs / 1000} s:\n${output}`);
}
