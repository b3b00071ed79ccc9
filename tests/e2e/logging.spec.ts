/**
 * Behaviour logging on the demo (docs/logging.md): what alice does in the inbox and a conversation,
 * the drawer, the activity popover, a blog card, the ask form and the share popover reaches
 * /services/cslog when the page goes away, each event naming the element it came from.
 */
import { expect, test, type Page } from '@playwright/test';
import { openDashboard } from './messaging-helpers';

test.beforeEach(async ({ page }) => {
  await page.request.post('/__demo/reset');
});

async function logged(page: Page): Promise<{ event: string; surface: string }[]> {
  const response = await page.request.get('/__demo/state?table=cslog&limit=500');
  const rows = ((await response.json()) as { rows?: { event: string; data: string; user_name: string }[] }).rows ?? [];
  return rows.filter((r) => r.user_name === 'alice').map((r) => ({ event: r.event, surface: String(JSON.parse(r.data).surface ?? '') }));
}

test('the events of every surface reach /services/cslog with their surface', async ({ page }) => {
  test.setTimeout(90_000);
  await openDashboard(page, 'alice');

  // messaging: a conversation opened through the request
  await page.evaluate(() => document.dispatchEvent(new CustomEvent('tl-messaging-open-request', { detail: { blogName: 'bob' } })));
  await expect(page.locator('messaging-dock').getByRole('region', { name: 'Conversation with bob', exact: true })).toBeVisible();

  // the activity popover
  const activity = page.locator('activity-popover:not([inline])').first();
  await activity.getByRole('button', { name: 'Activity' }).click();
  await expect(activity.locator('[part="see-everything"]')).toBeVisible();
  await page.keyboard.press('Escape');

  // a blog card, on hover
  const cardLink = page.locator('.post_info a[data-blog-card]').first();
  await cardLink.hover();
  await expect(page.locator('blog-card').getByRole('dialog').first()).toBeVisible();
  await page.mouse.move(5, 5);

  // the share popover
  await page.locator('button.post_control.share').first().click();
  await expect(page.locator('share-popover [part="popover"]').first()).toBeVisible();
  await page.keyboard.press('Escape');

  // the ask form
  await page.evaluate(() => document.dispatchEvent(new CustomEvent('tl-ask-form-open-request', { detail: { blogName: 'bob' } })));
  await expect(
    page
      .locator('ask-form')
      .getByRole('dialog', { name: /Ask bob/ })
      .first(),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  // the drawer
  await page.locator('.post_info a[data-peepr]').first().click();
  await expect(page.locator('peepr-drawer dialog')).toBeVisible();

  // Leaving the page flushes the batch with a beacon.
  await page.goto('/following');
  const expected = [
    { event: 'conversation_open', surface: 'messaging-dock' },
    { event: 'activity_view', surface: '' },
    { event: 'blog_card_open', surface: 'blog-card' },
    { event: 'share_open', surface: 'share-popover' },
    { event: 'ask_form_open', surface: 'ask-form' },
    { event: 'peepr_open', surface: 'peepr-drawer' },
  ];
  await expect.poll(() => logged(page), { timeout: 15_000 }).toEqual(expect.arrayContaining(expected));
});
