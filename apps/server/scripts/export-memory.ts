/**
 * npm run export:memory — how much memory the server holds while it sends a large CSV export.
 *
 * Starts the app on the configured database (DATABASE_URL, or PGlite in DATA_DIR; load a large
 * one first with `npm run seed -- --scale N`), downloads the order and customer exports of site
 * 101 as its leader, discarding the bytes as they arrive, and samples the process's RSS and heap
 * every 20 ms. Prints the figures; the client half runs in the same process, but it keeps no data.
 */
import { APP_VERSION, PLATFORM } from '@sales/contract';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/env.js';
import { MB, sampleMemory } from './memory-sampler.js';

const SITE = 101;
const LEADER = '13800000002';

const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', SEED_DEMO: 'false' });
const app = await buildApp({ config });
try {
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const headers = { 'content-type': 'application/json', platform: PLATFORM, version: APP_VERSION };
  const login = await fetch(`${address}/seller/user/v2/login`, { method: 'POST', headers, body: JSON.stringify({ phone: LEADER, password: 'Demo@2025' }) });
  const { data } = (await login.json()) as { data: { token: string } | null };
  if (!data) throw new Error('login failed: is the demo data loaded?');

  for (const path of ['order/export', 'customer/export']) {
    const stopSampling = sampleMemory();
    const started = performance.now();
    const response = await fetch(`${address}/seller/fenghe/staff/${path}?siteId=${SITE}`, { headers: { ...headers, authorization: data.token, 'accept-encoding': 'identity' } });
    let bytes = 0;
    const reader = response.body?.getReader();
    for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read()) bytes += chunk.value.byteLength;
    const { base, peakRss, peakHeap } = stopSampling();
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${path}: ${response.headers.get('x-export-rows')} rows, ${(bytes / MB).toFixed(1)} MB in ${seconds.toFixed(1)} s; ` +
        `RSS ${(base.rss / MB).toFixed(0)} → peak ${(peakRss / MB).toFixed(0)} MB (+${((peakRss - base.rss) / MB).toFixed(0)}), ` +
        `heap ${(base.heapUsed / MB).toFixed(0)} → peak ${(peakHeap / MB).toFixed(0)} MB (+${((peakHeap - base.heapUsed) / MB).toFixed(0)})`,
    );
  }
} finally {
  await app.close();
}
