/**
 * <blog-card> on the legacy /dashboard page against the running reference
 * server: hover a blog name, follow round trip persisted, logged-out
 * redirect, and a hostile description that stays inert.
 */
import { expect, test, type Page } from '@playwright/test';

async function follows(page: Page, blog: string): Promise<string[]> {
  const response = await page.request.get(`/__demo/follows?blog=${blog}`);
  const body = (await response.json()) as
    { rows?: { followed_blog: string }[]; follows?: { followed_blog: string }[] } | { followed_blog: string }[];
  const rows = Array.isArray(body) ? body : (body.rows ?? body.follows ?? []);
  return rows.map((r) => r.followed_blog);
}

/**
 * Hovering before an element's chunk has loaded does nothing (no listener yet), and an element above
 * the target that renders after the hover moves the target from under the mouse (the card closes):
 * wait for every element of the page, then for layout to settle (two frames).
 */
async function cardsReady(page: Page): Promise<void> {
  await page.waitForFunction(() => customElements.get('blog-card') !== undefined);
  const tags = ['blog-card', 'blog-header', 'activity-popover', 'messaging-dock', 'ask-form', 'gif-search', 'video-player', 'fast-compose'];
  await page.waitForFunction(
    (names) => names.every((n) => document.querySelector(n) === null || customElements.get(n) !== undefined),
    tags,
  );
  await page.evaluate(async (names) => {
    const els = names.flatMap((n) => [...document.querySelectorAll(n)]) as (HTMLElement & { ready?: Promise<void> })[];
    await Promise.all(els.map((el) => el.ready));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  }, tags);
  // A hover means a pointer resting on an anchor: wait until the anchors' boxes have stayed the
  // same for 10 frames in a row (the demo reserves every box, so this is normally immediate).
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __tlLayout?: { key: string; same: number } };
      const key = [...document.querySelectorAll('blog-card a')].map((a) => JSON.stringify(a.getBoundingClientRect())).join('|');
      const last = w.__tlLayout;
      w.__tlLayout = { key, same: last && last.key === key ? last.same + 1 : 0 };
      return w.__tlLayout.same >= 10;
    },
    undefined,
    { polling: 'raf', timeout: 15_000 },
  );
}

test.beforeEach(async ({ page }) => {
  await page.request.post('/__demo/reset');
  await page.addInitScript(() => {
    (window as unknown as { __xss: string[] }).__xss = [];
    window.alert = (m?: unknown) => void (window as unknown as { __xss: string[] }).__xss.push(String(m));
  });
});

test('hovering a blog name on the dashboard opens its card; unfollow and follow persist', async ({ page }) => {
  await page.goto('/dashboard?as=alice');
  await cardsReady(page);
  const name = page.locator('a[data-blog-card="bob"]').first();
  await name.hover();
  const card = page.locator('blog-card:not([blog-name]) [part="card"]');
  await expect(card.locator('.name')).toHaveText('bob');
  await expect(card.getByRole('button', { name: 'Unfollow bob' })).toBeVisible();
  expect(await follows(page, 'alice')).toContain('bob');

  await card.getByRole('button', { name: 'Unfollow bob' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Are you sure you want to unfollow bob?');
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect.poll(() => follows(page, 'alice')).not.toContain('bob');

  // The card stays open after the dialog, showing the new state; a busy button ignores presses.
  await expect(card.getByRole('button', { name: 'Follow bob' })).not.toHaveAttribute('aria-disabled', 'true');
  await card.getByRole('button', { name: 'Follow bob' }).click();
  await expect(card.getByRole('button', { name: 'Unfollow bob' })).toBeVisible();
  await expect.poll(() => follows(page, 'alice')).toContain('bob');

  // A press outside closes the card.
  await page.mouse.click(5, 300);
  await expect(card).toHaveCount(0);
  // The legacy page's own script heard the DOM event on document.
  await expect(page.locator('#legacy_event_log')).toContainText('tl-follow-change');
});

test('a logged-out visitor who clicks Follow lands on /follow/{blogName}', async ({ page }) => {
  await page.goto('/dashboard?as=anonymous');
  await cardsReady(page);
  const radar = page.locator('blog-card[blog-name="sea-glass"]');
  await radar.locator('a').hover();
  const follow = radar.getByRole('button', { name: 'Follow sea-glass' });
  await expect(follow).toBeVisible();
  await follow.click();
  await expect(page).toHaveURL(/\/follow\/sea-glass$/);
});

test('the xss-lab description and title stay inert on the real page', async ({ page }) => {
  await page.goto('/dashboard?as=alice');
  await cardsReady(page);
  const radar = page.locator('blog-card[blog-name="xss-lab"]');
  await radar.locator('a').hover();
  await expect(radar.locator('[part="card"] .name')).toHaveText('xss-lab');
  await expect(radar.locator('[part="description"]')).toBeVisible();
  expect(await radar.locator('[part="description"] script, [part="description"] img, [part="description"] iframe').count()).toBe(0);
  const ran = await page.evaluate(() => (window as unknown as { __xss: string[] }).__xss);
  expect(ran).toEqual([]);
});
