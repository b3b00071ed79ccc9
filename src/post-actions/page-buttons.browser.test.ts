/**
 * The page's own marked post buttons (the dashboard's Like, src/post-actions/page-buttons.ts) against
 * the reference server: the shared post actions' like and unlike, the user's like count, the spec's
 * alert (in a page-owned dialog) and the like taken back on failure, the button following the
 * page's post marks (what the drawer changes), and a malformed mark. Waits on state, never on time.
 */
import { expect } from '@open-wc/testing';
import '../core/runtime';
import { POST_ACTION_ALERT } from '../errors';
import { $session } from '../session/session';
import { $postMarks } from './marks';
import { axeCheck } from '../../tests/helpers/axe';
import { captureConsole, cleanup, mount, textOf } from '../../tests/helpers/dom';
import { dbRows, injectFault, resetServer, setupSession } from '../../tests/helpers/server';
import { waitFor, waitForEvent } from '../../tests/helpers/wait';

interface PostRow {
  id: number;
  blog_name: string;
  reblog_key: string;
}

function likeButton(post: PostRow, liked = false, action = 'like'): HTMLButtonElement {
  const mark = JSON.stringify({ id: String(post.id), reblog_key: post.reblog_key, tumblelog: post.blog_name, liked });
  const holder = mount(`<p><button type="button" class="like" data-post-action="${action}" aria-pressed="${liked}">Like</button></p>`);
  const button = holder.querySelector('button')!;
  button.setAttribute('data-post', mark);
  return button;
}

const pageDialog = () => document.querySelector('[data-tl-page-dialogs]')?.shadowRoot?.querySelector<HTMLElement>('.tl-confirm') ?? null;
const likedCount = () => $session.get().user?.liked_post_count ?? -1;

describe('page post-action marks (the dashboard Like button)', function () {
  this.timeout(30_000);
  let bobPosts: PostRow[];

  before(async () => {
    await resetServer();
    bobPosts = (await dbRows<PostRow>('posts', { blog_name: 'bob' })).sort((a, b) => b.id - a.id);
  });
  beforeEach(async () => {
    await setupSession('alice');
    $postMarks.set({});
  });
  afterEach(() => cleanup());

  it('likes and unlikes through the shared post actions: pressed at once, stored, counted, announced', async () => {
    const post = bobPosts[0]!;
    const button = likeButton(post);
    const before = likedCount();
    const liked = waitForEvent<CustomEvent>(document, 'tl-post-action');
    button.click();
    expect((await liked).detail).to.deep.equal({ action: 'like', postId: String(post.id), outcome: 'success' });
    expect(button.getAttribute('aria-pressed')).to.equal('true');
    expect(await dbRows('likes', { post_id: post.id, user_name: 'alice' })).to.have.length(1);
    expect(likedCount()).to.equal(before + 1);
    await waitFor(() => !button.hasAttribute('aria-busy'));
    await axeCheck(button.parentElement!);

    const unliked = waitForEvent<CustomEvent>(document, 'tl-post-action');
    button.click();
    expect((await unliked).detail).to.deep.equal({ action: 'unlike', postId: String(post.id), outcome: 'success' });
    expect(button.getAttribute('aria-pressed')).to.equal('false');
    expect(await dbRows('likes', { post_id: post.id, user_name: 'alice' })).to.have.length(0);
    expect(likedCount()).to.equal(before);
  });

  it('shows the pressed state before the server answers, and takes it back when the call fails', async () => {
    const post = bobPosts[1]!;
    const button = likeButton(post);
    await injectFault('/svc/like', 'timeout', 1, { hold_ms: 800 });
    const done = waitForEvent<CustomEvent>(document, 'tl-post-action');
    button.click();
    await waitFor(() => button.getAttribute('aria-pressed') === 'true' && button.getAttribute('aria-busy') === 'true', {
      message: 'not pressed while pending',
    });
    expect((await done).detail.outcome).to.equal('failure');
    expect(button.getAttribute('aria-pressed')).to.equal('false');
    expect(await dbRows('likes', { post_id: post.id, user_name: 'alice' })).to.have.length(0);
  });

  it("a 500 shows the spec's alert in a page-owned dialog (axe clean), and the like is taken back", async () => {
    const post = bobPosts[1]!;
    const button = likeButton(post);
    await injectFault('/svc/like', 500);
    const done = waitForEvent<CustomEvent>(document, 'tl-post-action');
    button.click();
    expect((await done).detail.outcome).to.equal('failure');
    expect(button.getAttribute('aria-pressed')).to.equal('false');
    const box = await waitFor(() => pageDialog(), { message: 'no page alert' });
    expect(textOf(box).replace(/\s+/g, ' ')).to.contain(POST_ACTION_ALERT.replace(/\s+/g, ' '));
    await axeCheck(document.querySelector('[data-tl-page-dialogs]')!);
    box.querySelector<HTMLButtonElement>('button')!.click();
    await waitFor(() => pageDialog() === null, { message: 'alert did not close' });
    expect(await dbRows('likes', { post_id: post.id, user_name: 'alice' })).to.have.length(0);
  });

  it('a 403 is a forbidden event with no alert, and the like is taken back', async () => {
    const post = bobPosts[2]!;
    const button = likeButton(post);
    await injectFault('/svc/like', 403);
    const done = waitForEvent<CustomEvent>(document, 'tl-post-action');
    button.click();
    expect((await done).detail.outcome).to.equal('forbidden');
    expect(button.getAttribute('aria-pressed')).to.equal('false');
    expect(pageDialog() === null).to.equal(true);
  });

  it("follows the page's post marks: a like made elsewhere (the drawer) shows on the page button", async () => {
    const post = bobPosts[3]!;
    const button = likeButton(post);
    $postMarks.setKey(String(post.id), { liked: true, reblogged: false });
    expect(button.getAttribute('aria-pressed')).to.equal('true');
    // …and the next click on the page button unlikes, as the marks say.
    await (
      await import('./like-and-reblog')
    ).setLiked(
      { id: String(post.id), reblog_key: post.reblog_key, tumblelog: post.blog_name, liked: false, reblogged: false, is_mine: false },
      true,
      'dashboard',
    );
    const done = waitForEvent<CustomEvent>(document, 'tl-post-action');
    button.click();
    expect((await done).detail.action).to.equal('unlike');
    expect(await dbRows('likes', { post_id: post.id, user_name: 'alice' })).to.have.length(0);
  });

  it('Delete on an own post asks first: Nevermind keeps it, Delete removes it and announces the success', async () => {
    const own = (await dbRows<PostRow>('posts', { blog_name: 'alice' }))[0]!;
    const button = likeButton(own, false, 'delete');
    let calls = 0;
    const count = (e: Event) => (e as CustomEvent).detail.action === 'delete' && calls++;
    document.addEventListener('tl-post-action', count);
    try {
      button.click();
      let box = await waitFor(() => pageDialog(), { message: 'no confirmation' });
      expect(textOf(box)).to.contain('Delete this post?');
      await axeCheck(document.querySelector('[data-tl-page-dialogs]')!);
      [...box.querySelectorAll('button')].find((b) => b.textContent === 'Nevermind')!.click();
      await waitFor(() => pageDialog() === null);
      expect(calls).to.equal(0);
      expect(await dbRows('posts', { id: own.id })).to.have.length(1);

      const done = waitForEvent<CustomEvent>(document, 'tl-post-action');
      button.click();
      box = await waitFor(() => pageDialog(), { message: 'no confirmation the second time' });
      [...box.querySelectorAll('button')].find((b) => b.textContent === 'Delete')!.click();
      expect((await done).detail).to.deep.equal({ action: 'delete', postId: String(own.id), outcome: 'success' });
      expect(await dbRows('posts', { id: own.id })).to.have.length(0);
    } finally {
      document.removeEventListener('tl-post-action', count);
    }
  });

  it('a malformed mark runs nothing and says so once in the console', async () => {
    const holder = mount('<p><button type="button" data-post-action="like" data-post="{not json">Like</button></p>');
    let sent = false;
    const listen = () => (sent = true);
    document.addEventListener('tl-post-action', listen);
    const { calls } = await captureConsole('error', () => holder.querySelector('button')!.click());
    document.removeEventListener('tl-post-action', listen);
    expect(calls.length).to.equal(1);
    expect(sent).to.equal(false);
  });
});
