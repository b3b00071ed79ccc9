/**
 * The docked-media gutter on the demo dashboard (<video-player>'s Dock, spec M§1/§4/§5): a video
 * docked from the dashboard keeps playing while the page scrolls and while the blog drawer opens
 * and closes over it; a video docked from inside the drawer keeps playing after the drawer has
 * closed (and unmounted its posts), and its Close takes it off the page. Waits on state: "keeps
 * playing" is the media clock moving on by a second, however long that takes.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { keepsPlaying } from './media-helpers';
import { elementsReady } from './page-helpers';

const docked = (page: Page) => page.locator('body > video-player[docked]');
const drawer = (page: Page) => page.locator('peepr-drawer dialog');

async function dock(player: Locator): Promise<void> {
  await expect(player.locator('[part="player"]')).toHaveAttribute('data-state', /\bplaying\b/, { timeout: 15_000 });
  await player.hover();
  await player.locator('[part~="dock-button"]').click();
}

test.beforeEach(async ({ page }) => {
  await page.request.post('/__demo/reset');
  // The first request makes the sample media with ffmpeg (a few seconds).
  expect((await page.request.head('/assets/media/sd.mp4', { timeout: 120_000 })).status()).toBe(200);
});

test('a video docked on the dashboard plays on while the page scrolls and while the drawer opens and closes', async ({ page }) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/dashboard?as=alice');
  // By its id: once docked, the post no longer has a player to be found by.
  const postId = await page
    .locator('#posts .post_container')
    .filter({ has: page.locator('video-player') })
    .first()
    .getAttribute('id');
  const post = page.locator(`#${postId}`);
  await post.scrollIntoViewIfNeeded();
  await dock(post.locator('video-player'));

  // The player itself went to the gutter; its post keeps its place, with a way back.
  await expect(docked(page)).toHaveCount(1);
  await expect(post.locator('video-player')).toHaveCount(0);
  await expect(post.locator('[data-tl-docked-placeholder]')).toContainText('Playing in the docked player');
  await expect(post.getByRole('button', { name: 'Return video here' })).toBeVisible();
  await expect.poll(() => docked(page).evaluate((h) => Math.round(h.getBoundingClientRect().width))).toBe(300);
  await keepsPlaying(docked(page));

  // Scroll the dashboard: the gutter stays in view and plays on.
  const top = await page.evaluate(() => window.scrollY);
  await page.mouse.move(300, 500);
  await page.mouse.wheel(0, 2500);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(top + 1000);
  await expect(docked(page)).toBeInViewport();
  await keepsPlaying(docked(page));

  // Open a blog in the drawer (it pauses the page's other players, not the docked one) …
  await elementsReady(page, ['peepr-drawer']); // before, a post's link is a plain link
  await page.locator('#posts [data-peepr]').filter({ visible: true }).first().click();
  await expect(drawer(page)).toBeVisible();
  await expect(page.locator('peepr-drawer article.post').first()).toBeVisible();
  await keepsPlaying(docked(page));

  // … and close it again.
  await page.keyboard.press('Escape');
  await expect(drawer(page)).toHaveCount(0);
  await expect(docked(page)).toHaveCount(1);
  await keepsPlaying(docked(page));
  expect(errors).toEqual([]);
});

test('a video docked from inside the drawer plays on after the drawer closes; Close takes it off the page', async ({ page }) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/dashboard?as=alice');
  await elementsReady(page, ['peepr-drawer']); // before, a post's link is a plain link
  // The author of the dashboard's first video post: their blog has that video.
  const post = page
    .locator('#posts .post_container')
    .filter({ has: page.locator('video-player') })
    .first();
  const postId = await post.getAttribute('data-post-id');
  await post.locator('.post_avatar_link').click();
  await expect(drawer(page)).toBeVisible();
  // That post in the drawer, by its id: the drawer's list is still filling in (its pages, its ad),
  // and "the first player" at one moment is not always the first a moment later.
  const inDrawer = page.locator(`peepr-drawer article.post[data-post-id="${postId}"] video-player`);
  // Autoplay starts once at least half of it is in view. What loads above it can push it down
  // after a scroll: brought to the middle again until it plays (state, not time).
  await expect(async () => {
    await inDrawer.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await expect(inDrawer.locator('[part="player"]')).toHaveAttribute('data-state', /\bplaying\b/, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await dock(inDrawer);
  await expect(docked(page)).toHaveCount(1);
  await expect(page.locator('peepr-drawer [data-tl-docked-placeholder]')).toHaveCount(1);
  await keepsPlaying(docked(page));

  // The drawer closes and unmounts its posts, the placeholder with them; the docked video plays on.
  await page.keyboard.press('Escape');
  await expect(drawer(page)).toHaveCount(0);
  await expect(page.locator('[data-tl-docked-placeholder]')).toHaveCount(0);
  await keepsPlaying(docked(page));
  // Its post is gone: no Return, Close only.
  await expect(docked(page).locator('[part~="return-button"]')).toHaveCount(0);

  await docked(page).locator('[part~="dock-close-button"]').click();
  await expect(page.locator('body > video-player')).toHaveCount(0);
  // Focus went somewhere on the page, not to <body>.
  expect(await page.evaluate(() => document.activeElement !== document.body && document.activeElement !== null)).toBe(true);
  expect(errors).toEqual([]);
});
