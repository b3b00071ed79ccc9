/**
 * Authoring media on the demo dashboard (issue #13): alice makes a photo post from three real JPEG
 * files — one of them stored sideways with EXIF orientation 6 — and a video post from embed code.
 * Both are saved, and after a reload the dashboard shows them: the photos in order, the rotated one
 * upright (portrait), every one scaled to at most 1080 px; the video framed from the sample service.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';

/** A JPEG from ffmpeg's test pattern (or a flat colour), with an EXIF orientation written in when asked. */
function fixtureJpeg(dir: string, name: string, source: string, orientation?: number): string {
  const path = join(dir, name);
  execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', source, '-frames:v', '1', path]);
  if (orientation) {
    const jpeg = readFileSync(path);
    const exif = Buffer.alloc(36);
    exif.writeUInt16BE(0xffe1, 0);
    exif.writeUInt16BE(34, 2);
    exif.write('Exif\0\0', 4, 'latin1');
    exif.write('MM\0*', 10, 'latin1');
    exif.writeUInt32BE(8, 14);
    exif.writeUInt16BE(1, 18);
    exif.writeUInt16BE(0x0112, 20);
    exif.writeUInt16BE(3, 22);
    exif.writeUInt32BE(1, 24);
    exif.writeUInt16BE(orientation, 28);
    writeFileSync(path, Buffer.concat([jpeg.subarray(0, 2), exif, jpeg.subarray(2)]));
  }
  return path;
}

test.beforeEach(async ({ page }) => {
  await page.request.post('/__demo/reset');
});

const composer = (page: Page) => page.locator('post-composer form.post-form');

test('a photo post of three real images (one EXIF-rotated) and a video post by embed code, both on the dashboard after a reload', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const dir = mkdtempSync(join(tmpdir(), 'tl-e2e-photos-'));
  const files = [
    fixtureJpeg(dir, 'wide.jpg', 'testsrc=size=1600x1200:rate=1'),
    // Stored 640×480 and sideways: shown upright it is 480×640.
    fixtureJpeg(dir, 'sideways.jpg', 'smptebars=size=640x480:rate=1', 6),
    fixtureJpeg(dir, 'small.jpg', 'color=c=0x2266dd:size=300x200:rate=1'),
  ];

  await page.goto('/dashboard?as=alice');
  await page.locator('#new_post_buttons a[data-post-type="photo"]').click();
  await expect(composer(page)).toBeVisible();
  await page.locator('post-composer .photos__file').setInputFiles(files);
  await expect(page.locator('post-composer .photos__item')).toHaveCount(3);
  await expect(page.locator('post-composer .photos__item[data-status="complete"]')).toHaveCount(3, { timeout: 30_000 });
  const caption = page.locator('post-composer [data-field="caption"] textarea');
  await caption.click();
  await caption.pressSequentially('Three photos, one sideways.');
  await page.locator('post-composer [part="post-button"]').click();
  await expect(composer(page)).toBeHidden({ timeout: 15_000 });

  await page.locator('#new_post_buttons a[data-post-type="video"]').click();
  await expect(composer(page)).toBeVisible();
  const origin = new URL(page.url()).origin;
  // Typed only once the form is live: pressSequentially does not wait, and keys sent while the
  // form is still inert (its opening sequence) go nowhere.
  await expect(page.locator('post-composer form.post-form:not([inert])')).toBeVisible();
  const embedCode = page.locator('post-composer [data-field="embedCode"] textarea');
  await embedCode.click();
  await embedCode.pressSequentially(`<iframe width="560" height="315" src="${origin}/demotube/embed/harbour"></iframe>`);
  await expect(page.locator('post-composer .embed-preview')).toHaveText(/Embed from/);
  await page.locator('post-composer [part="post-button"]').click();
  await expect(composer(page)).toBeHidden({ timeout: 15_000 });

  await page.reload();
  const video = page.locator('li.post_container[data-blog-name="alice"][data-type="video"]').first();
  await expect(video.locator('iframe[src="/demotube/embed/harbour"]')).toBeVisible();
  const photoPost = page.locator('li.post_container[data-blog-name="alice"][data-type="photo"]').first();
  await expect(photoPost).toContainText('Three photos, one sideways.');
  const images = photoPost.locator('.post_content img');
  await expect(images).toHaveCount(3);
  // Every image loaded from the uploads, and its real size: scaled to 1080, the sideways one upright.
  const sizes = await images.evaluateAll(async (imgs) =>
    Promise.all(
      (imgs as HTMLImageElement[]).map(async (img) => {
        await img.decode();
        return { src: new URL(img.src).pathname, width: img.naturalWidth, height: img.naturalHeight };
      }),
    ),
  );
  expect(sizes.every((s) => /^\/media\/uploads\/[0-9a-f]{24}\.jpg$/.test(s.src))).toBe(true);
  expect(sizes.map((s) => [s.width, s.height])).toEqual([
    [1080, 810],
    [480, 640],
    [300, 200],
  ]);
});
