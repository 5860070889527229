/**
 * 扫一扫 and 定位 through the host app's JS API (issue 28 §3), loaded only inside 企业微信 or 钉钉
 * (geolocation.ts and the scanner import this module on demand, so a plain browser never
 * downloads it or the SDKs):
 * - 企业微信: `@wecom/jssdk` — `ww.register` with the server-signed corp and agent signatures,
 *   then `ww.scanQRCode` and `ww.getLocation` (WGS-84, as the browser reports);
 * - 钉钉: `dingtalk-jsapi` — `dd.config` with the server-signed signature, then
 *   `biz.util.scan` and `device.geolocation.get` (standard coordinates, not 高德's).
 * Any failure here (no bridge, a refused signature, a host error) rejects, and the caller falls
 * back to the browser's camera or geolocation; closing the host's scanner is HostCancelled.
 */
import type { GeoFix, HostJsapiConfig } from '@sales/contract';
import type * as WecomSdk from '@wecom/jssdk';
import * as ROUTES from '@sales/contract/routes';
import { call } from '../api-client';
import { fixOf, type LocateOptions } from '../geolocation';
import { HostCancelled, type HostApp } from './detect';

const JS_API_LIST = ['scanQRCode', 'getLocation'];
const DINGTALK_JS_API_LIST = ['biz.util.scan', 'device.geolocation.get'];
/** A host whose bridge never answers the configuration does not hold the page. */
const CONFIG_TIMEOUT_MS = 8_000;

/** The server's signature of `url` (this page without its #fragment) for `host`. */
function signedConfig(host: HostApp, url: string): Promise<HostJsapiConfig> {
  return call(ROUTES.hostJsapiConfig, { host, url }, { hideErrorToast: true });
}

const pageUrl = () => window.location.href.split('#')[0] ?? window.location.href;

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const isCancel = (error: unknown) => {
  const text = error && typeof error === 'object' ? String((error as { errMsg?: unknown; errorMessage?: unknown }).errMsg ?? (error as { errorMessage?: unknown }).errorMessage ?? '') : '';
  return /:cancel\b|cancel|取消/i.test(text);
};

// ---- 企业微信 ----

type Wecom = typeof WecomSdk;
let wecomReady: Promise<Wecom> | undefined;

/** The SDK, registered with this company's signatures (once per page; again after a failure). */
function wecom(): Promise<Wecom> {
  wecomReady ??= (async () => {
    const [ww, first] = await Promise.all([import('@wecom/jssdk'), signedConfig('wecom', pageUrl())]);
    if (first.host !== 'wecom') throw new Error('not a 企业微信 configuration');
    // The SDK asks for each signature with the address it signs; the first page's is at hand.
    const signed = new Map<string, Promise<HostJsapiConfig>>([[pageUrl(), Promise.resolve(first)]]);
    const configOf = async (url: string) => {
      let config = signed.get(url);
      if (!config) {
        config = signedConfig('wecom', url);
        signed.set(url, config);
      }
      const answer = await config;
      if (answer.host !== 'wecom') throw new Error('not a 企业微信 configuration');
      return answer;
    };
    ww.register({
      corpId: first.corpId,
      agentId: first.agentId,
      jsApiList: JS_API_LIST,
      getConfigSignature: async (url) => (await configOf(url)).corp,
      getAgentConfigSignature: async (url) => (await configOf(url)).agent,
    });
    await within<unknown>(ww.ensureConfigReady(), CONFIG_TIMEOUT_MS, '企业微信 config');
    return ww;
  })();
  wecomReady.catch(() => {
    wecomReady = undefined;
  });
  return wecomReady;
}

// ---- 钉钉 ----

interface Dingtalk {
  scan(): Promise<string>;
  locate(options: LocateOptions): Promise<GeoFix>;
}
let dingtalkReady: Promise<Dingtalk> | undefined;

function dingtalk(): Promise<Dingtalk> {
  dingtalkReady ??= (async () => {
    const [{ default: dd }, { default: scan }, { default: geolocation }, config] = await Promise.all([
      import('dingtalk-jsapi/entry/union'),
      import('dingtalk-jsapi/api/biz/util/scan'),
      import('dingtalk-jsapi/api/device/geolocation/get'),
      signedConfig('dingtalk', pageUrl()),
    ]);
    const configured = new Promise<void>((resolve, reject) => {
      dd.error((error: unknown) => reject(error instanceof Error ? error : new Error(JSON.stringify(error))));
      dd.ready(() => resolve());
    });
    dd.config({
      agentId: String(config.agentId),
      corpId: config.corpId,
      timeStamp: config.corp.timestamp,
      nonceStr: config.corp.nonceStr,
      signature: config.corp.signature,
      type: 0,
      jsApiList: DINGTALK_JS_API_LIST,
    });
    await within(configured, CONFIG_TIMEOUT_MS, '钉钉 config');
    return {
      async scan() {
        const result = (await scan({ type: 'qr' })) as { text?: unknown };
        if (typeof result.text !== 'string') throw new Error('钉钉 scan answered no text');
        return result.text;
      },
      async locate({ highAccuracy }) {
        const result = await geolocation({ targetAccuracy: highAccuracy ? 50 : 200, coordinate: 0, withReGeocode: false, useCache: !highAccuracy });
        return fixOf({ latitude: Number(result.latitude), longitude: Number(result.longitude), accuracy: Number(result.accuracy ?? 0) });
      },
    };
  })();
  dingtalkReady.catch(() => {
    dingtalkReady = undefined;
  });
  return dingtalkReady;
}

// ---- what the app calls ----

/** The text of a code scanned with the host's scanner; HostCancelled when the person closed it. */
export async function hostScan(host: HostApp): Promise<string> {
  try {
    if (host === 'wecom') {
      const ww = await wecom();
      const result = await ww.scanQRCode({ needResult: true, scanType: [ww.ScanQRCodeType.qrCode] });
      if (typeof result.resultStr !== 'string' || result.resultStr === '') throw new Error('企业微信 scanQRCode answered no text');
      return result.resultStr;
    }
    return await (await dingtalk()).scan();
  } catch (error) {
    throw isCancel(error) ? new HostCancelled() : error;
  }
}

/** The phone's position from the host; rejects (for the browser's geolocation to take over) when the host cannot. */
export async function hostLocate(host: HostApp, options: LocateOptions): Promise<GeoFix> {
  const asking = async () => {
    if (host === 'wecom') {
      const ww = await wecom();
      const result = await ww.getLocation({ type: ww.LocationType.wgs84 });
      return fixOf({ latitude: Number(result.latitude), longitude: Number(result.longitude), accuracy: Number(result.accuracy ?? 0) });
    }
    return (await dingtalk()).locate(options);
  };
  const fix = await within(asking(), options.timeoutMs, `${host} location`);
  if (!Number.isFinite(fix.latitude) || !Number.isFinite(fix.longitude) || Math.abs(fix.latitude) > 90 || Math.abs(fix.longitude) > 180) throw new Error('the host answered no position');
  return fix;
}
