/**
 * Measures what a phone downloads to show a route for the first time: every JS and CSS file
 * the page requests, with its gzip size. Starts nothing itself: point it at a running server.
 *
 *   npm run bench:web -- [baseUrl] [route]
 */
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? process.env.BASE_URL ?? 'http://localhost:3000';
const route = process.argv[3] ?? '/pages/login/index';

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const files: { url: string; raw: number; gzip: number }[] = [];
  page.on('response', async (response) => {
    const url = response.url();
    if (!/\.(js|css)(\?|$)/.test(url)) return;
    const body = await response.body();
    files.push({ url: new URL(url).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  });
  const started = Date.now();
  await page.goto(`${base}/#${route}`, { waitUntil: 'networkidle' });
  const elapsed = Date.now() - started;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  for (const file of files.sort((a, b) => b.gzip - a.gzip)) console.log(`${kb(file.gzip).padStart(9)} gzip  ${kb(file.raw).padStart(9)} raw  ${file.url}`);
  const js = files.filter((file) => file.url.endsWith('.js')).reduce((sum, file) => sum + file.gzip, 0);
  const css = files.filter((file) => file.url.endsWith('.css')).reduce((sum, file) => sum + file.gzip, 0);
  console.log(`route ${route}: ${files.length} files, JS ${kb(js)} + CSS ${kb(css)} = ${kb(js + css)} gzip; loaded in ${elapsed} ms (network idle, loopback)`);
} finally {
  await browser.close();
}
