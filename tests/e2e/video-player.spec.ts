/**
 * <video-player> on the third-party theme page (/blog/bob) against the running reference
 * server: play, switch to HD keeping the position, and see the logging reach the server —
 * the conversion log (/svc/log/conversion, once per player) and the video logging payload
 * (bus `log` events → the page's logging sink → /services/cslog when the page goes away).
 */
import { expect, test, type Page } from '@playwright/test';

async function rows<T>(page: Page, table: string, where = ''): Promise<T[]> {
  const response = await page.request.get(`/__demo/state?table=${table}${where}`);
  if (!response.ok()) return [];
  return ((await response.json()) as { rows: T[] }).rows;
}

test.beforeEach(async ({ page }) => {
  await page.request.post('/__demo/reset');
  // The first request makes the sample media with ffmpeg (a few seconds).
  expect((await page.request.head('/assets/media/sd.mp4', { timeout: 120_000 })).status()).toBe(200);
});

test('the theme page plays, switches to HD keeping the position, and logs to the server', async ({ page }) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/blog/bob?as=alice&flag_log=1');

  const players = page.locator('video-player');
  await expect(players).toHaveCount(2);
  const first = players.first();
  const video = first.locator('video');
  await expect(first.getByRole('button', { name: 'Play', exact: true }).first()).toBeVisible();

  await first.locator('[part="big-play-button"]').click();
  await expect(first.locator('[part="player"]')).toHaveAttribute('data-state', 'playing');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(1.5);
  await video.evaluate((v: HTMLVideoElement) => (v.currentTime = 4));

  await first.hover();
  await first.getByRole('button', { name: 'HD' }).click();
  await expect(first.getByRole('button', { name: 'HD' })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => `${v.videoHeight}:${v.currentSrc.endsWith('/hd.mp4')}`)).toBe('720:true');
  const position = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  expect(position).toBeGreaterThanOrEqual(4);
  expect(position).toBeLessThan(7);
  await expect(first.locator('[part="player"]')).toHaveAttribute('data-state', 'playing');

  // The conversion log, once, as alice.
  await expect.poll(() => rows<{ user_name: string; name: string; extra: string }>(page, 'conversion_logs')).toHaveLength(1);
  const [conversion] = await rows<{ user_name: string; name: string; extra: string }>(page, 'conversion_logs');
  expect(conversion!.user_name).toBe('alice');
  expect(conversion!.name).toBe('video-play');
  expect(JSON.parse(conversion!.extra)).toMatchObject({ player_name: 'tumblelog-video-player', player_version: 2 });

  // The tracker heard the first play (once, whatever the log flag says).
  await expect
    .poll(async () => (await rows<{ kind: string; event: string }>(page, 'tracking', '&kind=video')).map((r) => r.event))
    .toEqual(['play']);

  // Pause, then leave the page: the logging sink sends what it queued.
  await first.getByRole('button', { name: 'Pause' }).click();
  await expect(first.locator('[part="player"]')).toHaveAttribute('data-state', 'paused');
  await page.goto('/');
  await expect
    .poll(async () => (await rows<{ event: string }>(page, 'cslog')).map((r) => r.event), { timeout: 15_000 })
    .toEqual(expect.arrayContaining(['video_play', 'video_hd', 'video_pause']));
  const [pause] = await rows<{ data: string }>(page, 'cslog', '&event=video_pause');
  expect(JSON.parse(pause!.data)).toMatchObject({ vendor: 'tumblelog', type: 'video', platform: 'web' });
  expect(JSON.parse(pause!.data).time_elapsed).toBeGreaterThan(1);
  expect(JSON.parse(pause!.data).post_id).toMatch(/^\d+$/);
  expect(errors).toEqual([]);
});

test('the second theme player plays the HLS playlist', async ({ page }) => {
  await page.goto('/blog/bob?as=alice');
  const second = page.locator('video-player').nth(1);
  await second.scrollIntoViewIfNeeded();
  await second.locator('[part="big-play-button"]').click();
  await expect(second.locator('[part="player"]')).toHaveAttribute('data-state', /playing/);
  await expect
    .poll(() => second.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(2.2);
});
