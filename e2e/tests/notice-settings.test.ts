import { describe, expect, test } from 'vitest';
import { ZHANG_WEI } from '../support/accounts';
import type { NoticeSettings } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { apiLogin, callEndpoint } from '../support/api';
import { useApp } from '../support/app';
import { PHONE_VIEWPORT } from '../support/chromium';
import { layoutProblems, layoutReport } from '../support/layout';

const harness = useApp();

async function settingsOf(token: string): Promise<NoticeSettings> {
  const { status, body } = await callEndpoint(ROUTES.noticeSettings, undefined, token);
  expect(status).toBe(200);
  return body.data;
}

describe('设置 → 消息通知', () => {
  test('a salesperson turns 目标变更 off from 设置, it stays off after a reload, and on again', async () => {
    const session = await apiLogin(ZHANG_WEI);
    // Whatever an earlier run left: the kind starts on.
    await callEndpoint(ROUTES.noticeSettingsUpdate, { noticeKind: 'targetChanged', enabled: true }, session.token);
    const app = await harness.newApp({ viewport: PHONE_VIEWPORT });
    await app.signIn(ZHANG_WEI);
    try {
      await app.open('pages/my/setting');
      await app.waitForTitle('设置');
      await app.page.getByText('消息通知', { exact: true }).tap();
      await app.waitForRoute('/pages/my/noticeSettings');
      await app.waitForTitle('消息通知');

      const target = app.page.getByRole('switch', { name: '接收目标变更' });
      await target.waitFor();
      expect(await target.getAttribute('aria-checked')).toBe('true');
      // Every kind has its switch, all on.
      expect(await app.page.getByRole('switch', { name: /^接收/ }).count()).toBe((await settingsOf(session.token)).kinds.length);

      const saved = app.page.waitForResponse((response) => response.url().endsWith('/seller/notice/settings/update') && response.status() === 200);
      await target.tap();
      await saved;
      expect(await target.getAttribute('aria-checked')).toBe('false');
      await app.page.getByText('已关闭：不再创建此类消息').waitFor();

      // The server keeps it: after a reload the switch is still off, and other kinds are untouched.
      await app.page.reload();
      await app.waitForTitle('消息通知');
      await app.page.getByRole('switch', { name: '接收目标变更' }).waitFor();
      expect(await app.page.getByRole('switch', { name: '接收目标变更' }).getAttribute('aria-checked')).toBe('false');
      expect(await app.page.getByRole('switch', { name: '接收报告点评' }).getAttribute('aria-checked')).toBe('true');
      const after = await settingsOf(session.token);
      expect(after.kinds.filter((kind) => !kind.enabled).map((kind) => kind.kind)).toEqual(['targetChanged']);

      // This server has no VAPID keys: 本机推送 says so instead of offering a switch.
      expect(after.channels.webPush.configured).toBe(false);
      await app.page.getByText('服务器未开启推送通知').waitFor();
      await app.page.getByText(/企业微信和钉钉是主要的送达方式/).waitFor();

      await app.settled();
      expect(layoutProblems(await layoutReport(app.page))).toEqual([]);
      await app.screenshot('notice-settings-off');

      const back = app.page.waitForResponse((response) => response.url().endsWith('/seller/notice/settings/update') && response.status() === 200);
      await app.page.getByRole('switch', { name: '接收目标变更' }).tap();
      await back;
      expect((await settingsOf(session.token)).kinds.every((kind) => kind.enabled)).toBe(true);
    } finally {
      await callEndpoint(ROUTES.noticeSettingsUpdate, { noticeKind: 'targetChanged', enabled: true }, session.token);
    }
  });
});
