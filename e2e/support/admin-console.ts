/** The admin console (/admin/) at 1280×800, signed in through its form as the demo administrator 赵敏. */
import type { Locator, Page } from 'playwright-core';
import { DEMO_PASSWORD, ZHAO_MIN } from './accounts';
import type { AppHarness } from './app';

export const CONSOLE_VIEWPORT = { width: 1280, height: 800 };

/**
 * Opens the console at `route` (a hash such as '#/sites'; 员工 by default), signs in, and waits for
 * what shows the page is ready (员工's total by default).
 */
export async function openConsoleAsAdministrator(harness: AppHarness, route = '', ready: (page: Page) => Locator = (page) => page.getByText(/共 \d+ 人/)): Promise<Page> {
  const app = await harness.newApp({ viewport: CONSOLE_VIEWPORT, bypassCSP: true });
  const page = app.page;
  await page.goto(`${harness.baseUrl}/admin/${route}`);
  await page.getByRole('textbox', { name: '手机号' }).fill(ZHAO_MIN.phone);
  await page.getByRole('textbox', { name: '密码', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /^登\s*录$/ }).click();
  await ready(page).waitFor();
  return page;
}
