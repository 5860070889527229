import type { Response } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { LI_NA } from '../support/accounts';
import { controlledByWorker, useApp } from '../support/app';

const harness = useApp();

interface Manifest {
  name: string;
  start_url: string;
  display: string;
  theme_color: string;
  icons: { src: string; sizes: string; purpose?: string }[];
}

describe('installable app', () => {
  test('the manifest is linked from the page and describes the app with its icons', async () => {
    const app = await harness.newApp();
    await app.open('pages/login/index');
    const href = await app.page.locator('link[rel=manifest]').getAttribute('href');
    expect(href).toBeTruthy();
    const response = await app.page.request.get(new URL(href ?? '', app.page.url()).toString());
    expect(response.status()).toBe(200);
    const manifest = (await response.json()) as Manifest;
    expect(manifest).toMatchObject({ name: '销售助手', start_url: './#/', display: 'standalone' });
    expect(manifest.theme_color).toMatch(/^#/);
    expect(manifest.icons.map((icon) => `${icon.sizes}${icon.purpose === 'maskable' ? ' maskable' : ''}`).sort()).toEqual(['192x192', '512x512', '512x512 maskable']);
    for (const icon of manifest.icons) {
      const image = await app.page.request.get(new URL(icon.src, response.url()).toString());
      expect(image.headers()['content-type'], icon.src).toBe('image/png');
    }
  });

  test('the service worker controls the page after a reload and never answers or keeps API data', async () => {
    const app = await harness.newApp({ serviceWorkers: 'allow' });
    await app.open('pages/login/index');
    await controlledByWorker(app);

    const api: Response[] = [];
    app.page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/seller/')) api.push(response);
    });
    await app.signIn(LI_NA);
    await app.open('pages/details/allCustomers');
    await app.waitForTitle('客户列表');
    await expect.poll(() => api.length).toBeGreaterThan(0);
    expect(await app.page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    expect(api.filter((response) => response.fromServiceWorker()).map((response) => response.url())).toEqual([]);
    const cached = await app.page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        urls.push(...(await cache.keys()).map((request) => request.url));
      }
      return urls;
    });
    expect(cached.length).toBeGreaterThan(0);
    expect(cached.filter((url) => /\/(seller|__dev|healthz|docs)\b/.test(new URL(url).pathname))).toEqual([]);
  });

  test('offline: the app shows the offline notice with 重试, which keeps it while still offline; back online it goes by itself and the page loads', async () => {
    const app = await harness.newApp({ serviceWorkers: 'allow' });
    await app.open('pages/login/index');
    await controlledByWorker(app);
    await app.signIn(LI_NA);

    await app.page.context().setOffline(true);
    await app.open('pages/details/allCustomers');
    const notice = app.page.getByTestId('offline-notice');
    await notice.waitFor();
    const retry = notice.getByRole('button', { name: '重试' });
    expect(await retry.isVisible()).toBe(true);
    // The page is still the app's page, not the browser's error page.
    expect(await app.page.locator('.nav-bar').count()).toBeGreaterThan(0);
    await retry.tap();
    expect(await notice.isVisible()).toBe(true);

    // Back online: no 重试 needed — the notice goes and the list that waited asks the server.
    const answered = app.page.waitForResponse((response) => new URL(response.url()).pathname === '/seller/fenghe/staff/customer/list' && response.status() === 200);
    await app.page.context().setOffline(false);
    await answered;
    await notice.waitFor({ state: 'detached' });
    await app.page.getByTestId('customer-item').first().waitFor();
  });
});
