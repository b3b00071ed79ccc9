/**
 * The blog's auto-send settings in <post-composer>'s options (authoring spec §3 Channel, §7
 * /settings/save) against the in-process reference server: the switches show the stored settings,
 * a press saves both flags (checked in the database) and the post's own share toggles follow until
 * set by hand; a failed save shows the old setting again and says so; another blog brings its own
 * settings; an edit keeps what its post was saved with. Axe in every state.
 */
import { expect } from '@open-wc/testing';
import { freshComposerEachTest, openNewPost, type ComposerHost } from './composer.test-helpers';
import { $autoSend } from './state/auto-send';
import { closeComposer, openComposerFor } from '../../src/stores/composer';
import { axeCheck } from '../../tests/helpers/axe';
import { cleanup, mount, shadow, shadowAll, typeInto } from '../../tests/helpers/dom';
import { dbRows, injectFault, releaseHeldRequests } from '../../tests/helpers/server';
import { waitFor, waitForEvent } from '../../tests/helpers/wait';

interface BlogRow {
  twitter_send_posts: number;
  facebook_opengraph_send_posts: number;
}

const switchFor = (host: Element, network: 'twitter' | 'facebook') =>
  shadow<HTMLButtonElement>(host, `[part="auto-send"] [role="switch"][data-network="${network}"]`)!;
const checked = (host: Element, network: 'twitter' | 'facebook') => switchFor(host, network).getAttribute('aria-checked');
const shareBox = (host: Element, label: string) =>
  shadowAll<HTMLLabelElement>(host, '.options label.check')
    .find((l) => l.textContent?.trim() === label)!
    .querySelector('input')!;
const status = (host: Element) => shadow(host, '.auto-send__status')!;

async function settings(blog: string): Promise<[number, number]> {
  const [row] = await dbRows<BlogRow>('blogs', { name: blog });
  return [row!.twitter_send_posts, row!.facebook_opengraph_send_posts];
}

/** Opens the form's options (a <details>) and waits until they are shown. */
async function openOptions(host: ComposerHost): Promise<void> {
  const details = shadow<HTMLDetailsElement>(host, 'details.options')!;
  details.open = true;
  await waitFor(() => switchFor(host, 'twitter')?.checkVisibility());
}

describe('<post-composer> auto-send settings', function () {
  this.timeout(60_000);

  freshComposerEachTest();
  beforeEach(() => $autoSend.set({}));

  it("shows alice's settings; a new post starts from them; a press saves both flags and the post's toggle follows", async () => {
    const host = await openNewPost('text');
    await openOptions(host);
    // The seed: alice sends every new post to Twitter, not to Facebook.
    expect([checked(host, 'twitter'), checked(host, 'facebook')]).to.deep.equal(['true', 'false']);
    expect(switchFor(host, 'facebook').getAttribute('aria-label')).to.equal('Send every new post on alice to Facebook');
    expect(shadow(host, '[part="auto-send"] legend')!.textContent).to.equal('Every new post on alice');
    expect([shareBox(host, 'Send to Twitter').checked, shareBox(host, 'Share on Facebook').checked]).to.deep.equal([true, false]);
    await axeCheck(host);

    const changed = waitForEvent<CustomEvent>(host, 'tl-auto-send-change');
    switchFor(host, 'facebook').click();
    await waitFor(() => checked(host, 'facebook') === 'true');
    expect((await changed).detail).to.deep.equal({ blogName: 'alice', twitter: true, facebook: true });
    await waitFor(() => status(host).textContent === 'New posts on alice now go to Facebook.');
    expect(status(host).getAttribute('role')).to.equal('status');
    expect(await settings('alice')).to.deep.equal([1, 1]);
    // The post's own toggle follows (a render after the switch's).
    await waitFor(() => shareBox(host, 'Share on Facebook').checked, { message: "the post's own toggle did not follow" });
    await axeCheck(host);

    // Following a setting is no change of the post's: it closes without "Discard this post?".
    shadow<HTMLButtonElement>(host, '[part="cancel-button"]')!.click();
    await waitFor(() => shadow(host, 'form.post-form') === null, { message: 'the form did not close' });
    expect(shadow(host, 'dialog.tl-confirm[open]')).to.equal(null);

    // The next form on this page starts from the new settings (the builder data is not fetched again).
    openComposerFor({ mode: 'new', type: 'quote' }, 'test');
    await waitFor(() => shadow(host, 'form.post-form:not([inert])'), { timeout: 15_000 });
    await openOptions(host);
    expect(checked(host, 'facebook')).to.equal('true');
    expect(shareBox(host, 'Share on Facebook').checked).to.equal(true);
  });

  it('shows the new setting while it saves; a failed save shows the old one again with an alert, and nothing is stored', async () => {
    const host = await openNewPost('text');
    await openOptions(host);
    await injectFault('/settings/save', 'timeout', 1, { hold_ms: 20_000 });
    switchFor(host, 'twitter').click();
    await waitFor(() => checked(host, 'twitter') === 'false' && switchFor(host, 'twitter').getAttribute('aria-busy') === 'true');
    // One save at a time: the other switch waits.
    switchFor(host, 'facebook').click();
    expect(checked(host, 'facebook')).to.equal('false');
    await axeCheck(host);
    await releaseHeldRequests();
    await waitFor(() => status(host).textContent === "Couldn't change alice's Twitter setting. Try again.");
    expect(status(host).getAttribute('role')).to.equal('alert');
    expect(checked(host, 'twitter')).to.equal('true');
    await waitFor(() => shareBox(host, 'Send to Twitter').checked, { message: "the post's own toggle did not go back" });
    expect(await settings('alice')).to.deep.equal([1, 0]);
    await axeCheck(host);

    await injectFault('/settings/save', 'malformed', 1);
    switchFor(host, 'facebook').click();
    await waitFor(() => status(host).textContent === "Couldn't change alice's Facebook setting. Try again.");
    expect(checked(host, 'facebook')).to.equal('false');
  });

  it("another blog brings its own settings; a toggle set by hand stays as it was set; the save sends the post's choice", async () => {
    const host = await openNewPost('text');
    await openOptions(host);
    shadow<HTMLButtonElement>(host, '[part="blog-selector"] button')!.click();
    const option = await waitFor(() => shadowAll(host, '[role="option"]').find((o) => o.textContent?.includes('alice-sketches')));
    option.click();
    await waitFor(() => shadow(host, '[part="auto-send"] legend')!.textContent === 'Every new post on alice-sketches');
    expect([checked(host, 'twitter'), checked(host, 'facebook')]).to.deep.equal(['false', 'false']);
    await waitFor(() => !shareBox(host, 'Send to Twitter').checked, {
      message: "alice-sketches does not auto-send: the post's toggle did not follow",
    });

    // Set by hand, the post's toggle no longer follows the blog's setting.
    shareBox(host, 'Share on Facebook').click();
    switchFor(host, 'facebook').click();
    await waitFor(() => status(host).textContent === 'New posts on alice-sketches now go to Facebook.');
    switchFor(host, 'facebook').click();
    await waitFor(() => status(host).textContent === 'New posts on alice-sketches no longer go to Facebook.');
    expect(shareBox(host, 'Share on Facebook').checked).to.equal(true);
    expect(await settings('alice-sketches')).to.deep.equal([0, 0]);

    // The body in HTML mode (a plain field to type into; the rich editor has its own tests).
    shadowAll<HTMLInputElement>(host, '[data-field="body"] .body-editor__modes input')
      .find((r) => r.value === 'html')!
      .click();
    const body = await waitFor(() => shadow<HTMLTextAreaElement>(host, '[data-field="body"] .ed-source--html'));
    typeInto(body, 'Sent to Facebook only.');
    const saved = waitForEvent<CustomEvent>(host, 'tl-post-saved');
    shadow<HTMLButtonElement>(host, '[part="post-button"]')!.click();
    const { postId } = (await saved).detail as { postId: string };
    const [row] = await dbRows<{ options: string; blog_name: string }>('posts', { id: postId });
    expect(row!.blog_name).to.equal('alice-sketches');
    expect(JSON.parse(row!.options)).to.include({ send_to_twitter: false, send_to_fbog: true });
  });

  it('an edit keeps what its post was saved with', async () => {
    closeComposer();
    cleanup();
    const [own] = await dbRows<{ id: number }>('posts', { blog_name: 'alice', type: 'text' });
    const host = mount<ComposerHost>(`<post-composer update-url="false" post-id="${own!.id}"></post-composer>`);
    await host.ready;
    await waitFor(() => shadow(host, 'form.post-form[data-mode="edit"]:not([inert])'), { timeout: 15_000 });
    await openOptions(host);
    expect(checked(host, 'twitter')).to.equal('true');
    expect(shareBox(host, 'Send to Twitter').checked, 'a seeded post was not sent to Twitter').to.equal(false);
  });

  it('a custom tweet over 140 keeps Post from posting, says why at the field, and posts once it fits', async () => {
    const host = await openNewPost('text');
    await openOptions(host);
    // alice auto-sends to Twitter: the post's Send to Twitter starts ticked, with its custom tweet.
    await waitFor(() => shareBox(host, 'Send to Twitter').checked);
    shadowAll<HTMLInputElement>(host, '[data-field="body"] .body-editor__modes input')
      .find((r) => r.value === 'html')!
      .click();
    typeInto(await waitFor(() => shadow<HTMLTextAreaElement>(host, '[data-field="body"] .ed-source--html')), 'A post with a long tweet.');
    const tweet = shadowAll<HTMLTextAreaElement>(host, '.options textarea').find((t) => t.labels?.[0]?.textContent === 'Custom tweet')!;
    typeInto(tweet, 'x'.repeat(141));
    const post = shadow<HTMLButtonElement>(host, '[part="post-button"]')!;
    await waitFor(() => post.getAttribute('aria-disabled') === 'true', { message: 'Post stayed enabled with a 141-character tweet' });
    post.click();
    const error = await waitFor(() =>
      shadowAll(host, '.options [part="error"]').find((e) => e.textContent === 'The custom tweet is longer than 140 characters'),
    );
    expect(tweet.getAttribute('aria-invalid')).to.equal('true');
    expect(tweet.getAttribute('aria-describedby')).to.contain(error.id);
    await axeCheck(host);

    typeInto(tweet, 'x'.repeat(140));
    await waitFor(() => post.getAttribute('aria-disabled') === null, { message: 'Post stayed disabled with a 140-character tweet' });
    const saved = waitForEvent<CustomEvent>(host, 'tl-post-saved');
    post.click();
    const { postId } = (await saved).detail as { postId: string };
    const [row] = await dbRows<{ options: string }>('posts', { id: postId });
    expect(JSON.parse(row!.options)).to.include({ send_to_twitter: true });
  });

  it('Post options: a post date and photo replies are saved; a photo post offers a carousel and its link', async () => {
    const host = await openNewPost('text');
    await openOptions(host);
    shadowAll<HTMLInputElement>(host, '[data-field="body"] .body-editor__modes input')
      .find((r) => r.value === 'html')!
      .click();
    typeInto(await waitFor(() => shadow<HTMLTextAreaElement>(host, '[data-field="body"] .ed-source--html')), 'Dated.');
    const date = shadow<HTMLInputElement>(host, '[data-field="postDate"] input')!;
    typeInto(date, '2024-02-29T13:05');
    shareBox(host, 'Allow photo replies').click();
    expect(shadow(host, '[data-field="carouselLinkUrl"]'), 'a text post has no carousel').to.equal(null);
    await axeCheck(host);
    const saved = waitForEvent<CustomEvent>(host, 'tl-post-saved');
    shadow<HTMLButtonElement>(host, '[part="post-button"]')!.click();
    const { postId } = (await saved).detail as { postId: string };
    const [row] = await dbRows<{ timestamp: number; options: string }>('posts', { id: postId });
    expect(row!.timestamp).to.equal(Date.UTC(2024, 1, 29, 13, 5) / 1000);
    expect(JSON.parse(row!.options)).to.include({ allow_photo_replies: true });

    closeComposer();
    cleanup();
    const photo = await openNewPost('photo');
    await openOptions(photo);
    shareBox(photo, 'Show as a carousel').click();
    const link = await waitFor(() => shadow<HTMLInputElement>(photo, '[data-field="carouselLinkUrl"] input'), {
      message: 'no carousel link field',
    });
    typeInto(link, 'x.example/more');
    await axeCheck(photo);
  });
});
