/**
 * npm run export:memory — how much memory the server holds while it sends a large export, as CSV
 * and as .xlsx.
 *
 * Starts the app on the configured database (DATABASE_URL, or PGlite in DATA_DIR; load a large
 * one first with `npm run seed -- --scale N`), downloads the order and customer exports of site
 * 101 as its leader in both formats, discarding the bytes as they arrive, and samples the
 * process's RSS and heap every 20 ms. Prints the figures of each; the client half runs in the
 * same process, but it keeps no data. EXPORT_READ_KBPS=N makes the client read at most N KB a
 * second, as a phone on a slow network does, to show that a slow download holds no more memory.
 */
import { APP_VERSION, PLATFORM } from '@sales/contract';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/env.js';
import { MB, sampleMemory } from './memory-sampler.js';

const SITE = 101;
const LEADER = '13800000002';
const READ_KBPS = Number(process.env.EXPORT_READ_KBPS ?? 0);

const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', SEED_DEMO: 'false' });
const app = await buildApp({ config });
try {
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const headers = { 'content-type': 'application/json', platform: PLATFORM, version: APP_VERSION };
  const login = await fetch(`${address}/seller/user/v2/login`, { method: 'POST', headers, body: JSON.stringify({ phone: LEADER, password: 'Demo@2025' }) });
  const { data } = (await login.json()) as { data: { token: string } | null };
  if (!data) throw new Error('login failed: is the demo data loaded?');

  for (const [path, format] of [
    ['order/export', 'csv'],
    ['order/export', 'xlsx'],
    ['customer/export', 'csv'],
    ['customer/export', 'xlsx'],
  ] as const) {
    const stopSampling = sampleMemory();
    const started = performance.now();
    const response = await fetch(`${address}/seller/fenghe/staff/${path}?siteId=${SITE}&format=${format}`, { headers: { ...headers, authorization: data.token, 'accept-encoding': 'identity' } });
    let bytes = 0;
    const reader = response.body?.getReader();
    for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read()) {
      bytes += chunk.value.byteLength;
      // A slow client: the next read waits until the bytes so far fit the rate.
      const due = READ_KBPS > 0 ? started + bytes / READ_KBPS / 1.024 - performance.now() : 0;
      if (due > 0) await new Promise((resolve) => setTimeout(resolve, due));
    }
    const { base, peakRss, peakHeap } = stopSampling();
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${path} ${format.padEnd(4)}: ${response.headers.get('x-export-rows')} rows, ${(bytes / MB).toFixed(1)} MB in ${seconds.toFixed(1)} s; ` +
        `RSS ${(base.rss / MB).toFixed(0)} → peak ${(peakRss / MB).toFixed(0)} MB (+${((peakRss - base.rss) / MB).toFixed(0)}), ` +
        `heap ${(base.heapUsed / MB).toFixed(0)} → peak ${(peakHeap / MB).toFixed(0)} MB (+${((peakHeap - base.heapUsed) / MB).toFixed(0)})`,
    );
  }
} finally {
  await app.close();
}
