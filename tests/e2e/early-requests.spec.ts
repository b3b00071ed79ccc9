/**
 * Nothing a page does before an element's code arrives is lost. The elements' registrations are
 * held back (a slow network), and meanwhile the page opens a conversation with `tl-messaging-open-request`
 * and clicks its own "Find a GIF" trigger, which <gif-search> wires. Once the code arrives, each
 * request is acted on exactly once: one window with bob, and a GIF popover that is open (a click
 * replayed twice would have toggled it shut again).
 */
import { expect, test, type Route } from '@playwright/test';

test.beforeEach(async ({ page }) => {
  await page.request.post('/__demo/reset');
});

test('a tl-messaging-open-request and a trigger click made before the chunks load are replayed once each', async ({ page }) => {
  const held: Route[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/dist\/elements\/(messaging-dock|gif-search)\.js$/, async (route) => {
    held.push(route);
    await released;
    await route.continue();
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));

  // Not 'load': Firefox holds the load event while a module import is pending, and these are held.
  await page.goto('/dashboard?as=alice', { waitUntil: 'domcontentloaded' });
  // Both registrations were asked for, and neither has arrived.
  await expect.poll(() => held.length).toBe(2);
  expect(await page.evaluate(() => [customElements.get('messaging-dock'), customElements.get('gif-search')].map(Boolean))).toEqual([
    false,
    false,
  ]);

  await page.evaluate(() => document.dispatchEvent(new CustomEvent('tl-messaging-open-request', { detail: { blogName: 'bob' } })));
  await page.locator('#gif_trigger').click();
  // Nothing can answer yet.
  await expect(page.getByRole('combobox', { name: 'Search GIFs' })).toHaveCount(0);

  release();
  await page.waitForFunction(() => Boolean(customElements.get('messaging-dock') && customElements.get('gif-search')));

  const box = page.getByRole('combobox', { name: 'Search GIFs' });
  await expect(box).toBeVisible();
  const windows = page.locator('messaging-dock').getByRole('region', { name: /^Conversation with / });
  await expect(windows).toHaveCount(1);
  await expect(windows.first()).toHaveAccessibleName('Conversation with bob');
  // Still exactly one of each once everything has settled.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect(windows).toHaveCount(1);
  await expect(box).toBeVisible();
  expect(errors).toEqual([]);
});

test('a property set on a tag before its code arrives is applied when it upgrades', async ({ page }) => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(/\/dist\/elements\/ask-form\.js$/, async (route) => {
    asked = true;
    await released;
    await route.continue();
  });
  await page.goto('/blog/bob', { waitUntil: 'domcontentloaded' });
  await expect.poll(() => asked).toBe(true);
  // The theme's sidebar form, still an undefined tag: the page sets a property on it.
  await page.evaluate(() => {
    const form = document.querySelector('.theme-ask ask-form') as HTMLElement & { open?: boolean };
    if (customElements.get('ask-form')) throw new Error('ask-form is already defined');
    form.open = true;
  });
  release();
  await expect(page.getByRole('dialog', { name: 'Ask bob a question' })).toBeVisible();
});
