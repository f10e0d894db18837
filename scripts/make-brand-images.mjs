#!/usr/bin/env node
// Renders the share image (1200x630) and the app icons from HTML with Debian's Chromium.
// Run by hand when the artwork changes; the PNGs are committed.
import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';

const logo = (size, pad) => `
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="${size}" height="${size}">
  <rect width="64" height="64" rx="${pad ? 0 : 14}" fill="#1864ab"/>
  <g transform="${pad ? 'translate(9.6 9.6) scale(0.7)' : ''}">
    <rect x="12" y="20" width="28" height="24" rx="4" fill="#fff"/>
    <path d="M42 28l10-6v20l-10-6z" fill="#fff"/>
    <circle cx="26" cy="32" r="5" fill="#e03131"/>
  </g>
</svg>`;

const share = `
<html><body style="margin:0;width:1200px;height:630px;display:flex;align-items:center;gap:56px;padding:0 90px;box-sizing:border-box;
  background:linear-gradient(135deg,#0b2a4a,#1864ab);font-family:system-ui,sans-serif;color:#fff">
  ${logo(220, false)}
  <div>
    <div style="font-size:84px;font-weight:800;letter-spacing:-1px">Framecast</div>
    <div style="font-size:40px;margin-top:12px;opacity:.92">Free screen &amp; webcam recorder</div>
    <div style="font-size:30px;margin-top:24px;opacity:.8">In your browser &middot; Private &middot; No watermark</div>
  </div>
</body></html>`;

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
mkdirSync('public/icons', { recursive: true });
await page.setViewportSize({ width: 1200, height: 630 });
await page.setContent(share);
await page.screenshot({ path: 'public/og-image.png' });
for (const [name, size, maskable] of [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['maskable-512.png', 512, true],
  ['apple-touch-icon.png', 180, false],
]) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<html><body style="margin:0">${logo(size, maskable)}</body></html>`);
  await page.screenshot({ path: `public/icons/${name}`, omitBackground: !maskable });
}
await browser.close();
console.log('wrote public/og-image.png and public/icons/*');
