import puppeteer from 'puppeteer-core';
import { startDemo } from './demo-server.mjs';
const demo = await startDemo('smoke');
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless=new'] });
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 1200, height: 900 });
  page.on('console', (m) => console.log('console:', m.type(), m.text()));
  page.on('pageerror', (e) => console.log('pageerror:', e.message));
  await page.goto(`${demo.origin}/dashboard`, { waitUntil: 'networkidle0' });
  await page.click('a.new_post_label_text');
  await page.waitForFunction(() => document.querySelector('post-composer')?.shadowRoot?.querySelector('form.post-form:not([inert])'), { timeout: 10000 });
  console.log('url', page.url());
  await page.keyboard.type('Hello from the smoke test');
  await page.keyboard.press('Tab');
  await page.keyboard.type('A body.');
  await page.screenshot({ path: '/tmp/composer-text.png' });
  await page.keyboard.down('Control'); await page.keyboard.press('Enter'); await page.keyboard.up('Control');
  await page.waitForFunction(() => !document.querySelector('post-composer')?.shadowRoot?.querySelector('form.post-form'), { timeout: 10000 });
  await page.waitForFunction(() => document.querySelector('#posts li')?.textContent.includes('Hello from the smoke test'), { timeout: 10000 });
  console.log('inserted; url', page.url(), 'focus', await page.evaluate(() => document.activeElement?.className));
  await page.screenshot({ path: '/tmp/composer-after.png' });
  // reblog the second post
  await page.click('#posts li:nth-child(2) a.reblog');
  await page.waitForFunction(() => document.querySelector('post-composer')?.shadowRoot?.querySelector('form.post-form:not([inert])'), { timeout: 10000 });
  await page.screenshot({ path: '/tmp/composer-reblog.png' });
  console.log('url', page.url());
} finally {
  await browser.close();
  demo.close();
}
