/**
 * The reference site at /docs (docs-site/site.ts, demo/server/routes/docs.ts): every page passes axe
 * (the whole document, the live elements' shadow roots included, no rule switched off); on every
 * element page the playground changes an attribute of the live element and the element renders the
 * change; the event log shows the tl-* events the page hears (an ask sent to the reference server);
 * and the site works by keyboard (skip link, the navigation, the playground's controls). One page
 * load per page.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { GUIDE_ORDER } from '../../docs-site/site';
import { motionSettled } from './page-helpers';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const GUIDES = GUIDE_ORDER;

test.beforeEach(async ({ page }) => {
  await page.request.post('/__demo/reset');
  // An init script, not a <script>: the docs pages have the demo's CSP, which allows no inline script.
  await page.addInitScript({ content: AXE });
});

/** The live element of an element page has its code and has rendered. */
async function liveReady(page: Page, tag: string): Promise<Locator> {
  await page.waitForFunction((name) => customElements.get(name) !== undefined, tag);
  const live = page.locator('#live-example');
  await live.evaluate((el) => (el as HTMLElement & { ready: Promise<void> }).ready);
  return live;
}

/** axe over the whole document once nothing moves; the violations, as readable lines. */
async function axe(page: Page, what: string): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll(':not(:defined)').length === 0);
  await motionSettled(page);
  const found = await page.evaluate(async () => {
    type Result = { violations: { id: string; nodes: { target: unknown; failureSummary?: string }[] }[] };
    const run = (window as unknown as { axe: { run(context: Document, options: object): Promise<Result> } }).axe;
    const result = await run.run(document, { resultTypes: ['violations'] });
    return result.violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => `${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`).join(' | ')}`,
    );
  });
  expect.soft(found, `axe on ${what}`).toEqual([]);
}

/** What each element page's test does through the playground, and what the element then shows. */
const PLAYGROUND: Record<string, (page: Page, live: Locator) => Promise<void>> = {
  'activity-popover': async (page, live) => {
    await page.getByRole('checkbox', { name: 'open' }).check();
    await expect(live.locator('[part~="panel"]')).toBeVisible();
  },
  'ask-form': async (page, live) => {
    await page.getByRole('textbox', { name: 'blog-name' }).fill('carol');
    await expect(live.getByRole('button', { name: 'Ask carol a question' })).toBeVisible();
  },
  'blog-card': async (page, live) => {
    await page.getByRole('checkbox', { name: 'open' }).check();
    await expect(live.locator('[part~="card"]')).toBeVisible();
  },
  'blog-header': async (page, live) => {
    await expect(live.locator('[part~="mobile"]')).toHaveCount(0);
    await page.getByRole('checkbox', { name: 'mobile' }).check();
    await expect(live.locator('[part~="mobile"]')).toBeVisible();
  },
  'fast-compose': async (page, live) => {
    await page.getByRole('checkbox', { name: 'open' }).check();
    await expect(live.getByRole('dialog', { name: 'Create a post' })).toBeVisible();
  },
  'gif-search': async (page, live) => {
    await page.getByRole('checkbox', { name: 'open' }).check();
    await expect(live.locator('[part~="results"]')).toBeVisible();
  },
  'peepr-drawer': async (page, live) => {
    await page.getByRole('textbox', { name: 'blog-name' }).fill('bob');
    await expect(live.locator('[part~="dialog"]')).toBeVisible();
    await expect(live.locator('[part~="header"]')).toContainText('bob');
  },
  'post-composer': async (page, live) => {
    await expect(live.locator('[part~="form"]')).toHaveCount(0);
    await page.getByRole('combobox', { name: 'type' }).selectOption('photo');
    await expect(live.locator('[part~="form"]')).toBeVisible();
  },
  'share-popover': async (page, live) => {
    await page.getByRole('combobox', { name: 'mode' }).selectOption('message');
    await live.locator('[part~="trigger"]').click();
    await expect(live.locator('[part~="popover"]')).toBeVisible();
  },
  'video-player': async (page, live) => {
    await expect(live.locator('[part~="player"]')).toHaveAttribute('aria-label', 'Sample video');
    await page.getByRole('textbox', { name: 'label' }).fill('The docs sample');
    await expect(live.locator('[part~="player"]')).toHaveAttribute('aria-label', 'The docs sample');
  },
};

/**
 * The docs site's pages are static HTML around live elements: their axe checks and the playgrounds
 * run in Chromium only (the elements' attributes and their axe checks run in three engines in the
 * browser tests). The keyboard walk and the event log run in both.
 */
const chromiumOnly = (browserName: string) => test.skip(browserName !== 'chromium', 'engine-independent: run in Chromium');

test('the overview and every guide pass axe, with the current page marked in the navigation', async ({ page, browserName }) => {
  chromiumOnly(browserName);
  test.setTimeout(60_000);
  for (const path of ['/docs', ...GUIDES.map((g) => `/docs/guides/${g}`)]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole('navigation', { name: 'Documentation' }).locator('[aria-current="page"]')).toHaveAttribute('href', path);
    await expect(page.getByRole('main')).toBeVisible();
    await axe(page, path);
  }
});

test('the theming guide themes live elements dark through custom properties', async ({ page }) => {
  await page.goto('/docs/guides/theming');
  const trigger = page.locator('[data-dark-example] ask-form').locator('[part~="trigger"]');
  await expect(trigger).toBeVisible();
  // --tl-color-accent is #7cc4ff in the dark container, against the default #00b8ff.
  await expect(trigger).toHaveCSS('background-color', 'rgb(124, 196, 255)');
});

for (const tag of Object.keys(PLAYGROUND).concat('messaging-dock').sort()) {
  test(`<${tag}>: its page passes axe, and the playground changes the live element`, async ({ page, browserName }) => {
    chromiumOnly(browserName);
    await page.goto(`/docs/elements/${tag}`);
    const live = await liveReady(page, tag);
    await axe(page, tag);
    const change = PLAYGROUND[tag];
    // <messaging-dock> has no attributes: its playground says so, and its page still has the element.
    if (!change) {
      await expect(page.locator('[data-playground]')).toContainText('This element has no attributes.');
      return;
    }
    await change(page, live);
    // The snippet follows the element.
    const snippet = await live.evaluate((el) => [...el.attributes].filter((a) => a.name !== 'id').map((a) => a.name));
    for (const name of snippet) await expect(page.locator('[data-snippet]')).toContainText(name);
  });
}

test('the event log shows the tl-* events: an ask sent to the reference server', async ({ page }) => {
  await page.goto('/docs/elements/ask-form');
  const live = await liveReady(page, 'ask-form');
  await page.getByRole('checkbox', { name: 'open' }).check();
  const form = live.locator('[part~="form"]');
  await expect(form).toBeVisible();
  await expect(page.locator('[data-event-log]')).toContainText('tl-ask-form-open');
  // Typed: Firefox over BiDi fires no input event for fill() inside a shadow root (as ask-form.spec.ts).
  await live.getByRole('textbox', { name: 'Your question for bob' }).pressSequentially('What are you building next?');
  await live.getByRole('button', { name: 'Ask', exact: true }).click();
  await expect(page.locator('[data-event-log]')).toContainText('tl-ask-sent');
  await expect(page.locator('[data-event-log] li', { hasText: 'tl-ask-sent' })).toContainText('What are you building next?');
  // The form closed, and the playground's open box followed the element.
  await expect(page.getByRole('checkbox', { name: 'open' })).not.toBeChecked();
});

test('by keyboard: the skip link first, then the navigation, then the playground; focus is visible', async ({ page }) => {
  await page.goto('/docs/elements/ask-form');
  await liveReady(page, 'ask-form');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  const reached = async (selector: string, most: number) => {
    for (let i = 0; i < most; i++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return true;
    }
    return false;
  };
  expect(await reached('nav[aria-label="Documentation"] a', 5)).toBe(true);
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
  expect(outline).not.toBe('none');
  expect(await reached('[data-playground] [data-attribute]', 40)).toBe(true);
  // The skip link moves the focus to the page's main content.
  await page.goto('/docs/guides/security');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
});
