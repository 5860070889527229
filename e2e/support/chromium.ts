import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, type BrowserServer, chromium, type Download } from 'playwright-core';

/** Debian's chromium package; the suite fails (never skips) when it is missing. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Features switched off. Chromium keeps only the last --disable-features it is given, so this list
 * repeats playwright-core's own (its chromiumSwitches, for the pinned 1.65.1) and adds the omnibox
 * popup that Chromium 156 builds as web pages (chrome://omnibox-popup.top-chrome, plus its AI mode
 * page): a headless browser has no address bar to show it in, yet every new context (a window)
 * started a renderer for them. Without them a new context takes half the time and the browser
 * process half the CPU (10 contexts: 5.5 → 2.6 s), and the e2e suite runs ~14 % faster.
 */
const DISABLED_FEATURES = [
  // playwright-core 1.65.1's list.
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  // The omnibox popup's web pages.
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
];

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
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
 * The run's shared Chromium (started once by the global setup, which every test file connects to):
 * a launch and a close cost a file 1–5 s on a busy machine. Each test still gets fresh contexts.
 */
export async function launchBrowserServer(): Promise<BrowserServer> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium is missing at ${CHROMIUM_PATH}: install it with "apt-get install -y chromium".`);
  }
  return chromium.launchServer({ executablePath: CHROMIUM_PATH, args: ARGS, env: { ...process.env } });
}

/** Connects to the run's shared Chromium; closing what this returns only disconnects. */
export function connectBrowser(wsEndpoint: string): Promise<Browser> {
  return chromium.connect(wsEndpoint);
}

/** A download's bytes, read through Playwright (a connected browser's downloads have no local path). */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
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
