/**
 * 扫一扫 and 签到 location through the host app's JS API (issue 28 §3), at 390×844. With 企业微信's
 * user agent and an init script standing in for its bridge (window.WeixinJSBridge, which
 * @wecom/jssdk calls), the scanner and the check-in go through the host: the SDK is registered
 * with the server-signed agent configuration (checked here against the ticket the stand-in
 * issued), the host's scanner reads the customer's code and the host's position fills the
 * check-in, with no camera or browser geolocation asked. A bridge that fails hands over to the
 * browser's camera. In a plain browser nothing of this loads.
 */
import { createHash } from 'node:crypto';
import type { Page, Request } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { LI_NA, ZHANG_WEI } from '../support/accounts';
import { apiLogin, lane } from '../support/api';
import { useApp } from '../support/app';
import { layoutProblems, layoutReport } from '../support/layout';
import { customerDetail, customerList } from '../support/sales-api';
import { waitForSalesCall } from '../support/sales-pages';

const harness = useApp();

/** 企业微信's webview on Android: Chromium's mobile agent with `wxwork/<version>`. */
const WECOM_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 wxwork/4.1.22 MicroMessenger/7.0.1 NetType/WIFI Language/zh ColorScheme/Light';
const HOST_FIX = { latitude: 31.228811, longitude: 121.469207, accuracy: 12 };

interface BridgeCall {
  name: string;
  params: Record<string, unknown>;
}
interface BridgeScript {
  scanResult: string;
  fix: typeof HOST_FIX;
  /** How the host's scanner answers each time it is opened (the last answer repeats). */
  scans: ('ok' | 'cancel' | 'fail')[];
}

/**
 * Stands in for 企业微信's bridge: records each call in window.__hostCalls and answers as the host
 * does (config calls ok, the scanner with `resultStr`, geoLocation with the position).
 */
function fakeWecomBridge({ scanResult, fix, scans }: BridgeScript): void {
  const calls: BridgeCall[] = [];
  let scanned = 0;
  (window as unknown as { __hostCalls: BridgeCall[] }).__hostCalls = calls;
  const answer = (name: string): Record<string, unknown> => {
    if (name === 'scanQRCode') {
      const outcome = scans[Math.min(scanned, scans.length - 1)] ?? 'ok';
      scanned += 1;
      return outcome === 'ok' ? { err_msg: 'scanQRCode:ok', resultStr: scanResult } : { err_msg: `scanQRCode:${outcome}` };
    }
    if (name === 'geoLocation') return { err_msg: 'geoLocation:ok', ...fix, speed: 0 };
    return { err_msg: `${name}:ok` };
  };
  (window as unknown as { WeixinJSBridge: unknown }).WeixinJSBridge = {
    invoke(name: string, params: Record<string, unknown>, callback: (result: Record<string, unknown>) => void) {
      calls.push({ name, params });
      setTimeout(() => callback(answer(name)), 30);
    },
    on() {},
  };
}

const sha1 = (ticket: string, nonceStr: string, timestamp: string, url: string) =>
  createHash('sha1').update(`jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${url}`).digest('hex');

async function standInTickets(): Promise<{ wecomAgent: string[] }> {
  const response = await fetch(`${lane().wecomStandIn}/__stand-in/jsapi-tickets`);
  return (await response.json()) as { wecomAgent: string[] };
}

async function standInProblems(): Promise<string[]> {
  return (await (await fetch(`${lane().wecomStandIn}/__stand-in/problems`)).json()) as string[];
}

const hostCalls = (page: Page) => page.evaluate(() => (window as unknown as { __hostCalls: BridgeCall[] }).__hostCalls);

/** The agentConfig call's signature is the sha1 of the stand-in's agent ticket and this page's address. */
async function expectSignedAgentConfig(calls: BridgeCall[], pageUrl: string): Promise<void> {
  const agentConfig = calls.find((call) => call.name === 'agentConfig');
  expect(agentConfig?.params).toMatchObject({ corpid: 'ww-e2e-corp', agentid: '1000002' });
  const params = agentConfig?.params as { timestamp: string; nonceStr: string; signature: string; jsApiList: string[] };
  expect(params.jsApiList).toEqual(['scanQRCode', 'geoLocation']);
  const tickets = (await standInTickets()).wecomAgent;
  expect(tickets.length).toBeGreaterThan(0);
  const signedUrl = pageUrl.split('#')[0] ?? pageUrl;
  expect(tickets.map((ticket) => sha1(ticket, params.nonceStr, params.timestamp, signedUrl))).toContain(params.signature);
}

describe('inside 企业微信', () => {
  test('扫一扫 opens the host’s scanner, registered with the server-signed configuration; closed, it waits for 扫一扫; the code opens the customer', async () => {
    const leader = await apiLogin(LI_NA);
    const [listed] = (await customerList(leader, { pageSize: 1 })).list;
    if (!listed) throw new Error('华东一部 has no customers');
    const customer = await customerDetail(leader, listed.id);
    if (!customer.qrPayload) throw new Error('no qrPayload for a leader');

    // No camera permission: the host's scanner is the only way this scan can succeed.
    const app = await harness.newApp({ userAgent: WECOM_UA });
    const bridge: BridgeScript = { scanResult: customer.qrPayload, fix: HOST_FIX, scans: ['cancel', 'ok'] };
    await app.page.addInitScript(fakeWecomBridge, bridge);
    await app.signIn(LI_NA);
    const configs: Request[] = [];
    app.page.on('request', (request) => {
      if (request.url().endsWith('/seller/user/host-jsapi/config')) configs.push(request);
    });

    await app.tabBar.tap('我的');
    await app.waitForRoute('/pages/my/index');
    await app.page.getByText('扫一扫', { exact: true }).tap();
    await app.waitForRoute('/pages/my/scanQRCode');
    // The host's scanner opened with the page and was closed: no camera, a button to open it again.
    const again = app.page.getByTestId('scan-host');
    await again.waitFor();
    expect(await app.scanner.camera()).toBe('host');
    expect((await app.scanner.result().textContent())?.trim()).toBe('点击「扫一扫」扫描客户二维码');
    await app.settled();
    expect(layoutProblems(await layoutReport(app.page))).toEqual([]);
    await app.screenshot('host-scan-closed');

    const resolved = waitForSalesCall(app.page, 'customer/qr/resolve');
    await again.tap();
    const answer = await resolved;
    expect(answer.request().postDataJSON()).toEqual({ siteId: 101, code: customer.qrPayload });
    const opened = await app.waitForRoute('/pages/details/customerDetails');
    expect(opened.query.get('id')).toBe(String(customer.id));

    const calls = await hostCalls(app.page);
    expect(calls.map((call) => call.name)).toEqual(['agentConfig', 'scanQRCode', 'scanQRCode']);
    expect(calls[1]?.params).toMatchObject({ needResult: 1, scanType: ['qrCode'] });
    await expectSignedAgentConfig(calls, app.page.url());
    expect(configs).toHaveLength(1);
    expect(configs[0]?.postDataJSON()).toEqual({ host: 'wecom', url: `${app.page.url().split('#')[0]}` });
    expect(await standInProblems()).toEqual([]);
  });

  test('签到 takes the host’s position; a failing host scanner hands over to the camera', async () => {
    const zhang = await apiLogin(ZHANG_WEI);
    const [listed] = (await customerList(zhang, { pageSize: 1 })).list;
    if (!listed) throw new Error('张伟 has no customers');
    // Neither camera nor geolocation is granted: only the host can answer.
    const app = await harness.newApp({ userAgent: WECOM_UA });
    const bridge: BridgeScript = { scanResult: '', fix: HOST_FIX, scans: ['fail'] };
    await app.page.addInitScript(fakeWecomBridge, bridge);
    await app.signIn(ZHANG_WEI);
    await app.open(`pages/details/customerDetails?id=${listed.id}`);
    await app.waitForTitle('客户详情');
    await app.customer.writeFollowUpButton().tap();
    await app.followUpForm.root().waitFor();
    await app.followUpForm.type('拜访').tap();
    await app.page.getByTestId('check-in-button').tap();
    await expect.poll(async () => (await app.page.getByTestId('check-in-status').textContent())?.trim()).toBe('已定位 ±12 米');
    await app.screenshot('host-check-in');
    const calls = await hostCalls(app.page);
    expect(calls.map((call) => call.name)).toEqual(['agentConfig', 'geoLocation']);
    expect(calls[1]?.params).toMatchObject({ type: 'wgs84' });
    await expectSignedAgentConfig(calls, app.page.url());

    // The host's scanner fails here: the page turns to the browser's camera (refused: 从相册选择 remains).
    await app.open('pages/my/scanQRCode');
    await app.waitForTitle('扫一扫');
    await expect.poll(() => app.scanner.camera()).toBe('failed');
    expect((await hostCalls(app.page)).map((call) => call.name)).toContain('scanQRCode');
    await app.scanner.album().waitFor();
    expect(await standInProblems()).toEqual([]);
  });
});

describe('in a plain browser', () => {
  test('签到 and 扫一扫 use the browser’s geolocation and camera, and no host SDK or signature is fetched', async () => {
    const zhang = await apiLogin(ZHANG_WEI);
    const [listed] = (await customerList(zhang, { pageSize: 1 })).list;
    if (!listed) throw new Error('张伟 has no customers');
    const app = await harness.newApp({ permissions: ['geolocation'] });
    await app.page.context().setGeolocation({ latitude: 31.2304, longitude: 121.4737, accuracy: 18 });
    const hostRequests: string[] = [];
    app.page.on('request', (request) => {
      if (/host-jsapi|host-sdk|wecom|dingtalk/i.test(request.url())) hostRequests.push(request.url());
    });
    await app.signIn(ZHANG_WEI);
    await app.open(`pages/details/customerDetails?id=${listed.id}`);
    await app.waitForTitle('客户详情');
    await app.customer.writeFollowUpButton().tap();
    await app.followUpForm.root().waitFor();
    await app.followUpForm.type('拜访').tap();
    await app.page.getByTestId('check-in-button').tap();
    await expect.poll(async () => (await app.page.getByTestId('check-in-status').textContent())?.trim()).toBe('已定位 ±18 米');

    await app.open('pages/my/scanQRCode');
    await app.waitForTitle('扫一扫');
    // No camera permission in this context: the browser's camera is asked and refused, as before.
    await expect.poll(() => app.scanner.camera()).toBe('failed');
    expect(await app.page.getByTestId('scan-host').count()).toBe(0);
    expect(hostRequests).toEqual([]);
  });
});
