/**
 * Keyboard only (#24 item 2): the main flows on /dashboard driven by page.keyboard alone — Tab,
 * Shift+Tab, Enter, Space, Escape, arrows and letters; no click, hover, mouse or focus() shortcut.
 * Each flow starts from the top of a freshly loaded page (nothing focused) and Tabs (or Shift+Tabs,
 * for the sidebar) its way to the control that opens it; each checks its outcome on the server or in
 * the element, and that the focus came back to that control (looked for through shadow roots):
 *  - a text post written in the post form and posted;
 *  - a post shared by e-mail from its Share button;
 *  - a conversation with bob from the sidebar's "Message bob": a message sent, bob's reply (posted
 *    as bob through the demo's own API — bob is a person, not a bot) read in the open window;
 *  - a blog opened in the drawer from a post, moved through with j and k, a post liked with l;
 *  - bob asked a question from the sidebar's ask form;
 *  - a GIF picked from the sidebar's "Find a GIF";
 *  - a dashboard video paused and played, unmuted and turned down.
 * A guard fails the test if any pointer input (pointerdown, mousedown, a click a pointer made,
 * wheel …) reached the page. Waits are on state, never on time.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { conversationWindow, POLL_FAST, POLL_WAIT, row, storedMessages } from './messaging-helpers';
import { elementsReady, nextEvent } from './page-helpers';

declare global {
  interface Window {
    __pointerInput?: string[];
    /** The element tabTo and expectFocusOn are looking for (handed over once: an element handle per check is slow over BiDi). */
    __focusTarget?: Element;
  }
}

/**
 * Installed before any page script: every trusted pointer or mouse event that reaches the page is
 * recorded (in the page, and on the console for the test, should the document change). A click the
 * keyboard made (Enter or Space) has no pointer type; its `detail` cannot tell, as Firefox gives an
 * Enter on a link detail 1.
 */
function recordPointerInput(): void {
  const seen: string[] = [];
  window.__pointerInput = seen;
  const CLICKS = new Set(['click', 'auxclick', 'contextmenu']);
  const note = (event: Event) => {
    if (!event.isTrusted) return;
    if (CLICKS.has(event.type) && !(event as PointerEvent).pointerType) return;
    const target = event.composedPath()[0];
    const line = `${event.type} on ${target instanceof Element ? target.localName : String(target)}`;
    seen.push(line);
    console.warn(`[pointer-input] ${line}`);
  };
  for (const type of ['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'click', 'auxclick', 'dblclick', 'contextmenu', 'wheel']) {
    window.addEventListener(type, note, { capture: true, passive: true });
  }
}

// Typing key by key and a check after every Tab take their time in Firefox over BiDi; polling
// brings bob's reply.
test.describe.configure({ timeout: 60_000 });

let pointerInput: string[] = [];
let pageErrors: string[] = [];

test.beforeEach(async ({ page }) => {
  pointerInput = [];
  pageErrors = [];
  await page.request.post('/__demo/reset');
  await page.addInitScript(recordPointerInput);
  page.on('console', (message) => {
    if (message.text().startsWith('[pointer-input] ')) pointerInput.push(message.text());
  });
  page.on('pageerror', (error) => pageErrors.push(String(error)));
});

test.afterEach(async ({ page }) => {
  const inPage = await page.evaluate(() => window.__pointerInput ?? ['the pointer guard is missing']).catch(() => []);
  expect([...pointerInput, ...inPage], 'pointer or mouse input reached the page').toEqual([]);
  expect(pageErrors).toEqual([]);
});

/** The dashboard as alice, every element the flows use defined and mounted, nothing focused yet. */
async function openDashboard(page: Page, extra = ''): Promise<void> {
  await page.goto(`/dashboard?as=alice${extra}`);
  const tags = [
    'blog-header',
    'post-composer',
    'share-popover',
    'messaging-dock',
    'peepr-drawer',
    'ask-form',
    'gif-search',
    'video-player',
  ];
  await elementsReady(page, tags);
  expect(await page.evaluate(() => document.activeElement === document.body || document.activeElement === null)).toBe(true);
}

/**
 * Where the focus is, through shadow roots: whether it is on the element looked for, and a
 * description of it (`host › element`, with its part, name and text) for the messages.
 */
function focusState(): { on: boolean; where: string } {
  const target = window.__focusTarget;
  const trail: string[] = [];
  let active: Element | null = document.activeElement;
  let last: Element | null = null;
  while (active) {
    last = active;
    const label = active.getAttribute('aria-label');
    const part = active.getAttribute('part');
    const text = (active.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 30);
    trail.push(
      `${active.localName}${active.id ? `#${active.id}` : ''}${part ? `[part="${part}"]` : ''}${label ? `[aria-label="${label}"]` : ''}${text && !active.shadowRoot ? ` "${text}"` : ''}`,
    );
    active = active.shadowRoot?.activeElement ?? null;
  }
  return { on: target !== undefined && last === target, where: trail.join(' › ') || '(nothing)' };
}

async function lookFor(target: Locator): Promise<void> {
  await target.evaluate((el) => (window.__focusTarget = el));
}

/**
 * Presses `key` (Tab, or Shift+Tab) until the focus, looked for through shadow roots, is on
 * `target`; fails listing every place the focus went on the way.
 */
async function tabTo(page: Page, target: Locator, maxPresses: number, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  await lookFor(target);
  const path: string[] = [];
  for (let i = 0; i < maxPresses; i++) {
    await page.keyboard.press(key);
    const { on, where } = await page.evaluate(focusState);
    path.push(where);
    if (on) return;
  }
  throw new Error(`${maxPresses} × ${key} did not reach ${target.toString()}; the focus went:\n  ${path.join('\n  ')}`);
}

/** The focus (through shadow roots) is on `target`, or comes there. */
async function expectFocusOn(page: Page, target: Locator, what: string): Promise<void> {
  await lookFor(target);
  await expect
    .poll(
      async () => {
        const { on, where } = await page.evaluate(focusState);
        return on ? what : where;
      },
      { message: `the focus is on ${what}` },
    )
    .toBe(what);
}

async function rows<T>(page: Page, table: string, where: string): Promise<T[]> {
  const response = await page.request.get(`/__demo/state?table=${table}&${where}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { rows: T[] }).rows;
}

/** The first post on the dashboard by someone other than alice (her blogs: alice, alice-sketches). */
const someonesPost = (page: Page) => page.locator('#posts > li.post_container:not([data-blog-name^="alice"])').first();

test('compose and post a text post', async ({ page }) => {
  const title = `Typed, not clicked ${Date.now().toString(36)}`;
  const body = 'Every key of this post came from the keyboard.';
  await openDashboard(page);
  const textButton = page.locator('#new_post_buttons a[data-post-type="text"]');
  await tabTo(page, textButton, 20);
  await page.keyboard.press('Enter');

  const form = page.locator('post-composer dialog.composer--modal[open] form.post-form:not([inert])');
  await expect(form).toBeVisible();
  await expectFocusOn(page, form.getByLabel('Title', { exact: true }), 'the Title field');
  await page.keyboard.type(title);
  await tabTo(page, form.getByRole('textbox', { name: 'Body', exact: true }), 25);
  await page.keyboard.type(body);
  await tabTo(page, form.getByRole('button', { name: 'Post', exact: true }), 12);
  const saved = await nextEvent<{ postId: string }>(page, 'tl-post-saved');
  await page.keyboard.press('Enter');
  const { postId } = await saved();

  await expect(page.locator('post-composer dialog[open]')).toHaveCount(0);
  await expect(page.locator(`#post_${postId}`)).toContainText(title);
  const [stored] = await rows<{ blog_name: string; type: string; state: string; content: string }>(page, 'posts', `id=${postId}`);
  expect(stored).toMatchObject({ blog_name: 'alice', type: 'text', state: 'published' });
  // All of it, up to the last key typed before Tab, Tab … Enter.
  expect(JSON.parse(stored!.content)).toMatchObject({ title, body: `<p>${body}</p>` });
  await expectFocusOn(page, textButton, 'the Text button');
});

test('share a post by e-mail', async ({ page }) => {
  await openDashboard(page);
  const post = someonesPost(page);
  const postId = (await post.getAttribute('data-post-id'))!;
  const share = post.getByRole('button', { name: 'Share this post' });
  await tabTo(page, share, 120);
  await page.keyboard.press('Enter');

  const popover = page.locator('share-popover [part="popover"]');
  await expect(popover).toBeVisible();
  await tabTo(page, popover.getByRole('button', { name: 'E-mail' }), 10);
  await page.keyboard.press('Enter');
  const view = popover.locator('[part="view"]');
  await expect(view.getByRole('heading', { name: 'Share by e-mail' })).toBeVisible();
  await expectFocusOn(page, view.getByLabel('E-mail address'), 'the address field');
  await page.keyboard.type('reader@example.com');
  await tabTo(page, view.getByLabel('Message (optional)'), 3);
  await page.keyboard.type('Found this without a mouse.');
  await tabTo(page, view.getByRole('button', { name: 'Send' }), 4);
  await page.keyboard.press('Enter');

  await expect(popover.locator('[part="status"]')).toHaveText('Sent!');
  await expect
    .poll(async () =>
      (await rows<{ network: string; user_name: string; email_address: string; message: string }>(page, 'shares', `post_id=${postId}`)).map(
        (r) => [r.network, r.user_name, r.email_address, r.message],
      ),
    )
    .toEqual([['email', 'alice', 'reader@example.com', 'Found this without a mouse.']]);
  await expect(popover).toHaveCount(0);
  await expectFocusOn(page, share, "the post's Share button");
});

test('message bob and read his reply', async ({ page, playwright, baseURL }) => {
  const hello = `typed to bob ${Date.now().toString(36)}`;
  const reply = `bob answers ${Date.now().toString(36)}`;
  await openDashboard(page, POLL_FAST);
  const messageBob = page.locator('#messages_box [data-message-blog="bob"]');
  await tabTo(page, messageBob, 20, 'Shift+Tab');
  await page.keyboard.press('Enter');

  const win = conversationWindow(page, 'bob');
  await expect(row(win, 'pics soon')).toBeVisible(); // the seeded thread's newest message
  const box = win.locator('[part="compose-input"]');
  await expectFocusOn(page, box, 'the compose box');
  await page.keyboard.type(hello);
  await page.keyboard.press('Enter');
  await expect
    .poll(async () => (await storedMessages(page.request, hello)).map((m) => [m.sender_blog, m.conversation_id]))
    .toEqual([['alice', 'alice-bob']]);
  await expect(box).toHaveValue('');

  // bob answers from his own session, through the same call his dock would make.
  const bob = await playwright.request.newContext({ baseURL });
  try {
    expect((await bob.get('/dashboard?as=bob')).ok()).toBe(true);
    const { formKey } = (await (await bob.get('/__demo/session')).json()) as { formKey: string };
    const sent = await bob.post('/svc/conversations/messages', {
      form: { participant: 'bob', conversation_id: 'alice-bob', type: 'TEXT', message: reply, client_id: `keyboard-only-${Date.now()}` },
      headers: { 'x-tumblr-form-key': formKey },
    });
    expect(sent.status()).toBe(200);
  } finally {
    await bob.dispose();
  }

  // alice's open window shows it (polling), after her own message; the focus stayed in the box.
  await expect(row(win, reply)).toContainText(`bob: ${reply}`, POLL_WAIT);
  const texts = await win.locator('[part="message-row"]').allInnerTexts();
  expect(texts.findIndex((t) => t.includes(reply))).toBeGreaterThan(texts.findIndex((t) => t.includes(hello)));
  await expectFocusOn(page, box, 'the compose box');

  // Escape in the empty box closes the conversation; the focus goes back to "Message bob".
  await page.keyboard.press('Escape');
  await expect(win).toHaveCount(0);
  await expectFocusOn(page, messageBob, 'the "Message bob" link');
});

test('open a blog in the drawer, move with j and k, like a post, close it', async ({ page }) => {
  await openDashboard(page);
  const post = someonesPost(page);
  const blog = (await post.getAttribute('data-blog-name'))!;
  const name = post.locator('.post_info a[data-peepr]');
  await tabTo(page, name, 40);
  await page.keyboard.press('Enter');

  const drawer = page.locator('peepr-drawer dialog');
  await expect(drawer).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]peepr=${blog}\\b`));
  await expect(page.locator('peepr-drawer article.post').first()).toBeVisible();
  const active = page.locator('peepr-drawer article.post.is-active');
  for (const [key, position] of [
    ['j', 1],
    ['j', 2],
    ['j', 3],
    ['k', 2],
  ] as const) {
    await page.keyboard.press(key);
    await expect(active).toHaveAttribute('aria-posinset', String(position));
  }
  const likedId = (await active.getAttribute('data-post-id'))!;
  await expect(active.locator('.action--like')).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('l');
  await expect(active.locator('.action--like')).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(async () => (await rows<{ user_name: string }>(page, 'likes', `post_id=${likedId}`)).map((r) => r.user_name))
    .toEqual(['alice']);

  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectFocusOn(page, name, `the post's "${blog}" link`);
});

test('ask bob a question', async ({ page }) => {
  const question = `What is on your workbench this week? ${Date.now().toString(36)}`;
  await openDashboard(page);
  const trigger = page.locator('#ask_box ask-form').getByRole('button', { name: 'Ask bob a question' });
  await tabTo(page, trigger, 10, 'Shift+Tab');
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Ask bob a question' });
  await expect(dialog).toBeVisible();
  await expectFocusOn(page, dialog.getByRole('textbox', { name: 'Your question for bob' }), 'the question box');
  await page.keyboard.type(question);
  await tabTo(page, dialog.getByRole('button', { name: 'Ask', exact: true }), 5);
  const sent = await nextEvent<{ blogName: string; question: string }>(page, 'tl-ask-sent');
  await page.keyboard.press('Enter');
  expect(await sent()).toMatchObject({ blogName: 'bob', question });

  await expect(dialog).toHaveCount(0);
  await expect
    .poll(() => rows<{ asker: string; anonymous: number; question: string }>(page, 'asks', 'recipient=bob'))
    .toEqual([expect.objectContaining({ asker: 'alice', anonymous: 0, question })]);
  await expectFocusOn(page, trigger, 'the "Ask bob a question" button');
});

test('pick a GIF', async ({ page }) => {
  await openDashboard(page);
  const trigger = page.locator('#gif_trigger');
  await tabTo(page, trigger, 10, 'Shift+Tab');
  await page.keyboard.press('Enter');

  const box = page.getByRole('combobox', { name: 'Search GIFs' });
  await expectFocusOn(page, box, 'the GIF search box');
  await page.keyboard.type('dance');
  const grid = page.getByRole('grid', { name: 'GIF results for dance' });
  await expect(grid.getByRole('gridcell').nth(2)).toBeVisible();
  const selected = grid.locator('[role="gridcell"][aria-selected="true"]');
  await page.keyboard.press('ArrowDown'); // from the box: the first result
  await expect(selected).toHaveCount(1);
  const first = (await selected.locator('img').getAttribute('src'))!;
  await page.keyboard.press('Tab'); // into the results, where every arrow moves
  await expectFocusOn(page, grid, 'the results');
  await page.keyboard.press('ArrowRight');
  await expect(selected.locator('img')).not.toHaveAttribute('src', first);
  const src = (await selected.locator('img').getAttribute('src'))!;
  const picked = await nextEvent<{ mediaUrl: string }>(page, 'tl-gif-select');
  await page.keyboard.press('Enter');
  expect((await picked()).mediaUrl).toBe(src);

  await expect(box).toHaveCount(0);
  await expect(page.locator('#gif_pick img')).toHaveAttribute('src', src);
  await expectFocusOn(page, trigger, 'the "Find a GIF" button');
});

test('play and pause a video, unmute it and turn it down', async ({ page }) => {
  // The first request makes the sample media with ffmpeg (a few seconds).
  expect((await page.request.head('/assets/media/sd.mp4', { timeout: 120_000 })).status()).toBe(200);
  await openDashboard(page);
  const player = page.locator('#posts video-player').first();
  const video = player.locator('video');
  const media = () => video.evaluate((v: HTMLVideoElement) => ({ paused: v.paused, muted: v.muted, volume: v.volume }));
  const play = player.locator('[part~="play-button"]');
  await tabTo(page, play, 80);

  // Whether it autoplays (muted, in view) or not, Enter toggles it one way and then the other.
  for (const key of ['Enter', 'Space']) {
    const wasPlaying = (await play.getAttribute('aria-label')) === 'Pause';
    await page.keyboard.press(key);
    await expect(play).toHaveAttribute('aria-label', wasPlaying ? 'Play' : 'Pause');
    await expect.poll(async () => (await media()).paused).toBe(wasPlaying);
    await expect(player.locator('[part="player"]')).toHaveAttribute('data-state', wasPlaying ? /\bpaused\b/ : /\bplaying\b/);
    await expectFocusOn(page, play, 'the play button');
  }

  // Sound: unmute with its button, then the volume slider down by two steps.
  const mute = player.locator('[part~="mute-button"]');
  await tabTo(page, mute, 3);
  if ((await media()).muted) {
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await media()).muted).toBe(false);
    await expectFocusOn(page, mute, 'the mute button');
  }
  const volume = player.locator('[part~="volume-range"]');
  await tabTo(page, volume, 3);
  const before = (await media()).volume;
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect.poll(async () => (await media()).volume).toBeLessThan(before);
  expect((await media()).muted).toBe(false);
  await expectFocusOn(page, volume, 'the volume slider');
});
