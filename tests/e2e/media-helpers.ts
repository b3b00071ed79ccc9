/** What the media e2e tests (the gutter, the embedded player) wait on. */
import { expect, type Locator } from '@playwright/test';

/**
 * The <video-player>'s media clock moves on by `by` seconds from now, and it says it is playing.
 * Waits on the clock, however long that takes on a loaded machine (up to 15 s).
 */
export async function keepsPlaying(player: Locator, by = 1): Promise<void> {
  const media = player.locator('video');
  const from = await media.evaluate((v: HTMLVideoElement) => v.currentTime);
  // The sample is 8 s long and loops: a wrap-around counts as moving on too.
  await expect
    .poll(
      () =>
        media.evaluate(
          (v: HTMLVideoElement, start: number) => (v.currentTime < start ? v.currentTime + v.duration : v.currentTime) - start,
          from,
        ),
      { timeout: 15_000 },
    )
    .toBeGreaterThan(by);
  await expect(player.locator('[part="player"]')).toHaveAttribute('data-state', /\bplaying\b/);
  expect(await media.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
}
