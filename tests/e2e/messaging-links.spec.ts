/**
 * Links in messages on the demo: alice sends bob an address and a blog mention; bob, in his own
 * browser context, sees both as links in the conversation, and the mention opens the blog in the
 * drawer. The reference server computes the links (content.formatting) for what it stores.
 */
import { expect, test } from '@playwright/test';
import { conversationWindow, openDashboard, row, send } from './messaging-helpers';

test.beforeEach(async ({ page }) => {
  await page.request.post('/__demo/reset');
});

test('alice sends a link and a blog mention; bob opens both', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const marker = Date.now().toString(36);
  const text = `read https://example.com/${marker} and ask @carol`;
  await openDashboard(page, 'alice');
  await page.evaluate(() => document.dispatchEvent(new CustomEvent('tl-messaging-open-request', { detail: { blogName: 'bob' } })));
  const aliceWin = conversationWindow(page, 'bob');
  await send(aliceWin, text);
  // alice's own copy, once the server has it, carries the links too
  await expect(row(aliceWin, marker).locator('a.bubble__link')).toHaveCount(2);

  const bobContext = await browser.newContext({ baseURL });
  try {
    const bobPage = await bobContext.newPage();
    await openDashboard(bobPage, 'bob');
    await bobPage.evaluate(() => document.dispatchEvent(new CustomEvent('tl-messaging-open-request', { detail: { blogName: 'alice' } })));
    const message = row(conversationWindow(bobPage, 'alice'), marker);
    const address = message.getByRole('link', { name: `https://example.com/${marker}` });
    await expect(address).toHaveAttribute('href', `https://example.com/${marker}`);
    await expect(address).toHaveAttribute('target', '_blank');
    const mention = message.getByRole('link', { name: '@carol' });
    await expect(mention).toHaveAttribute('data-peepr', 'carol');
    await mention.click();
    await expect(bobPage.locator('peepr-drawer dialog')).toBeVisible();
    await expect(bobPage.locator('peepr-drawer [part="header"]')).toContainText('carol', { ignoreCase: true });
  } finally {
    await bobContext.close();
  }
});
