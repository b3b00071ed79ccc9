/** What the <messaging-dock> e2e specs share: opening the dashboard, windows, rows, sends and server state. */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { SEND_FAILURE_LINES, type OutgoingMessage } from '../../src/messaging/model/send-queue';
import { elementsReady } from './page-helpers';

export const POLL_FAST = '&poll_ms=1000';
/** What polling may take: a few polls at 1 s, with the back-off (1,1,1,1,2,2,…) on top. */
export const POLL_WAIT = { timeout: 20_000 };
export const FAILURE_LINE = new RegExp(SEND_FAILURE_LINES.map((l) => l.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'));

/** The dashboard as `user`, with <messaging-dock> and <blog-header> live (a click before their chunks load does nothing). */
export async function openDashboard(page: Page, user: string, extra = ''): Promise<void> {
  await page.goto(`/dashboard?as=${user}${extra}`);
  await elementsReady(page, ['messaging-dock', 'blog-header']);
}

/** The open window of the conversation with `names` (its header reads "Conversation with …"). */
export function conversationWindow(page: Page, names: string): Locator {
  return page.locator('messaging-dock').getByRole('region', { name: `Conversation with ${names}`, exact: true });
}

/** Types into the window's compose box (pressSequentially: Firefox cannot fill() inside a shadow root) and presses Enter. */
export async function send(win: Locator, text: string): Promise<void> {
  const input = win.locator('[part="compose-input"]');
  await expect(input).toBeEnabled();
  await input.pressSequentially(text);
  await expect(input).toHaveValue(text);
  await input.press('Enter');
}

/** A message row showing `text`. */
export function row(win: Locator, text: string): Locator {
  return win.locator('[part="message-row"]').filter({ hasText: text });
}

/** Rows of the messages table holding exactly this text. */
export async function storedMessages(
  request: APIRequestContext,
  text: string,
): Promise<{ id: number; sender_blog: string; conversation_id: string; client_id: string | null }[]> {
  const response = await request.get(`/__demo/state?table=messages&text=${encodeURIComponent(text)}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { rows: { id: number; sender_blog: string; conversation_id: string; client_id: string | null }[] })
    .rows;
}

/** What the send queue keeps in localStorage for the user (null when nothing is unsent). */
export function unsentStored(page: Page, user: string): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), `messaging:${user}:unsent`);
}

/** The unsent messages as the send queue stored them (`{ v: 1, messages }`). */
export async function unsentMessages(page: Page, user: string): Promise<OutgoingMessage[]> {
  const stored = await unsentStored(page, user);
  return stored ? (JSON.parse(stored) as { messages: OutgoingMessage[] }).messages : [];
}

/** The server's unread count for one conversation of `blog`, through /services/poll with the page's own polling token. */
export async function serverUnread(page: Page, blog: string, conversationId: string): Promise<number> {
  const token = await page.evaluate(
    () =>
      (JSON.parse(document.getElementById('tumblelog-bootstrap')!.textContent!) as { user: { polling_token: string } }).user.polling_token,
  );
  const response = await page.request.get(
    `/services/poll?token=${encodeURIComponent(token)}&unread_messages=true&mention_keys=${encodeURIComponent(blog)}`,
  );
  const body = (await response.json()) as { response: { unread_messages: Record<string, Record<string, number>> } };
  return body.response.unread_messages[blog]?.[conversationId] ?? 0;
}
