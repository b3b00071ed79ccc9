/**
 * <gif-search> on the dashboard: the page's own "Find a GIF" button opens it, a search over the
 * generated corpus, keyboard selection, and the page showing the pick from `tl-gif-select`.
 * (The post composer that will use it is another issue.)
 */
import { expect, test } from '@playwright/test';
import { elementsReady, nextEvent } from './page-helpers';

test.beforeEach(async ({ page }) => {
  await page.request.post('/__demo/reset');
});

test('find a GIF on the dashboard and pick it with the keyboard', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto('/dashboard?as=alice');
  await elementsReady(page, ['gif-search']); // (a click made earlier is replayed too: early-requests.spec.ts)
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
  const picked = await nextEvent(page, 'tl-gif-select');
  await box.press('Enter');
  const detail = (await picked()) as { mediaUrl: string; postTags: string[]; rootBlog: string };
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
  // Every search fails until the fault is cleared.
  await page.request.post('/__demo/faults', { data: { path: '/svc/search/inline_gif', status: 500, count: 1000 } });
  await elementsReady(page, ['gif-search']);
  await page.locator('#gif_trigger').click();
  const box = page.getByRole('combobox', { name: 'Search GIFs' });
  // The whole word arrives as one input event (as a paste does), so there is one search. Typed key
  // by key under load, "cof" can be searched on the way and show its error, and the search for the
  // whole word then succeeds once the fault is cleared, leaving nothing to retry (this failed CI
  // once in Firefox). Firefox's driver sets `value` through the element's own setter for fill()
  // and insertText(), which React's change tracking ignores, hence the prototype's setter here.
  await box.evaluate((input: HTMLInputElement, text) => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
    input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertFromPaste', data: text }));
  }, 'coffee');
  await expect(page.locator('gif-search [part="error"]')).toContainText("GIF search isn't working right now.");
  expect((await page.request.delete('/__demo/faults')).ok()).toBe(true);
  await page.locator('gif-search').getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('grid', { name: 'GIF results for coffee' })).toBeVisible();
  await expect(box).toHaveValue('coffee');
});
