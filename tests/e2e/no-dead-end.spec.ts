/**
 * No dead end on the demo (messaging spec §1 routes): every link a page or an element shows leads
 * somewhere, and "Send a message" works on a page that has no <messaging-dock>.
 *
 * The crawler starts from the demo's pages as alice, follows same-origin links found in the page
 * and in every open shadow root (the elements' own links: a blog card's, the activity popover's
 * "See everything", the blog menu's "Submit"), and asks the server for each. A path shape
 * (/blog/N/post/N/slug) is checked a few times, not once per post.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

test.beforeEach(async ({ page }) => {
  await page.request.post('/__demo/reset');
});

/** Every same-origin href in the document and in every open shadow root. */
async function linksOn(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found = new Set<string>();
    const walk = (root: Document | ShadowRoot) => {
      for (const a of root.querySelectorAll<HTMLAnchorElement>('a[href]')) found.add(a.href);
      for (const el of root.querySelectorAll('*')) if (el.shadowRoot) walk(el.shadowRoot);
    };
    walk(document);
    return [...found].filter((href) => new URL(href).origin === location.origin);
  });
}

/** The shape of a path: numbers and post slugs folded, so that one shape is not checked 500 times. */
const shapeOf = (path: string) =>
  path
    .replace(/\?.*$/, '')
    .replace(/\d+/g, 'N')
    .replace(/\/post\/N\/[^/]+$/, '/post/N/slug');

test('no link on any demo page answers 404', async ({ page, browserName }) => {
  // What each link answers is the server's: the same in every engine (about 70 s in Firefox).
  test.skip(browserName !== 'chromium', 'engine-independent: run in Chromium');
  test.setTimeout(120_000);
  await page.goto('/dashboard?as=alice');
  const linked = new Map<string, string>(); // path → the page it was found on
  const collect = async (from: string) => {
    for (const href of await linksOn(page)) {
      const url = new URL(href);
      // ?as= logs in as someone else, /logout ends the session: neither changes where links lead.
      if (url.searchParams.has('as') || url.pathname === '/logout') continue;
      const path = url.pathname + url.search;
      if (!linked.has(path)) linked.set(path, from);
    }
  };

  // The elements' links that appear only once something is open.
  const activity = page.locator('activity-popover:not([inline])').first();
  await activity.getByRole('button', { name: 'Activity' }).click();
  await expect(activity.locator('[part="see-everything"]')).toBeVisible();
  await collect('/dashboard, activity popover');
  await page.goto('/blog/bob');
  await page.locator('ask-form[trigger="menu"]').getByRole('button', { name: 'Message or ask bob' }).click();
  await expect(page.getByRole('menuitem', { name: 'Submit' })).toBeVisible();
  await collect('/blog/bob, blog menu');

  // Then the pages themselves, breadth first, each path shape a few times.
  const queue = ['/', '/dashboard', '/blog/bob', '/following', '/messaging', '/search/cat', '/blog/alice/activity', '/blog/bob/ask'];
  const visited = new Set<string>();
  const shapes = new Map<string, number>();
  while (queue.length && visited.size < 60) {
    const path = queue.shift()!;
    const shape = shapeOf(path);
    if (visited.has(path) || (shapes.get(shape) ?? 0) >= 2) continue;
    visited.add(path);
    shapes.set(shape, (shapes.get(shape) ?? 0) + 1);
    const response = await page.goto(path);
    expect(response?.status(), `${path} (linked from ${linked.get(path) ?? 'the start'})`).toBe(200);
    // Elements render their links once upgraded; wait until none is left undefined.
    await page.waitForFunction(() => document.querySelectorAll(':not(:defined)').length === 0);
    const before = linked.size;
    await collect(path);
    for (const next of [...linked.keys()].slice(before)) if (!next.startsWith('/static/') && !next.startsWith('/assets/')) queue.push(next);
  }

  // Every link found, pages or not, each shape at most three times, answers something other than 404.
  const checked = new Map<string, number>();
  const missing: string[] = [];
  for (const [path, from] of linked) {
    const shape = shapeOf(path);
    if ((checked.get(shape) ?? 0) >= 3) continue;
    checked.set(shape, (checked.get(shape) ?? 0) + 1);
    const status = (await page.request.get(path, { maxRedirects: 5 })).status();
    if (status === 404 || status >= 500) missing.push(`${status} ${path} (linked from ${from})`);
  }
  expect(missing, `${linked.size} links, ${checked.size} shapes checked`).toEqual([]);
  expect(checked.size).toBeGreaterThan(25);
  for (const path of ['/blog/alice/activity', '/blog/bob/submit']) expect([...linked.keys()]).toContain(path);
});

test('"Send a message" on a blog theme with no <messaging-dock> brings one and opens the conversation', async ({ page }) => {
  await page.goto('/blog/bob?as=alice');
  await expect(page.locator('messaging-dock')).toHaveCount(0);
  await page.locator('ask-form[trigger="menu"]').getByRole('button', { name: 'Message or ask bob' }).click();
  await page.getByRole('menuitem', { name: 'Send a message' }).click();
  const win = page.locator('messaging-dock').getByRole('region', { name: 'Conversation with bob', exact: true });
  await expect(win).toBeVisible();
  await expect(win.locator('[part="compose-input"]')).toBeFocused();
  await expect(page.locator('messaging-dock')).toHaveCount(1);
});

test("a blog's Submit leads to a form that stores the submission, and See everything to the full activity", async ({ page }) => {
  await page.goto('/blog/bob?as=alice');
  await page.locator('ask-form[trigger="menu"]').getByRole('button', { name: 'Message or ask bob' }).click();
  await page.getByRole('menuitem', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/blog\/bob\/submit$/);
  await page.getByLabel('Title').fill('A birdhouse for bob');
  await page.getByLabel('Post', { exact: true }).fill('Made from scraps.');
  await page.getByRole('button', { name: 'Submit' }).click();
  // The page's own status line (each element on the page has a live region of its own too).
  await expect(page.locator('main.simple > p.notice[role="status"]')).toHaveText('Thanks! bob will see your submission and can post it.');
  const rows = (await (await page.request.get('/__demo/state?table=posts&blog_name=bob&state=submission')).json()) as {
    rows: { content: string }[];
  };
  expect(rows.rows.map((r) => JSON.parse(r.content).title)).toContain('A birdhouse for bob');

  await page.goto('/dashboard');
  const activity = page.locator('activity-popover:not([inline])').first();
  await activity.getByRole('button', { name: 'Activity' }).click();
  await activity.locator('[part="see-everything"]').click();
  await expect(page).toHaveURL(/\/blog\/alice\/activity$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Activity for alice');
  await expect(page.locator('.activity_row').first()).toBeVisible();
});

test('the blog pages and search pass axe (page-level rules included)', async ({ page, browserName }) => {
  test.skip(browserName !== 'chromium', 'engine-independent: run in Chromium (as demo-axe.spec.ts)');
  for (const path of [
    '/blog/alice/activity?as=alice',
    '/blog/alice/drafts',
    '/blog/alice/queue',
    '/blog/alice/inbox',
    '/blog/bob/submit',
    '/search/cat',
    '/blog/bob/ask',
    '/blog/bob/activity',
  ]) {
    await page.goto(path);
    await page.waitForFunction(() => document.querySelectorAll(':not(:defined)').length === 0);
    // Evaluated, not a <script>: the page's CSP allows no inline script, and needs not to.
    await page.evaluate(AXE);
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: { id: string; nodes: unknown[] }[] }> } })
        .axe;
      return (await axe.run(document)).violations.map((v) => `${v.id} ×${v.nodes.length}`);
    });
    expect(violations, path).toEqual([]);
  }
});
