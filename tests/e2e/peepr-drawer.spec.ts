/**
 * <peepr-drawer> on the demo dashboard: alice opens a blog she does not follow from a post on her
 * dashboard (her reblog of it), pages down through more than 25 of its posts with j (autopaging
 * on the way), likes one, follows the blog and searches its posts by a tag chosen from the
 * type-ahead. After a reload the address opens the drawer again, and the follow and the like are
 * still there.
 */
import { expect, test, type Page } from '@playwright/test';
import { elementsReady } from './page-helpers';

const BLOG = 'long-archive';

test.beforeEach(async ({ page }) => {
  await page.request.post('/__demo/reset');
});

async function formKey(page: Page): Promise<string> {
  return ((await (await page.request.get('/__demo/session')).json()) as { formKey: string }).formKey;
}

const drawer = (page: Page) => page.locator('peepr-drawer dialog');
const activePost = (page: Page) => page.locator('peepr-drawer article.post.is-active');

test('open a blog from a post, page down through 25+ posts, like one, follow, search by tag; all of it persists', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/dashboard?as=alice');
  // alice reblogs a long-archive post, so her dashboard has a post that came from a blog she does not follow.
  const source = (
    (await (await page.request.get(`/__demo/state?table=posts&blog_name=${BLOG}&limit=1`)).json()) as {
      rows: { id: number; reblog_key: string }[];
    }
  ).rows[0]!;
  const reblog = await page.request.post('/fast_reblog', {
    form: { reblog_post_id: String(source.id), reblog_key: source.reblog_key, form_key: await formKey(page) },
  });
  expect(reblog.ok()).toBe(true);
  await page.goto('/dashboard');
  await elementsReady(page, ['peepr-drawer']);

  await page.locator(`.reblog_from a[data-peepr="${BLOG}"]`).first().click();
  await expect(drawer(page)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]peepr=${BLOG}`));
  await expect(page.locator('peepr-drawer [part="header"]')).toContainText('The Long Archive');

  // Page down with j: 26 posts, the list loading its next pages on the way.
  for (let i = 0; i < 26; i++) {
    await page.keyboard.press('j');
    await expect(activePost(page)).toHaveAttribute('aria-posinset', String(i + 1));
  }
  const liked = activePost(page);
  const likedId = (await liked.getAttribute('data-post-id'))!;
  await page.keyboard.press('l');
  await expect(liked.locator('.action--like')).toHaveAttribute('aria-pressed', 'true');

  await page.keyboard.press('.');
  const follow = page.locator('peepr-drawer [part="follow"]');
  await expect(follow).toHaveText('Follow');
  await follow.click();
  await expect(follow).toHaveText('Unfollow');

  // Search by a tag chosen from the type-ahead, by keyboard.
  const term = page.locator('peepr-drawer .search__term');
  await term.click();
  await term.pressSequentially('libr');
  await expect(page.locator('peepr-drawer [role="listbox"] [role="option"]').first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(term).toHaveValue('library');
  await expect(page.locator('peepr-drawer .search__summary')).toContainText('Posts matching “library”');
  await expect(page.locator('peepr-drawer article.post').first()).toBeVisible();

  // Reload: the address opens the drawer again; the follow and the like were kept.
  await page.reload();
  await expect(drawer(page)).toBeVisible();
  await expect(page.locator('peepr-drawer [part="follow"]')).toHaveText('Unfollow');
  await page.goto(`/dashboard?peepr=${BLOG}&post_id=${likedId}`);
  await expect(drawer(page)).toBeVisible();
  const first = page.locator('peepr-drawer article.post').first();
  await expect(first).toHaveAttribute('data-post-id', likedId);
  await expect(first.locator('.action--like')).toHaveAttribute('aria-pressed', 'true');

  // Closing goes to /dashboard.
  await page.locator('peepr-drawer .toolbar__close').click();
  await expect(drawer(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("the dashboard's own Like and Delete buttons run the shared post actions, agree with the drawer, and persist", async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/dashboard?as=alice');
  await elementsReady(page, ['peepr-drawer']);
  const likeButton = page.locator('li.post_container .post_control.like').first();
  const postId = await likeButton.evaluate((b) => b.closest('li')!.getAttribute('data-post-id')!);
  const blog = await likeButton.evaluate((b) => b.closest('li')!.getAttribute('data-blog-name')!);
  await expect(likeButton).toHaveAttribute('aria-pressed', 'false');
  await likeButton.click();
  await expect(likeButton).toHaveAttribute('aria-pressed', 'true');
  await expect(likeButton).not.toHaveAttribute('aria-busy', 'true');

  // The drawer shows the same post liked; unliking it there releases the page's button.
  await page.locator(`#post_${postId} .post_avatar_link`).click();
  const drawerLike = page.locator(`peepr-drawer article[data-post-id="${postId}"] .action--like`);
  await expect(drawerLike).toHaveAttribute('aria-pressed', 'true');
  await drawerLike.click();
  await expect(drawerLike).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Escape');
  await expect(drawer(page)).toBeHidden();
  await expect(page.locator(`#post_${postId} .post_control.like`)).toHaveAttribute('aria-pressed', 'false');

  // Like it again from the page, then reload: the server has it.
  await page.locator(`#post_${postId} .post_control.like`).click();
  await expect(page.locator(`#post_${postId} .post_control.like`)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator(`#post_${postId} .post_control.like`)).not.toHaveAttribute('aria-busy', 'true');
  await page.reload();
  await expect(page.locator(`#post_${postId} .post_control.like`)).toHaveAttribute('aria-pressed', 'true');
  expect(blog).not.toBe('alice');

  // Delete one of alice's own posts: the confirmation, then it leaves the page and stays gone.
  const own = page.locator('li.post_container[data-blog-name="alice"]').first();
  const ownId = await own.getAttribute('data-post-id');
  await own.locator('.post_control.delete').click();
  const confirm = page.locator('[data-tl-page-dialogs] .tl-confirm');
  await expect(confirm).toContainText('Delete this post?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.locator(`#post_${ownId}`)).toHaveCount(0);
  await page.reload();
  await expect(page.locator('li.post_container').first()).toBeVisible();
  await expect(page.locator(`#post_${ownId}`)).toHaveCount(0);
});
