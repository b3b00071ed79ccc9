/**
 * <messaging-dock> on the legacy /dashboard, the rest of the product, end to end against the
 * reference server:
 *  - alice sends bob one image by drag and drop and one by paste; both arrive for bob, from the server;
 *  - alice marks glitch-art-daily's conversation as spam: it is gone at once, and after a reload;
 *  - a reload brings back the same windows, open and minimized;
 *  - sends fail several times in a row while the window is minimized; the message delivers itself
 *    once the server answers again, exactly once, with no click.
 * Every wait is on state, never a fixed sleep.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { conversationWindow, openDashboard, POLL_FAST, POLL_WAIT, send, storedMessages } from './messaging-helpers';

test.beforeEach(async ({ page }) => {
  await page.request.post('/__demo/reset');
});

/** Opens a conversation the way page code does. */
async function openConversation(page: Page, blogName: string): Promise<Locator> {
  await page.evaluate(
    (name) => document.dispatchEvent(new CustomEvent('tl-messaging-open-request', { detail: { blogName: name } })),
    blogName,
  );
  const win = conversationWindow(page, blogName);
  await expect(win.locator('[part="compose-input"]')).toBeEnabled();
  return win;
}

/** A PNG made in the page (a canvas), as a DataTransfer holding it, kept on window under `key`. */
async function pngTransfer(page: Page, key: string, width: number, height: number, colour: string): Promise<void> {
  await page.evaluate(
    async ({ key, width, height, colour }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d')!;
      context.fillStyle = colour;
      context.fillRect(0, 0, width, height);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
      const dt = new DataTransfer();
      dt.items.add(new File([blob], `${key}.png`, { type: 'image/png' }));
      (window as unknown as Record<string, DataTransfer>)[key] = dt;
    },
    { key, width, height, colour },
  );
}

async function imagesFrom(request: Page['request'], sender: string): Promise<{ image_width: number; image_height: number }[]> {
  const response = await request.get(`/__demo/state?table=messages&conversation_id=alice-bob&type=IMAGE&sender_blog=${sender}`);
  return ((await response.json()) as { rows: { image_width: number; image_height: number }[] }).rows;
}

test('an image by drag and drop and one by paste reach bob', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  await openDashboard(page, 'alice');
  const win = await openConversation(page, 'bob');

  // drag and drop: a drag carrying a file, dropped on the window
  await pngTransfer(page, 'dropped', 300, 200, '#2a9d8f');
  const dropped = await page.evaluateHandle(() => (window as unknown as { dropped: DataTransfer }).dropped);
  await win.dispatchEvent('dragenter', { dataTransfer: dropped });
  await expect(win.locator('[part="drop-zone"]')).toBeVisible();
  await win.dispatchEvent('drop', { dataTransfer: dropped });
  await expect(win.locator('[part="image-preview"] canvas')).toBeVisible();
  await win.getByRole('button', { name: 'Send' }).click();
  await expect.poll(async () => (await imagesFrom(page.request, 'alice')).length, POLL_WAIT).toBe(1);

  // paste: what a real paste hands the page (a script-made ClipboardEvent carries no files in Firefox)
  await pngTransfer(page, 'pasted', 120, 160, '#e76f51');
  await win.locator('[part="compose-input"]').evaluate((box) => {
    const event = new ClipboardEvent('paste', { bubbles: true, cancelable: true, composed: true });
    Object.defineProperty(event, 'clipboardData', { value: (window as unknown as { pasted: DataTransfer }).pasted });
    box.dispatchEvent(event);
  });
  await expect(win.locator('[part="image-preview"] canvas')).toBeVisible();
  await win.locator('[part="compose-input"]').press('Enter');
  await expect
    .poll(async () => (await imagesFrom(page.request, 'alice')).map((r) => `${r.image_width}x${r.image_height}`).sort(), POLL_WAIT)
    .toEqual(['120x160', '300x200']);

  // bob sees both, from the server
  const bobContext = await browser.newContext({ baseURL });
  try {
    const bobPage = await bobContext.newPage();
    await openDashboard(bobPage, 'bob');
    const bobWin = await openConversation(bobPage, 'alice');
    await expect(bobWin.locator('[part="message"] img[src*="/svc/conversations/images/"]')).toHaveCount(2);
  } finally {
    await bobContext.close();
  }
});

test('marking a conversation as spam removes it at once, and it stays gone after a reload', async ({ page }) => {
  await openDashboard(page, 'alice');
  const win = await openConversation(page, 'glitch-art-daily');
  const notice = win.locator('[part="spam-notice"]');
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Mark as spam' }).click();
  const dialog = page.locator('messaging-dock').getByRole('alertdialog');
  await expect(dialog).toContainText(
    'glitch-art-daily will be blocked and reported. And any trace of this conversation will disappear from your inbox.',
  );
  await dialog.getByRole('button', { name: 'Mark it spam' }).click();
  await expect(win).toHaveCount(0);
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get('/__demo/state?table=blocks&blocker_blog=alice&blocked_blog=glitch-art-daily')).json()) as {
            rows: unknown[];
          }
        ).rows.length,
    )
    .toBe(1);

  await page.reload();
  await openDashboard(page, 'alice');
  await page
    .locator('blog-header')
    .getByRole('button', { name: /^Inbox/ })
    .click();
  const inbox = page.locator('messaging-dock').locator('[part="inbox-panel"]');
  await expect(inbox.locator('[part="conversation-row"]').first()).toBeVisible();
  await expect(inbox.locator('[part="conversation-row"]').filter({ hasText: 'glitch-art-daily' })).toHaveCount(0);
});

test('a reload brings back the same windows, open and minimized', async ({ page }) => {
  await openDashboard(page, 'alice');
  const bot = await openConversation(page, 'chatty-bot');
  await bot.locator('[part="minimize"]').click();
  await openConversation(page, 'bob');
  const tab = page.locator('messaging-dock').getByRole('button', { name: /^Open conversation with chatty-bot/ });
  await expect(tab).toBeVisible();

  await page.reload();
  await openDashboard(page, 'alice');
  await expect(conversationWindow(page, 'bob').locator('[part="compose-input"]')).toBeEnabled();
  await expect(tab).toBeVisible();
  await expect(conversationWindow(page, 'chatty-bot')).toHaveCount(0);
});

test('sends failing several times while the window is minimized: the message delivers itself, once, with no click', async ({ page }) => {
  test.setTimeout(90_000);
  const text = `through the outage ${Date.now().toString(36)}`;
  await openDashboard(page, 'alice', POLL_FAST);
  const win = await openConversation(page, 'bob');
  // the next three sends fail; then the server answers again
  const fault = await page.request.post('/__demo/faults', {
    data: { path: '/svc/conversations/messages', method: 'POST', status: 503, count: 3 },
  });
  expect(fault.status()).toBe(201);
  await send(win, text);
  await win.locator('[part="minimize"]').click();
  const tab = page.locator('messaging-dock').getByRole('button', { name: /^Open conversation with bob/ });
  await expect(tab).toBeVisible();
  await expect(tab).toHaveAccessibleName(/a message not sent/);
  await expect.poll(async () => (await storedMessages(page.request, text)).length, { timeout: 45_000 }).toBe(1);
  await expect(tab).not.toHaveAccessibleName(/a message not sent/);
  await expect(conversationWindow(page, 'bob')).toHaveCount(0);
  // exactly once, still, now that nothing is left to send
  expect(await storedMessages(page.request, text)).toHaveLength(1);
});
