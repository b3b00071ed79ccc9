/** <activity-popover> on /dashboard: open it, switch blog, see that blog's notifications. */
import { expect, test } from '@playwright/test';

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
