/**
 * <fast-compose> and <blog-header> on the legacy /dashboard: the page-wide shortcut opens the
 * overlay, picking a type opens the composer store (tl-compose on document), the header's
 * compose button opens the same overlay, and behaviour logs reach /services/cslog.
 */
import { expect, test } from '@playwright/test';
import { hostReady, openFastComposeByShortcut } from './page-helpers';

test.beforeEach(async ({ page }) => {
  await page.request.post('/__demo/reset');
  await page.addInitScript(() => {
    const w = window as unknown as { __compose: unknown[] };
    w.__compose = [];
    document.addEventListener('tl-compose', (e) => w.__compose.push((e as CustomEvent).detail));
  });
});

test('z+c on the dashboard opens fast compose; picking a type opens the composer', async ({ page }) => {
  await page.goto('/dashboard?as=alice');
  const overlay = await openFastComposeByShortcut(page);
  const toolbar = overlay.getByRole('toolbar', { name: 'Post types' });
  await expect(toolbar.getByRole('button')).toHaveText(
    ['Aa Text', '◉ Photo', '❝ Quote', '∞ Link', '☰ Chat', '♫ Audio', '▶ Video'].map((t) => new RegExp(t.split(' ')[1]!)),
  );
  await expect(toolbar.getByRole('button', { name: 'Text' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('c');
  await expect(toolbar.getByRole('button', { name: 'Quote' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(overlay).toHaveCount(0);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __compose: unknown[] }).__compose))
    .toEqual([{ type: 'quote', source: 'fast-compose' }]);
  // The legacy page's own event log heard it too.
  await expect(page.locator('#legacy_event_log')).toContainText('tl-compose');
});

test('the header compose button opens it; Escape gives focus back to the button', async ({ page }) => {
  await page.goto('/dashboard?as=alice');
  const header = page.locator('blog-header');
  await expect(header.getByRole('button', { name: 'Create a post' })).toBeVisible();
  // Until <fast-compose> has loaded, the button asks for a text post instead of opening the overlay.
  await hostReady(page, 'fast-compose');
  await header.getByRole('button', { name: 'Create a post' }).click();
  const overlay = page.locator('fast-compose').getByRole('dialog', { name: 'Create a post' });
  await expect(overlay).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(overlay).toHaveCount(0);
  await expect(header.getByRole('button', { name: 'Create a post' })).toBeFocused();
});

test('an Explore click is logged to /services/cslog when the page hides', async ({ page }) => {
  await page.goto('/dashboard?as=alice');
  const explore = page.locator('blog-header').getByRole('link', { name: 'Explore' });
  await explore.click();
  await expect(page).toHaveURL(/\/explore$/);
  await expect
    .poll(async () => {
      const response = await page.request.get('/__demo/state?table=cslog&event=click');
      const body = (await response.json()) as { rows?: { data: string; user_name: string }[] };
      return (body.rows ?? []).map((r) => [r.user_name, JSON.parse(r.data)]);
    })
    .toContainEqual(['alice', { source: 'app_header', target: 'explore' }]);
});

test('logged out: the reduced header and no fast compose', async ({ page }) => {
  await page.goto('/dashboard?as=anonymous');
  const header = page.locator('blog-header');
  await expect(header.getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Account' })).toHaveCount(0);
  await expect(header.getByRole('button', { name: 'Create a post' })).toHaveCount(0);
  await page.keyboard.down('z');
  await page.keyboard.press('c');
  await page.keyboard.up('z');
  await expect(page.locator('fast-compose').getByRole('dialog')).toHaveCount(0);
});
