import { describe, expect, test } from 'vitest';
import { LI_NA } from '../support/accounts';
import { useApp } from '../support/app';

const harness = useApp();

/**
 * Tap to next page (issue 29): once a page has settled, the files of the pages a tap on it most
 * often opens are fetched while the browser is idle, so the tap renders the next page without
 * waiting for a file (apps/web/src/app/router.tsx, NEXT_PAGES).
 */
describe('the next pages are ready before the tap', () => {
  test('home fetches 销售业绩 while idle, and the tap on it asks for no file', async () => {
    const app = await harness.newApp();
    await app.signIn(LI_NA);
    await app.page.reload();
    await app.waitForRoute('/pages/index/index');
    // 销售业绩 and every file it imports have loaded (router.tsx marks each page it has fetched),
    // and so has the rest of home's queue (its end is marked too).
    await app.page.waitForFunction(() => performance.getEntriesByName('next-page:salesPerformance').length > 0 && performance.getEntriesByName('next-pages:home').length > 0, null, { timeout: 30_000 });

    const files: string[] = [];
    app.page.on('request', (request) => {
      if (/\.(js|css)$/.test(new URL(request.url()).pathname)) files.push(request.url());
    });
    await app.page.getByRole('button', { name: '销售业绩', exact: true }).tap();
    await app.waitForRoute('/pages/index/salesPerformance');
    await app.waitForTitle('销售业绩');
    await app.settled();
    expect(files).toEqual([]);
  });
});
