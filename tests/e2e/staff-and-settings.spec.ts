/**
 * Staff toggles and a blog's auto-send settings (authoring spec §6, §7) on the demo pages:
 *  - the staff member suspends bob from his blog card on the dashboard (after the confirmation):
 *    the card shows it, bob's page says so (and hides his posts from everyone but staff), and after
 *    a reload the card and the database still have it; lifting it is seen the same way;
 *  - alice turns on "every new post to Facebook" in the post form's options: the database has it,
 *    a reload's form starts from it, and a post saved with it is sent to Facebook.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { hostReady, nextEvent } from './page-helpers';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Axe on the site's notice only: the rest of the page is a stranger's theme. */
async function noticeViolations(page: Page): Promise<string[]> {
  // Evaluated, not a <script>: the page's CSP allows no inline script.
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown) => Promise<{ violations: { id: string; nodes: unknown[] }[] }> } }).axe;
    return (await axe.run({ include: [['.site-notice']] })).violations.map((v) => `${v.id} ×${v.nodes.length}`);
  });
}

test.beforeEach(async ({ page }) => {
  await page.request.post('/__demo/reset');
});

async function blogRow(page: Page, name: string): Promise<Record<string, number>> {
  const response = await page.request.get(`/__demo/state?table=blogs&name=${name}`);
  return ((await response.json()) as { rows: Record<string, number>[] }).rows[0]!;
}

/** The dashboard's delegate card for bob, open on the first of his names on the page. */
async function bobsCard(page: Page) {
  // The page's delegate card: its hover listener comes with its first render.
  await hostReady(page, 'blog-card:not([blog-name])');
  // From somewhere else: a pointer already resting where the name lands after a navigation sends no mouseover.
  await page.mouse.move(1, 1);
  await page.locator('a[data-blog-card="bob"]').first().hover();
  const card = page.locator('blog-card:not([blog-name]) [part="card"]');
  await expect(card.locator('.name')).toHaveText('bob');
  return card;
}

test("a staff toggle flipping a blog's state: bob suspended from his card, seen on the page and, after a reload, from the database", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000); // five page loads and two contexts: a loaded Firefox took over 30 s
  await page.goto('/dashboard?as=staff');
  let card = await bobsCard(page);
  const staff = card.getByRole('region', { name: 'Staff toggles for bob' });
  const suspended = staff.getByRole('button', { name: 'Suspended' });
  await expect(suspended).toHaveAttribute('aria-pressed', 'false');

  await suspended.click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Suspend bob?');
  await confirm.getByRole('button', { name: 'Suspend' }).click();
  await expect(suspended).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByText('Suspended is on for bob.')).toBeVisible();
  await expect(card.locator('[part="marks"]')).toHaveText('Suspended');
  await expect.poll(async () => (await blogRow(page, 'bob')).is_suspended).toBe(1);
  // The legacy page heard it on document.
  await expect(page.locator('#legacy_event_log')).toContainText('tl-staff-flag-change');

  // After a reload the card has it from the server.
  await page.reload();
  card = await bobsCard(page);
  await expect(card.getByRole('button', { name: 'Suspended' })).toHaveAttribute('aria-pressed', 'true');
  await expect(card.locator('[part="marks"]')).toHaveText('Suspended');

  // bob's page says so: to staff with his posts, to a visitor without them.
  await page.goto('/blog/bob');
  await expect(page.getByText('This blog is suspended. You see its posts because you are staff.')).toBeVisible();
  await expect(page.locator('.theme-post').first()).toBeVisible();
  const visitor = await browser.newContext({ baseURL: baseURL! });
  const stranger = await visitor.newPage();
  await stranger.goto('/blog/bob?as=anonymous');
  await expect(stranger.getByText('This blog is suspended. Its posts are hidden.')).toBeVisible();
  await expect(stranger.locator('.theme-post')).toHaveCount(0);
  expect(await noticeViolations(stranger)).toEqual([]);

  // Lifted (no confirmation), on the card, the database and bob's page.
  await page.goto('/dashboard');
  card = await bobsCard(page);
  await card.getByRole('button', { name: 'Suspended' }).click();
  await expect(card.getByRole('button', { name: 'Suspended' })).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(async () => (await blogRow(page, 'bob')).is_suspended).toBe(0);
  await stranger.reload();
  await expect(stranger.locator('.site-notice')).toHaveCount(0);
  await expect(stranger.locator('.theme-post').first()).toBeVisible();
  await visitor.close();
});

test('nobody but staff gets the toggles, and a toggle called by someone else is refused', async ({ page }) => {
  await page.goto('/dashboard?as=alice');
  const card = await bobsCard(page);
  await expect(card.getByRole('button', { name: 'Unfollow bob' })).toBeVisible();
  await expect(card.locator('[part="staff"]')).toHaveCount(0);
  const formKey = await page.locator('meta[name="tumblr-form-key"]').getAttribute('content');
  const answer = await page.request.post('/spam/toggle', { form: { tumblelog: 'bob', form_key: formKey! } });
  expect(answer.status()).toBe(403);
  expect((await blogRow(page, 'bob')).is_spam).toBe(0);
});

test("alice sends every new post to Facebook from the post form's options; a reload's form starts from it", async ({ page }) => {
  await page.goto('/dashboard?as=alice');
  await page.locator('#new_post_buttons').getByRole('link', { name: 'Quote', exact: true }).click();
  const form = page.locator('post-composer form.post-form');
  await form.getByText('Post options').click();
  const facebook = form.getByRole('switch', { name: 'Send every new post on alice to Facebook' });
  await expect(facebook).toHaveAttribute('aria-checked', 'false');
  await expect(form.getByRole('checkbox', { name: 'Share on Facebook' })).not.toBeChecked();
  await facebook.click();
  await expect(form.getByText('New posts on alice now go to Facebook.')).toBeVisible();
  await expect(form.getByRole('checkbox', { name: 'Share on Facebook' })).toBeChecked();
  await expect.poll(async () => (await blogRow(page, 'alice')).facebook_opengraph_send_posts).toBe(1);

  await page.reload();
  const again = page.locator('post-composer form.post-form');
  await again.getByText('Post options').click();
  await expect(again.getByRole('switch', { name: 'Send every new post on alice to Facebook' })).toHaveAttribute('aria-checked', 'true');
  await expect(again.getByRole('checkbox', { name: 'Share on Facebook' })).toBeChecked();
  const quote = again.getByLabel('Quote', { exact: true });
  await quote.click();
  await quote.pressSequentially('Sent along by default.');
  const saved = await nextEvent<{ postId: string }>(page, 'tl-post-saved');
  await again.getByRole('button', { name: 'Post', exact: true }).click();
  const { postId } = await saved();
  const rows = ((await (await page.request.get(`/__demo/state?table=posts&id=${postId}`)).json()) as { rows: { options: string }[] }).rows;
  expect(JSON.parse(rows[0]!.options)).toMatchObject({ send_to_fbog: true, send_to_twitter: true });
});
