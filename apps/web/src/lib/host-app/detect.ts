/**
 * Which host app the page runs in, from its user agent: 企业微信's webview says `wxwork/<version>`,
 * 钉钉's says `DingTalk/<version>` (also inside `AliApp(DingTalk/…)`). Outside them the app uses
 * the browser's camera and geolocation; inside, their JS API first (host-sdk.ts, loaded only there).
 */
export type HostApp = 'wecom' | 'dingtalk';

export function hostAppOf(userAgent: string): HostApp | null {
  if (/\bwxwork\//i.test(userAgent)) return 'wecom';
  if (/\bDingTalk\//i.test(userAgent)) return 'dingtalk';
  return null;
}

/** The host app of this page, or null in a plain browser. */
export function currentHostApp(): HostApp | null {
  return typeof navigator === 'undefined' ? null : hostAppOf(navigator.userAgent);
}

/** The person closed the host's scanner or location prompt: nothing to fall back to, nothing to report. */
export class HostCancelled extends Error {
  constructor() {
    super('已取消');
    this.name = 'HostCancelled';
  }
}

export const HOST_APP_NAMES: Record<HostApp, string> = { wecom: '企业微信', dingtalk: '钉钉' };
