/**
 * <gif-search> on the dashboard: the page's own "Find a GIF" button opens it, a search over the
 * generated corpus, keyboard selection, and the page showing the pick from `tl-gif-select`.
 * (The post composer that will use it is another issue.)
 */
import { expect, test } from '@playwright/test';

test.beforeEach(async ({ page }) => {
  await page.request.post('/__demo/reset');
});

/** Waits for the element (a click made earlier is replayed too: tests/e2e/early-requests.spec.ts). */
async function gifSearchReady(page: import('@playwright/test').Page): Promise<void> {
  await page.waitForFunction(() => customElements.get('gif-search') !== undefined);
  await page.locator('gif-search').first().evaluate((el) => (el as HTMLElement & { ready: Promise<void> }).ready);
}

test('find a GIF on the dashboard and pick it with the keyboard', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto('/dashboard?as=alice');
  await gifSearchReady(page);
  await page.locator('#gif_trigger').click();
  const box = page.getByRole('combobox', { name: 'Search GIFs' });
  await expect(box).toBeFocused();
  await expect(box).toHaveAttribute('placeholder', 'Find a GIF');
  await box.pressSequentially('Dance');
  const grid = page.getByRole('grid', { name: 'GIF results for dance' });
  await expect(grid).toBeVisible();
  await expect(grid.getByRole('gridcell').first()).toBeVisible();
  await box.press('ArrowDown');
  await box.press('ArrowDown');
  const active = grid.locator('[role="gridcell"][aria-selected="true"]');
  const src = await active.locator('img').getAttribute('src');
  const picked = page.evaluate(() => new Promise((resolve) => document.addEventListener('tl-gif-select', (e) => resolve((e as CustomEvent).detail), { once: true })));
  await box.press('Enter');
  const detail = (await picked) as { mediaUrl: string; postTags: string[]; rootBlog: string };
  expect(detail.mediaUrl).toBe(src);
  expect(detail.postTags).toContain('dance');
  // the page shows the pick, and the legacy log heard the event
  await expect(page.locator('#gif_pick img')).toHaveAttribute('src', src!);
  await expect(page.locator('#gif_pick figcaption')).toContainText(`Picked from ${detail.rootBlog}`);
  await expect(page.locator('#legacy_event_log')).toContainText('tl-gif-select');
  await expect(box).toHaveCount(0);
  await expect(page.locator('#gif_trigger')).toBeFocused();
  // the picked file is a real animated image from the generated corpus
  const image = await page.request.get(src!);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toMatch(/^image\/(gif|webp)$/);
  expect(errors).toEqual([]);
});

test('a failed search offers Retry and keeps the query', async ({ page }) => {
  await page.goto('/dashboard?as=alice');
  // Every search fails until the fault is cleared: typing slowly (Firefox) can start more than one
  // debounced search, and one fault would let a later one succeed and take the error away.
  await page.request.post('/__demo/faults', { data: { path: '/svc/search/inline_gif', status: 500, count: 1000 } });
  await gifSearchReady(page);
  await page.locator('#gif_trigger').click();
  const box = page.getByRole('combobox', { name: 'Search GIFs' });
  await box.pressSequentially('coffee');
  await expect(page.locator('gif-search [part="error"]')).toContainText("GIF search isn't working right now.");
  expect((await page.request.delete('/__demo/faults')).ok()).toBe(true);
  await page.locator('gif-search').getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('grid', { name: 'GIF results for coffee' })).toBeVisible();
  await expect(box).toHaveValue('coffee');
});
