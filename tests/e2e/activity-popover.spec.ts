/** <activity-popover> on /dashboard: open it, switch blog, see that blog's notifications; its panel's code comes on intent. */
import { expect, test } from '@playwright/test';
import { hostReady } from './page-helpers';

test.beforeEach(async ({ page }) => {
  await page.request.post('/__demo/reset');
});

test('switching blog in the activity popover shows that blog’s notifications', async ({ page }) => {
  await page.goto('/dashboard?as=alice');
  const activity = page.locator('.sidebar activity-popover, activity-popover:not([inline])').first();
  await activity.getByRole('button', { name: 'Activity' }).click();
  const panel = activity.getByRole('region', { name: 'Activity for alice' });
  await expect(panel.locator('.row').first()).toBeVisible();
  const aliceRows = await panel.locator('.row').count();
  expect(aliceRows).toBeGreaterThan(10);
  await expect(panel.getByText('Today', { exact: true })).toBeVisible();

  await activity.getByRole('button', { name: 'Show activity for: alice' }).click();
  await activity.getByRole('option', { name: /alice-sketches/ }).click();
  const sketches = activity.getByRole('region', { name: 'Activity for alice-sketches' });
  await expect(sketches.locator('.row').first()).toBeVisible();
  await expect.poll(() => sketches.locator('.row').count()).not.toBe(aliceRows);
  await expect(sketches.locator('[part="see-everything"]')).toHaveAttribute('href', '/blog/alice-sketches/activity');
});

test('a user with no activity sees the empty message', async ({ page }) => {
  await page.goto('/dashboard?as=carol');
  const activity = page.locator('activity-popover:not([inline])').first();
  await activity.getByRole('button', { name: 'Activity' }).click();
  await expect(activity.getByText('Check out this tab when you make a post to see Likes, Reblogs, and new followers.')).toBeVisible();
});

test("the panel's code comes on intent: the button alone at first, the panel's chunk on a pointer over it, its loading state until it arrives", async ({
  page,
}) => {
  const FEED_CHUNK = /\/chunks\/ActivityFeed-[^/]+\.js$/;
  const asked: string[] = [];
  page.on('request', (r) => {
    if (FEED_CHUNK.test(new URL(r.url()).pathname)) asked.push(r.url());
  });
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(FEED_CHUNK, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/dashboard?as=alice');
  await hostReady(page, 'activity-popover:not([inline])');
  const activity = page.locator('activity-popover:not([inline])').first();
  const button = activity.getByRole('button', { name: 'Activity' });
  await expect(button).toBeVisible();
  expect(asked).toEqual([]);

  await button.hover();
  await expect.poll(() => asked.length).toBe(1);
  await button.click();
  const popover = activity.getByRole('dialog', { name: 'Activity' });
  await expect(popover.getByRole('status', { name: 'Loading activity' })).toBeVisible();
  release();
  await expect(popover.getByRole('region', { name: 'Activity for alice' }).locator('.row').first()).toBeVisible();
  await expect(popover.getByRole('status', { name: 'Loading activity' })).toHaveCount(0);
  expect(asked).toHaveLength(1);
});
