/**
 * Issue 19 §1: a write queued on the phone is sent by the service worker's Background Sync when the
 * connection returns, even with the app closed (Chromium has the Background Sync API).
 */
import { describe, expect, test } from 'vitest';
import { ZHANG_WEI } from '../support/accounts';
import { apiLogin } from '../support/api';
import { controlledByWorker, useApp } from '../support/app';
import { customerList, followUps } from '../support/sales-api';

const harness = useApp();

describe('Background Sync', () => {
  test('a follow-up queued offline is sent once by the service worker after the app was closed', async () => {
    const session = await apiLogin(ZHANG_WEI);
    // A customer no other test of 张伟 writes to (outbox.test.ts takes the first four).
    const customer = (await customerList(session, { pageSize: 10 })).list[6];
    if (!customer) throw new Error('张伟 has fewer than 7 customers');
    const content = `后台同步 ${Date.now()}`;
    const onServer = async () => (await followUps(session, customer.id)).list.filter((entry) => entry.content === content).length;

    const app = await harness.newApp({ serviceWorkers: 'allow' });
    await app.signIn(ZHANG_WEI);
    await controlledByWorker(app);
    await app.open(`pages/details/customerDetails?id=${customer.id}&tab=followups`);
    await expect.poll(() => app.customer.name().textContent()).toBe(customer.name);

    await app.page.context().setOffline(true);
    await app.customer.writeFollowUpButton().tap();
    await app.followUpForm.root().waitFor();
    await app.followUpForm.content().fill(content);
    await app.followUpForm.submit().tap();
    await app.page.getByTestId('pending-follow-up').filter({ hasText: content }).waitFor();

    // Only the worker is left to send it: the app's page is closed before the network returns.
    const blank = await app.page.context().newPage();
    await app.page.close();
    expect(await onServer()).toBe(0);
    await blank.context().setOffline(false);
    await expect.poll(onServer, { timeout: 30_000 }).toBe(1);
  });
});
