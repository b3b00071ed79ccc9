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

  it('a button whose mark is changed to another post follows that post from then on', async () => {
    const [first, second] = [bobPosts[4]!, bobPosts[5]!];
    const button = likeButton(first);
    $postMarks.setKey(String(first.id), { liked: true, reblogged: false });
    expect(button.getAttribute('aria-pressed')).to.equal('true');
    // The page reuses the button for another post (its mark is read again, not the one read before).
    button.setAttribute('data-post', JSON.stringify({ id: String(second.id), reblog_key: second.reblog_key, tumblelog: second.blog_name }));
    button.setAttribute('aria-pressed', 'false');
    $postMarks.setKey(String(second.id), { liked: true, reblogged: false });
    expect(button.getAttribute('aria-pressed')).to.equal('true');
    $postMarks.setKey(String(first.id), { liked: false, reblogged: false });
    expect(button.getAttribute('aria-pressed'), 'the first post is not this button').to.equal('true');
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

interface PendingRow extends PostRow {
  type: string;
  state: string;
  content: string;
}

/** A page button for `post` with this action (and any extra attributes), as the blog's own pages render it. */
function pageButton(post: PendingRow, action: string, label: string, extra = ''): HTMLButtonElement {
  const holder = mount(`<p><button type="button" data-post-action="${action}"${extra}>${label}</button></p>`);
  const button = holder.querySelector('button')!;
  button.setAttribute(
    'data-post',
    JSON.stringify({ id: String(post.id), reblog_key: post.reblog_key, tumblelog: post.blog_name, is_mine: true }),
  );
  return button;
}

const dialogButton = (box: HTMLElement, label: string) => [...box.querySelectorAll('button')].find((b) => b.textContent === label)!;

describe("page post-action marks on the blog's own pages (drafts, queue, inbox)", function () {
  this.timeout(30_000);
  let pending: PendingRow[];
  const stateOf = async (id: number) => (await dbRows<PendingRow>('posts', { id }))[0]?.state ?? 'gone';

  beforeEach(async () => {
    await resetServer();
    await setupSession('alice');
    pending = await dbRows<PendingRow>('posts', { blog_name: 'alice' });
  });
  afterEach(() => cleanup());

  it('Publish a draft and Queue another: stored in their new state, announced', async () => {
    const [first, second] = pending.filter((p) => p.state === 'draft');
    const published = waitForEvent<CustomEvent>(document, 'tl-post-action');
    pageButton(first!, 'publish', 'Publish').click();
    expect((await published).detail).to.deep.equal({ action: 'publish', postId: String(first!.id), outcome: 'success' });
    expect(await stateOf(first!.id)).to.equal('published');
    const queued = waitForEvent<CustomEvent>(document, 'tl-post-action');
    const queue = pageButton(second!, 'queue', 'Queue');
    queue.click();
    expect((await queued).detail).to.deep.equal({ action: 'queue', postId: String(second!.id), outcome: 'success' });
    expect(await stateOf(second!.id)).to.equal('queued');
    await axeCheck(queue.parentElement!);
  });

  it('Answer refuses an empty answer (the field focused, nothing sent), then publishes the ask with the answer', async () => {
    const ask = pending.find((p) => p.state === 'submission' && p.type === 'answer')!;
    const holder = mount(`<div><label for="answer-x">Your answer</label><textarea id="answer-x">   </textarea></div>`);
    const field = holder.querySelector('textarea')!;
    const button = pageButton(ask, 'answer', 'Answer', ' data-answer-field="answer-x"');
    button.click();
    const box = await waitFor(() => pageDialog(), { message: 'no alert for an empty answer' });
    expect(textOf(box)).to.contain('Write an answer first.');
    await axeCheck(document.querySelector('[data-tl-page-dialogs]')!);
    dialogButton(box, 'OK').click();
    await waitFor(() => document.activeElement === field, { message: 'the answer field was not focused' });
    expect(await stateOf(ask.id)).to.equal('submission');

    field.value = 'A very old pencil.';
    const answered = waitForEvent<CustomEvent>(document, 'tl-post-action');
    button.click();
    expect((await answered).detail).to.deep.equal({ action: 'answer', postId: String(ask.id), outcome: 'success' });
    const [row] = await dbRows<PendingRow>('posts', { id: ask.id });
    expect(row!.state).to.equal('published');
    expect(JSON.parse(row!.content).answer).to.equal('A very old pencil.');
  });

  it('a submission: Deny asks first (Nevermind keeps it, Deny deletes it); Queue approves it into the queue', async () => {
    const [kept, denied] = pending.filter((p) => p.state === 'submission' && p.type !== 'answer');
    const deny = pageButton(denied!, 'deny', 'Deny');
    deny.click();
    let box = await waitFor(() => pageDialog(), { message: 'no confirmation' });
    expect(textOf(box)).to.contain('Deny this submission? It will be deleted.');
    await axeCheck(document.querySelector('[data-tl-page-dialogs]')!);
    dialogButton(box, 'Nevermind').click();
    await waitFor(() => pageDialog() === null);
    expect(await stateOf(denied!.id)).to.equal('submission');
    const gone = waitForEvent<CustomEvent>(document, 'tl-post-action');
    deny.click();
    box = await waitFor(() => pageDialog(), { message: 'no confirmation the second time' });
    dialogButton(box, 'Deny').click();
    expect((await gone).detail).to.deep.equal({ action: 'denySubmission', postId: String(denied!.id), outcome: 'success' });
    expect(await stateOf(denied!.id)).to.equal('gone');

    const approved = waitForEvent<CustomEvent>(document, 'tl-post-action');
    pageButton(kept!, 'approve', 'Queue', ' data-queue="1"').click();
    expect((await approved).detail).to.deep.equal({ action: 'approveSubmission', postId: String(kept!.id), outcome: 'success' });
    expect(await stateOf(kept!.id)).to.equal('queued');
  });

  it("someone else's post: the server says 403, a forbidden event, no alert", async () => {
    await setupSession('bob');
    const draft = pending.find((p) => p.state === 'draft')!;
    const refused = waitForEvent<CustomEvent>(document, 'tl-post-action');
    pageButton(draft, 'publish', 'Publish').click();
    expect((await refused).detail).to.deep.equal({ action: 'publish', postId: String(draft.id), outcome: 'forbidden' });
    expect(pageDialog()).to.equal(null);
    expect(await stateOf(draft.id)).to.equal('draft');
  });
});

describe('page post-action marks: Promote (the user’s own posts)', function () {
  this.timeout(30_000);

  beforeEach(async () => {
    await resetServer();
    await setupSession('alice');
  });
  afterEach(() => cleanup());

  it('promotes the post in its tag (pressed, keeping the tag_id), and unpromotes it again', async () => {
    const own = (await dbRows<PendingRow>('posts', { blog_name: 'alice', state: 'published' }))[0]!;
    const button = pageButton(own, 'promote', 'Promote in #sketch', ' data-tag="sketch" aria-pressed="false"');
    const promoted = waitForEvent<CustomEvent>(document, 'tl-post-action');
    button.click();
    expect((await promoted).detail).to.deep.equal({ action: 'promote', postId: String(own.id), outcome: 'success' });
    const [row] = await dbRows<{ id: number; tag: string }>('promotions', { post_id: own.id });
    expect(row!.tag).to.equal('sketch');
    await waitFor(() => button.getAttribute('aria-pressed') === 'true' && !button.hasAttribute('aria-busy'));
    expect(button.getAttribute('data-tag-id')).to.equal(String(row!.id));
    await axeCheck(button.parentElement!);

    const unpromoted = waitForEvent<CustomEvent>(document, 'tl-post-action');
    button.click();
    expect((await unpromoted).detail).to.deep.equal({ action: 'unpromote', postId: String(own.id), outcome: 'success' });
    expect(await dbRows('promotions', { post_id: own.id })).to.have.length(0);
    expect(button.getAttribute('aria-pressed')).to.equal('false');
    expect(button.hasAttribute('data-tag-id')).to.equal(false);
  });

  it('a failure leaves it as it was, with the alert', async () => {
    const own = (await dbRows<PendingRow>('posts', { blog_name: 'alice', state: 'published' }))[0]!;
    await injectFault('/svc/promote', 500);
    const button = pageButton(own, 'promote', 'Promote in #sketch', ' data-tag="sketch" aria-pressed="false"');
    const failed = waitForEvent<CustomEvent>(document, 'tl-post-action');
    button.click();
    expect((await failed).detail.outcome).to.equal('failure');
    const box = await waitFor(() => pageDialog(), { message: 'no alert' });
    expect(box.querySelector('.tl-confirm__message')!.textContent).to.equal(POST_ACTION_ALERT);
    dialogButton(box, 'OK').click();
    expect(button.getAttribute('aria-pressed')).to.equal('false');
    expect(await dbRows('promotions', { post_id: own.id })).to.have.length(0);
  });
});
