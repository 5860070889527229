import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';

/** Debian's chromium package; the suite fails (never skips) when it is missing. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The reference phone of DESIGN §1. */
export const PHONE_VIEWPORT = { width: 390, height: 844 } as const;

/** A small phone: the narrowest width the layout is checked at. */
export const SMALL_PHONE_VIEWPORT = { width: 360, height: 640 } as const;

/** Launches Chromium with the suite's flags, plus `extraArgs` (e.g. a fake camera). */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium is missing at ${CHROMIUM_PATH}: install it with "apt-get install -y chromium".`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...ARGS, ...extraArgs], env: { ...process.env } });
}

/**
 * Flags for a fake camera that plays a Y4M file in a loop (see writeQrY4m) and grants the
 * media permission prompt without a prompt.
 */
export function fakeCameraArgs(y4mFile: string): string[] {
  return ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${y4mFile}`];
}

/**
 * A fresh phone-sized, touch-enabled, Chinese-language context (own storage, own cookies), 390×844
 * unless another viewport is asked for. `bypassCSP` lets a test inject a script (axe-core) past the
 * app's Content-Security-Policy.
 * Service workers are blocked unless asked for: a worker answering scripts from its cache would
 * hide them from the tests that route or fail page chunks (the PWA tests allow it).
 */
export function newPhoneContext(
  browser: Browser,
  {
    serviceWorkers = 'block',
    viewport = PHONE_VIEWPORT,
    bypassCSP = false,
    userAgent,
  }: { serviceWorkers?: 'allow' | 'block'; viewport?: { width: number; height: number }; bypassCSP?: boolean; userAgent?: string } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    ...(userAgent ? { userAgent } : {}),
    serviceWorkers,
    bypassCSP,
    viewport,
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
}
