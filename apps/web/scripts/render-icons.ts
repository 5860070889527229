/**
 * Renders the app's install icons from public/logo.svg with Debian's Chromium, so they are
 * reproducible without an image library or a download:
 *
 *   npx tsx apps/web/scripts/render-icons.ts
 *
 * icon-192.png and icon-512.png are the logo as it is; icon-maskable-512.png puts it on a full
 * gold square inside the 80 % safe zone, so a launcher's mask never cuts into it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const publicDir = path.resolve(import.meta.dirname, '..', 'public');
const logo = readFileSync(path.join(publicDir, 'logo.svg'), 'utf8');
const icons = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
    const inner = icon.maskable ? Math.round(icon.size * 0.7) : icon.size;
    await page.setContent(
      `<body style="margin:0;width:${icon.size}px;height:${icon.size}px;display:flex;align-items:center;justify-content:center;background:${icon.maskable ? '#d4a017' : 'transparent'}">` +
        `<div style="width:${inner}px;height:${inner}px">${logo.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div></body>`,
    );
    await page.screenshot({ path: path.join(publicDir, icon.file), omitBackground: !icon.maskable });
    await page.close();
  }
} finally {
  await browser.close();
}
console.log(`rendered ${icons.map((icon) => icon.file).join(', ')} into ${publicDir}`);
