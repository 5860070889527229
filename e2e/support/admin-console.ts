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

/**
 * The labels of a dialog's form fields that stick out past its sides (none in a dialog that fits its
 * fields): the 新员工 dialog once drew its 钉钉账号 box over the page beside it.
 */
export function fieldsPastEdge(dialog: Locator): Promise<string[]> {
  return dialog.evaluate((element) => {
    const frame = (element.querySelector('.ant-modal-container, .ant-modal-content') ?? element).getBoundingClientRect();
    return Array.from(element.querySelectorAll('.ant-form-item'))
      .filter((item) => {
        const box = item.getBoundingClientRect();
        return box.width > 0 && (box.left < frame.left - 0.5 || box.right > frame.right + 0.5);
      })
      .map((item) => item.querySelector('label')?.textContent ?? item.textContent ?? '');
  });
}

/**
 * The ids used by more than one element of the page: a label points at the first of them, so with
 * the 新员工 and 编辑 dialogs both rendered, 编辑's 钉钉账号 label once led to 新员工's box.
 */
export function duplicateIds(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const seen = new Map<string, number>();
    for (const element of Array.from(document.querySelectorAll('[id]'))) seen.set(element.id, (seen.get(element.id) ?? 0) + 1);
    return [...seen].filter(([, count]) => count > 1).map(([id]) => id);
  });
}
