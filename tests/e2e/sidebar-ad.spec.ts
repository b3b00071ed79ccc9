/**
 * The dashboard's sidebar ad unit (messaging spec §2 "Other surfaces", §4 "Ads"): a 300×250 box
 * the page reserves and marks, filled by the local ad network through the SDK's ad slot
 * (src/ads/page-boxes.ts), logged in and logged out. Its impression reaches /svc/track; nothing on
 * the page moves when the ad arrives; when the network's script cannot be loaded the unit goes
 * and `tl-ad-failure` reaches the page.
 */
import { expect, test, type Page } from '@playwright/test';

interface Shift {
  value: number;
  /** Whether a node that moved was the ad box or something after it in the page. */
  adOrBelow: boolean;
}

declare global {
  interface Window {
    __shifts?: Shift[];
    __adBoxAtLoad?: { width: number; height: number; empty: boolean };
    __adFailures?: unknown[];
  }
}

test.beforeEach(async ({ page }) => {
  await page.request.post('/__demo/reset');
  // Before any page script: the layout shifts (where the browser reports them: Chromium), the
  // box as the page laid it out before any SDK code ran, and every tl-ad-failure.
  await page.addInitScript(() => {
    window.__shifts = [];
    window.__adFailures = [];
    document.addEventListener('tl-ad-failure', (event) => window.__adFailures!.push((event as CustomEvent).detail));
    if (PerformanceObserver.supportedEntryTypes.includes('layout-shift')) {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources?: { node?: Node | null }[];
        })[]) {
          if (entry.hadRecentInput) continue;
          const box = document.querySelector('[data-tl-ad-slot]');
          const adOrBelow = (entry.sources ?? []).some(
            ({ node }) =>
              !!box &&
              !!node &&
              (node === box || box.contains(node) || !!(box.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING)),
          );
          window.__shifts!.push({ value: entry.value, adOrBelow });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    }
    document.addEventListener('DOMContentLoaded', () => {
      const box = document.querySelector<HTMLElement>('[data-tl-ad-slot]');
      if (!box) return;
      const { width, height } = box.getBoundingClientRect();
      window.__adBoxAtLoad = { width, height, empty: box.childElementCount === 0 };
    });
  });
});

async function impressions(page: Page, user: string): Promise<{ slot: string; refresh: number }[]> {
  const response = await page.request.get('/__demo/state?table=tracking&kind=ad&event=impression');
  const rows = ((await response.json()) as { rows?: { user_name: string; data: string }[] }).rows ?? [];
  return rows.filter((r) => r.user_name === user).map((r) => JSON.parse(r.data) as { slot: string; refresh: number });
}

for (const user of ['alice', 'anonymous']) {
  test(`/dashboard as ${user}: the sidebar unit shows an ad in its reserved box, tracked, with no layout shift`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/dashboard?as=${user}`);
    const unit = page.locator('#right_column').getByRole('region', { name: 'Advertisement', exact: true });
    await expect(unit.locator('.demo-ad')).toBeVisible({ timeout: 10_000 });
    await expect(unit).toContainText('Sponsored');

    // The page reserved the box before any SDK code ran, and the ad kept it.
    const atLoad = await page.evaluate(() => window.__adBoxAtLoad);
    expect(atLoad).toEqual({ width: 300, height: 250, empty: true });
    const box = await unit.boundingBox();
    expect([box?.width, box?.height]).toEqual([300, 250]);

    // The impression reached the tracker, as this user.
    await expect.poll(() => impressions(page, user)).toContainEqual({ slot: 'sidebar', refresh: 0 });

    // Nothing moved: no layout shift touched the unit or anything after it (Chromium reports shifts).
    const shifts = await page.evaluate(() => window.__shifts ?? []);
    expect(shifts.filter((s) => s.adOrBelow)).toEqual([]);
  });
}

test('the ad script fails 5 times: the unit is removed and tl-ad-failure reaches the page', async ({ page }) => {
  await page.request.post('/__demo/faults', { data: { path: '/assets/ads/peepr-ad.js', status: 500, count: 5 } });
  await page.goto('/dashboard?as=alice');
  // Five tries a second apart, then the failure.
  await expect.poll(() => page.evaluate(() => window.__adFailures), { timeout: 15_000 }).toEqual([{ slot: 'sidebar', tries: 5 }]);
  await expect(page.locator('[data-tl-ad-slot]')).toHaveCount(0);
  await expect(page.locator('#radar')).toBeVisible();
  expect(await impressions(page, 'alice')).toEqual([]);
});
