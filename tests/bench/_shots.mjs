import puppeteer from 'puppeteer-core';
import { startDemo } from './demo-server.mjs';
const demo = await startDemo('shots');
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless=new'] });
const ready = (page) => page.waitForFunction(() => document.querySelector('post-composer')?.shadowRoot?.querySelector('form.post-form:not([inert])'), { timeout: 10000 });
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 1200, height: 900 });
  page.on('pageerror', (e) => console.log('pageerror:', e.message));
  await page.goto(`${demo.origin}/new/photo`, { waitUntil: 'networkidle0' });
  await ready(page);
  await page.evaluate(() => [...document.querySelector('post-composer').shadowRoot.querySelectorAll('button')].find((b) => b.textContent === 'Add a photo').click());
  await page.evaluate(() => document.querySelector('post-composer').shadowRoot.querySelector('[part="post-button"]').click());
  await new Promise((r) => setTimeout(r, 300));
  await page.screenshot({ path: '/tmp/shot-photo-errors.png' });
  await page.goto(`${demo.origin}/new/audio`, { waitUntil: 'networkidle0' });
  await ready(page);
  await page.evaluate(() => { const d = document.querySelector('post-composer').shadowRoot.querySelector('details'); d.open = true; });
  await page.evaluate(() => { const c = [...document.querySelector('post-composer').shadowRoot.querySelectorAll('input[type=checkbox]')].find((x) => x.parentElement.textContent.startsWith('Send to Twitter')); c.click(); });
  const sel = await page.evaluateHandle(() => document.querySelector('post-composer').shadowRoot.querySelector('[part="state"] select'));
  await sel.select('scheduled');
  await new Promise((r) => setTimeout(r, 300));
  await page.screenshot({ path: '/tmp/shot-audio-options.png', fullPage: false });
  await page.goto(`${demo.origin}/dashboard?composer=inline`, { waitUntil: 'networkidle0' });
  await page.click('a.new_post_label_quote');
  await ready(page);
  await page.keyboard.type('Inline quotes sit where the buttons were.');
  await page.screenshot({ path: '/tmp/shot-inline.png' });
  await page.setViewport({ width: 290, height: 640 });
  await page.goto(`${demo.origin}/new/text`, { waitUntil: 'networkidle0' });
  await ready(page);
  await page.screenshot({ path: '/tmp/shot-narrow.png' });
} finally {
  await browser.close();
  demo.close();
}
