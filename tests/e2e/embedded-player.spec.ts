/**
 * tumblelog's embedded player on the demo (/embedded-player): two frames of /video/embed/{post}
 * talk to the page through the message bridge (elements/video-player/model/message-bridge.ts).
 * The frame takes the video's shape; its Dock docks the frame into the page's gutter, where it
 * plays on while the page scrolls (the same frame: not reloaded); Return puts it back; the page's
 * own player docking evicts it, paused. Waits on state.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { keepsPlaying } from './media-helpers';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe on the page (page-level rules included) and on the player's page in the first frame. */
async function axeViolations(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const target of [page.mainFrame(), page.frames().find((f) => f.url().includes('/video/embed/'))!]) {
    // Evaluated, not a <script>: the pages' CSP allows no inline script.
    await target.evaluate(AXE);
    const violations = await target.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: { run: (ctx: Document, options: object) => Promise<{ violations: { id: string; nodes: unknown[] }[] }> };
        }
      ).axe;
      return (await axe.run(document, { iframes: false })).violations.map((v) => `${v.id} ×${v.nodes.length}`);
    });
    found.push(...violations.map((v) => `${target.url()}: ${v}`));
  }
  return found;
}

const frames = (page: Page) => page.locator('iframe.embedded_player');
const playerIn = (frame: FrameLocator) => frame.locator('video-player');

test.beforeEach(async ({ page }) => {
  await page.request.post('/__demo/reset');
  expect((await page.request.head('/assets/media/sd.mp4', { timeout: 120_000 })).status()).toBe(200);
});

test('an embedded player docks its frame through the bridge, plays on while the page scrolls, and comes back', async ({ page }) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' && m.text().includes('video bridge')) warnings.push(m.text());
  });
  await page.goto('/embedded-player?as=alice');
  await expect(frames(page)).toHaveCount(2);
  const frameElement = frames(page).first();
  const frame = page.frameLocator('iframe.embedded_player >> nth=0');
  const player = playerIn(frame);

  // The frame takes the video's shape (the sample is 640×360), and its player offers Dock.
  await expect(frameElement).toHaveAttribute('style', /aspect-ratio: 640 \/ 360/, { timeout: 15_000 });
  await expect(player.locator('[part~="dock-button"]')).toHaveCount(1);
  expect(await axeViolations(page)).toEqual([]);

  await player.locator('[part~="big-play-button"]').click();
  await expect(player.locator('[part="player"]')).toHaveAttribute('data-state', /\bplaying\b/, { timeout: 15_000 });
  // A marker in the frame's window: still there after docking means the frame was not reloaded.
  await frameElement.evaluate((f: HTMLIFrameElement) => ((f.contentWindow as unknown as { marked: boolean }).marked = true));
  await player.hover();
  await player.locator('[part~="dock-button"]').click();

  await expect(frameElement).toHaveAttribute('data-tl-docked', '');
  await expect(page.locator('[data-tl-docked-placeholder]')).toHaveCount(1);
  await expect.poll(() => frameElement.evaluate((f) => Math.round(f.getBoundingClientRect().width)), { timeout: 5000 }).toBe(300);
  await expect(player.locator('[part="dock-bar"]')).toBeVisible();
  expect(await axeViolations(page), 'docked').toEqual([]);
  await page.mouse.wheel(0, 1500);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  // Fixed at the side: on screen wherever the page is.
  const box = await frameElement.boundingBox();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(page.viewportSize()!.height);
  await keepsPlaying(playerIn(frame));
  expect(await frameElement.evaluate((f: HTMLIFrameElement) => (f.contentWindow as unknown as { marked?: boolean }).marked)).toBe(true);

  // Return: back in its post, playing on, with its shape.
  await player.locator('[part~="return-button"]').click();
  await expect(frameElement).not.toHaveAttribute('data-tl-docked', '');
  await expect(page.locator('[data-tl-docked-placeholder]')).toHaveCount(0);
  await expect(frameElement).toHaveAttribute('style', /aspect-ratio: 640 \/ 360/);
  await keepsPlaying(playerIn(frame));

  // Docked again, then the page's own player docks: one docked view at a time, the frame paused.
  await player.hover();
  await player.locator('[part~="dock-button"]').click();
  await expect(frameElement).toHaveAttribute('data-tl-docked', '');
  const own = page.locator('main video-player');
  await own.scrollIntoViewIfNeeded();
  await own.locator('[part~="big-play-button"]').click();
  await expect(own.locator('[part="player"]')).toHaveAttribute('data-state', /\bplaying\b/, { timeout: 15_000 });
  await own.hover();
  await own.locator('[part~="dock-button"]').click();
  await expect(page.locator('body > video-player[docked]')).toHaveCount(1);
  await expect(frameElement).not.toHaveAttribute('data-tl-docked', '');
  await expect.poll(() => player.locator('video').evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);

  expect(errors).toEqual([]);
  expect(warnings, 'the page and the frames only exchanged well-formed messages').toEqual([]);
});

test('the embedded player page alone: 404 for what is not a published video post', async ({ page }) => {
  expect((await page.request.get('/video/embed/1')).status()).toBe(404);
  expect((await page.request.get('/video/embed/not-a-number')).status()).toBe(404);
  // Opened on its own (not in a frame), it is a plain player named for its post's blog (from iframe-post-data).
  const html = await (await page.request.get('/embedded-player')).text();
  const [, id, blog] = /src="\/video\/embed\/(\d+)" title="Video from ([\w-]+)"/.exec(html)!;
  await page.goto(`/video/embed/${id}`);
  const player = page.locator('video-player');
  await expect(player.locator('[part="player"]')).toHaveAttribute('aria-label', `Video from ${blog}`);
});
