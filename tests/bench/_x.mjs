import puppeteer from 'puppeteer-core';
import { startDemo } from './demo-server.mjs';
const demo = await startDemo('x');
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
const wait = (ms) => new Promise((r) => setTimeout(r, ms));
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 1200, height: 900 });
  page.on('console', (m) => m.type() === 'error' && console.log('console:', m.text()));
  await page.goto(`${demo.origin}/dashboard?as=alice`, { waitUntil: 'networkidle0' });
  await page.evaluate(() => document.dispatchEvent(new CustomEvent('tl-messaging-open', { detail: { blogName: 'bob' } })));
  await wait(2000);
  await page.screenshot({ path: '/tmp/shot-dock.png' });
  // live photo with the flag on: add a photo by choosing a file
  await page.goto(`${demo.origin}/dashboard?as=alice&flag_livephotos_web=1`, { waitUntil: 'networkidle0' });
  await page.click('a.new_post_label_photo');
  await wait(2500);
  const handle = await page.evaluateHandle(() => document.querySelector('post-composer').shadowRoot.querySelector('.photos__file'));
  await handle.asElement().uploadFile('/tmp/test.jpg');
  await wait(3000);
  await page.screenshot({ path: '/tmp/shot-live.png' });
} finally {
  await browser.close();
  await demo.close();
}
