/**
 * What a blogger does after writing (authoring spec §2 context pages, §7 post actions), on the blog's
 * own pages: a draft published, a post queued and then published from the queue, an ask answered
 * (one bob sent through the ask form), a submission approved and one denied. Each seen on the page
 * and, after a reload, from the database.
 */
import { expect, test, type Page } from '@playwright/test';
import { hostReady } from './page-helpers';

test.beforeEach(async ({ page }) => {
  await page.request.post('/__demo/reset');
});

interface Row {
  id: number;
  state: string;
  content: string;
  options: string;
}

/** The page's status line for its post actions (each element on the page has a live region of its own too). */
const pageStatus = (page: Page) => page.locator('#post_action_status');

async function rows(page: Page, where: string): Promise<Row[]> {
  const response = await page.request.get(`/__demo/state?table=posts&blog_name=alice${where}`);
  return ((await response.json()) as { rows: Row[] }).rows;
}

/** The page's post with this id, once the SDK's page-button code can run (the runtime has loaded). */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(() => customElements.get('blog-card') !== undefined);
}

test('a draft published, another queued, then published from the queue', async ({ page }) => {
  const drafts = await rows(page, '&state=draft');
  expect(drafts.length).toBeGreaterThanOrEqual(2);
  await open(page, '/blog/alice/drafts?as=alice');
  const [first, second] = drafts.sort((a, b) => b.id - a.id);
  const firstPost = page.locator(`#post_${first!.id}`);
  await firstPost.getByRole('button', { name: 'Publish' }).click();
  await expect(firstPost).toHaveCount(0);
  await expect(pageStatus(page)).toHaveText('Published.');
  await page.locator(`#post_${second!.id}`).getByRole('button', { name: 'Queue' }).click();
  await expect(page.locator(`#post_${second!.id}`)).toHaveCount(0);
  await expect(pageStatus(page)).toHaveText('Queued.');

  await page.reload();
  await expect(page.locator(`#post_${first!.id}, #post_${second!.id}`)).toHaveCount(0);
  expect((await rows(page, `&id=${first!.id}`))[0]!.state).toBe('published');

  await open(page, '/blog/alice/queue');
  const queued = page.locator(`#post_${second!.id}`);
  await expect(queued).toBeVisible();
  await queued.getByRole('button', { name: 'Publish now' }).click();
  await expect(queued).toHaveCount(0);
  await page.reload();
  await expect(page.locator(`#post_${second!.id}`)).toHaveCount(0);
  expect((await rows(page, `&id=${second!.id}`))[0]!.state).toBe('published');
});

test('an ask bob sent through the ask form is answered from the inbox', async ({ page, browser, baseURL }) => {
  const question = `Which paper? ${Date.now().toString(36)}`;
  const bob = await browser.newContext({ baseURL });
  try {
    const bobPage = await bob.newPage();
    await bobPage.goto('/blog/alice/ask?as=bob');
    const dialog = bobPage.locator('ask-form').getByRole('dialog');
    await dialog.locator('textarea').pressSequentially(question);
    await dialog.getByRole('button', { name: 'Ask' }).click();
    await expect(dialog).toHaveCount(0);
  } finally {
    await bob.close();
  }

  await open(page, '/blog/alice/inbox?as=alice');
  const ask = page.locator('.pending_post', { hasText: question });
  await expect(ask).toContainText('bob asked:');
  await ask.getByRole('button', { name: 'Answer' }).click();
  // An empty answer is refused, and the blogger lands in the field.
  const alert = page.locator('[data-tl-page-dialogs]').getByRole('alertdialog');
  await expect(alert).toContainText('Write an answer first.');
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(ask.getByLabel('Your answer')).toBeFocused();
  await page.keyboard.type('Cold-pressed, always.');
  await ask.getByRole('button', { name: 'Answer' }).click();
  await expect(ask).toHaveCount(0);
  await expect(pageStatus(page)).toHaveText('Answered and published.');
  await page.reload();
  await expect(page.locator('.pending_post', { hasText: question })).toHaveCount(0);
  const answered = (await rows(page, '&state=published&type=answer')).find((r) => JSON.parse(r.content).question === question);
  expect(JSON.parse(answered!.content).answer).toBe('Cold-pressed, always.');
});

test('a submission approved into the queue, and one denied after the confirmation', async ({ page }) => {
  await open(page, '/blog/alice/inbox?as=alice');
  const sketch = page.locator('.pending_post', { hasText: 'A sketch for you' });
  const spam = page.locator('.pending_post', { hasText: 'Buy followers now!!!' });
  await expect(sketch).toContainText('Submitted by bob');
  await sketch.getByRole('button', { name: 'Queue' }).click();
  await expect(sketch).toHaveCount(0);
  await expect(pageStatus(page)).toHaveText('Submission accepted.');

  await spam.getByRole('button', { name: 'Deny' }).click();
  const confirm = page.locator('[data-tl-page-dialogs]').getByRole('alertdialog');
  await expect(confirm).toContainText('Deny this submission? It will be deleted.');
  await confirm.getByRole('button', { name: 'Deny' }).click();
  await expect(spam).toHaveCount(0);
  await expect(pageStatus(page)).toHaveText('Submission denied.');

  await page.reload();
  await expect(page.locator('.pending_post', { hasText: 'A sketch for you' })).toHaveCount(0);
  await expect(page.locator('.pending_post', { hasText: 'Buy followers now!!!' })).toHaveCount(0);
  const all = await rows(page, '');
  expect(all.find((r) => JSON.parse(r.content).title === 'A sketch for you')?.state).toBe('queued');
  expect(all.find((r) => JSON.parse(r.content).title === 'Buy followers now!!!')).toBeUndefined();
});

test('a post promoted in its tag from the dashboard, then unpromoted; each survives a reload', async ({ page }) => {
  await open(page, '/dashboard?as=alice');
  const promote = page.locator('button.post_control.promote').first();
  await expect(promote).toHaveAttribute('aria-pressed', 'false');
  const postId = await promote.evaluate((b) => b.closest('[data-post-id]')!.getAttribute('data-post-id'));
  const tag = await promote.getAttribute('data-tag');
  await promote.click();
  await expect(promote).toHaveAttribute('aria-pressed', 'true');
  const stored = async () =>
    ((await (await page.request.get(`/__demo/state?table=promotions&post_id=${postId}`)).json()) as { rows: { tag: string }[] }).rows;
  expect((await stored()).map((r) => r.tag)).toEqual([tag]);

  await page.reload();
  await page.waitForFunction(() => customElements.get('blog-card') !== undefined);
  const again = page.locator(`#post_${postId} button.post_control.promote`);
  await expect(again).toHaveAttribute('aria-pressed', 'true');
  await again.click();
  await expect(again).toHaveAttribute('aria-pressed', 'false');
  expect(await stored()).toEqual([]);
  await page.reload();
  await expect(page.locator(`#post_${postId} button.post_control.promote`)).toHaveAttribute('aria-pressed', 'false');
});

test("the app a post was made with ('via …') removed from the dashboard; gone after a reload and from the database", async ({ page }) => {
  await open(page, '/dashboard?as=alice');
  const line = page.locator('.app_attribution').first();
  await expect(line).toContainText('via Tumblelog for iOS');
  const postId = await line.evaluate((el) => el.closest('[data-post-id]')!.getAttribute('data-post-id'));
  const remove = line.getByRole('button', { name: 'Remove “via Tumblelog for iOS” from this post' });
  await remove.focus();
  await remove.press('Enter');
  await expect(page.locator(`#post_${postId} .app_attribution`)).toHaveCount(0);
  // The button went with its line: focus moved to the post's next control, not to <body>.
  expect(await page.evaluate(() => document.activeElement?.classList.contains('post_control'))).toBe(true);
  const [row] = await rows(page, `&id=${postId}`);
  expect(JSON.parse(row!.options)).not.toHaveProperty('app_attribution');
  await page.reload();
  await expect(page.locator(`#post_${postId}`)).toBeVisible();
  await expect(page.locator(`#post_${postId} .app_attribution`)).toHaveCount(0);
});

test('bob blocked from a message in the dock (the IP-address note), then unblocked from his blog card', async ({ page }) => {
  await page.goto('/dashboard?as=alice');
  await page.waitForFunction(() => customElements.get('messaging-dock') !== undefined);
  await page.evaluate(() => document.dispatchEvent(new CustomEvent('tl-messaging-open-request', { detail: { blogName: 'bob' } })));
  const win = page.locator('messaging-dock').getByRole('region', { name: 'Conversation with bob', exact: true });
  const fromBob = win.locator('[part~="message-row"]:not(.is-mine)').last();
  await fromBob.hover();
  await fromBob.locator('[part~="message-controls"]').click();
  await page.locator('messaging-dock').getByRole('menuitem', { name: 'Block bob' }).click();
  const confirm = page.locator('messaging-dock').getByRole('alertdialog');
  await expect(confirm).toContainText('Block messages from this sender?');
  await expect(confirm).toContainText('Further messages from their IP address will be blocked too.');
  await confirm.getByRole('button', { name: 'Block' }).click();
  await expect(win).toHaveCount(0);
  const blocks = async () =>
    ((await (await page.request.get('/__demo/state?table=blocks&blocker_blog=alice&blocked_blog=bob')).json()) as { rows: unknown[] }).rows;
  await expect.poll(blocks).toHaveLength(1);

  // Blocking also unfollowed bob: search finds him.
  await page.goto('/search/bob');
  await hostReady(page, 'blog-card:not([blog-name])');
  await page.locator('a[data-blog-card="bob"]').first().hover();
  const card = page.locator('blog-card').getByRole('dialog');
  await card.getByRole('button', { name: 'More options for bob' }).click();
  await page.locator('blog-card').getByRole('menuitem', { name: 'Unblock' }).click();
  await expect(page.locator('blog-card .notice')).toHaveText('bob is unblocked.');
  await expect.poll(blocks).toHaveLength(0);
});

test('an edited scheduled post opens as scheduled, with its date, and stays scheduled when saved', async ({ page }) => {
  const queued = (await rows(page, '&state=queued')) as (Row & { publish_on: string })[];
  const scheduled = queued.find((r) => r.publish_on);
  expect(scheduled, 'the seed schedules one of alice’s queued posts').toBeDefined();
  await page.goto(`/edit/${scheduled!.id}?as=alice`);
  const form = page.locator('post-composer form.post-form[data-mode="edit"]');
  await expect(form).toBeVisible({ timeout: 15_000 });
  await expect(form.getByLabel('When to post')).toHaveValue('scheduled');
  await expect(form.getByLabel('Publish on')).toHaveValue(scheduled!.publish_on.replace(' ', 'T').slice(0, 16));
  await form.locator('[part="post-button"]').click();
  await expect(page.locator('post-composer form.post-form')).toHaveCount(0, { timeout: 15_000 });
  const [after] = (await rows(page, `&id=${scheduled!.id}`)) as (Row & { publish_on: string })[];
  expect(after!.state === 'scheduled' || (after!.state === 'queued' && after!.publish_on !== ''), JSON.stringify(after)).toBe(true);
});
