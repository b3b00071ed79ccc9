/**
 * What the <messaging-dock> browser tests share: finding its parts, mounting and opening it,
 * waiting for windows, holding requests, calling the reference server, and axe once nothing moves.
 */
import { sendKeys } from '@web/test-runner-commands';
import { axeCheck } from '../../tests/helpers/axe';
import { cleanup, deepActiveElement, mount, shadow } from '../../tests/helpers/dom';
import { resetServer, setupSession, type TestSession } from '../../tests/helpers/server';
import { deferred, waitFor, waitForEvent } from '../../tests/helpers/wait';
import { resetMessagingState } from './state/lifecycle';
import { setInboxOpen } from '../../src/stores/inbox';
import { resetSessionEnd } from '../../src/session/session-end';
import { OVER_WEBDRIVER } from '../../tests/helpers/engine';
export type Host = HTMLElement & { ready: Promise<void> };

// ---- DOM helpers ----

export const part = <E extends Element = HTMLElement>(root: Element, name: string): E | null =>
  (root.shadowRoot ?? root).querySelector<E>(`[part~="${name}"]`);
export const parts = <E extends Element = HTMLElement>(root: Element, name: string): E[] => [
  ...(root.shadowRoot ?? root).querySelectorAll<E>(`[part~="${name}"]`),
];
export const rows = (host: Element) => parts(host, 'conversation-row');
export const windows = (host: Element) => parts(host, 'window');
export const tabs = (host: Element) => parts<HTMLButtonElement>(host, 'minimized-tab');
export const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
export const rowName = (row: Element) => text(row.querySelector('.inbox__row-name'));
export const rowFor = (host: Element, name: string) => rows(host).find((r) => rowName(r) === name);
export const windowTitle = (win: Element) => text(win.querySelector('h2'));
export const windowFor = (host: Element, names: string) => windows(host).find((w) => windowTitle(w) === `Conversation with ${names}`);
/** The row of the message the send tests write. */
export const isMine = (row: Element) => text(row).includes('first line') && text(row).includes('second line');
export const messageRows = (win: Element) => [...win.querySelectorAll<HTMLElement>('[part~="message-row"]')];
export const composeInput = (win: Element) => win.querySelector<HTMLTextAreaElement>('[part~="compose-input"]');
export const errorView = (win: Element) => win.querySelector<HTMLElement>('[part~="error"]');
export const dockNotice = (host: Element) => shadow(host, '.dock__notice[role="alert"]');
export const buttonNamed = (root: Element | ShadowRoot, name: string) =>
  [...root.querySelectorAll<HTMLButtonElement>('button')].find((b) => text(b) === name || b.getAttribute('aria-label') === name);

/** waitForEvent, with its rejection handled until awaited (a test failing earlier leaves no stray rejection). */
export function expectEvent(target: EventTarget, type: string): Promise<CustomEvent> {
  const promise = waitForEvent<CustomEvent>(target, type);
  promise.catch(() => undefined);
  return promise;
}

/** A real Shift+Enter (puppeteer: Shift down, Enter, Shift up; WebDriver: the Shift and Enter key code points together). */
export async function pressShiftEnter(): Promise<void> {
  // WebKitGTK runs under WebDriver, whose key command only takes press/type.
  if (OVER_WEBDRIVER) {
    await sendKeys({ type: '\uE008\uE007' });
    return;
  }
  await sendKeys({ down: 'Shift' });
  try {
    await sendKeys({ press: 'Enter' });
  } finally {
    await sendKeys({ up: 'Shift' });
  }
}

/** The next rendering update (requestAnimationFrame), failing after 5 s. */
export function nextFrame(): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no animation frame within 5000 ms')), 5000);
    requestAnimationFrame(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Windows, tabs and new messages animate in; axe must see the final colours (a spinner's endless turn
 * does not count). WebKit reports an animation finished before a rendering update applies its end
 * state, so two frames must pass with nothing running.
 */
export async function settled(host: Element): Promise<void> {
  const finite = (a: Animation) => a.effect?.getComputedTiming().iterations !== Infinity;
  const still = () =>
    [...host.shadowRoot!.querySelectorAll('*')].every((el) => el.getAnimations().every((a) => a.playState !== 'running' || !finite(a)));
  for (let quiet = 0; quiet < 2;) {
    await waitFor(still, { message: 'animations in <messaging-dock> never finished' });
    await nextFrame();
    quiet = still() ? quiet + 1 : 0;
  }
}

/** axe on the element (its shadow root included) once nothing animates. */
export async function axe(host: Element): Promise<void> {
  await settled(host);
  await axeCheck(host);
}

// ---- holding requests (to see loading states) ----

export const restores: Array<() => void> = [];

/**
 * Holds every fetch whose URL matches until release(); counts how many were held. A test that ends
 * without releasing makes them fail as network errors (so nothing lands on the next test's database).
 */
export function holdFetch(match: (url: URL, method: string) => boolean): { release: () => void; held: () => number } {
  const original = window.fetch;
  const gate = deferred<boolean>();
  let held = 0;
  window.fetch = async (input, init) => {
    const raw = input instanceof Request ? input.url : String(input);
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    if (match(new URL(raw, location.href), method)) {
      held++;
      if (!(await gate.promise)) throw new TypeError('Failed to fetch (held by the test, which ended)');
    }
    return original(input, init);
  };
  restores.push(() => {
    gate.resolve(false);
    window.fetch = original;
  });
  return { release: () => gate.resolve(true), held: () => held };
}

// ---- the reference server, as the session user ----

export async function serverCall(session: TestSession, method: string, path: string, body: Record<string, string>): Promise<unknown> {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', 'X-Tumblr-Form-Key': session.formKey },
    body: JSON.stringify(body),
  });
  const answer = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${answer.slice(0, 300)}`);
  return JSON.parse(answer) as unknown;
}

// ---- mounting and opening ----

export async function dock(): Promise<Host> {
  const host = mount<Host>('<messaging-dock></messaging-dock>');
  await host.ready;
  await waitFor(() => part(host, 'trigger'), { message: "the dock's trigger never rendered" });
  return host;
}

export async function openInbox(host: Host): Promise<HTMLElement> {
  setInboxOpen(true);
  return waitFor(() => part(host, 'inbox-panel'), { message: 'the inbox never opened' });
}

export async function inboxWithRows(host: Host): Promise<HTMLElement> {
  const panel = await openInbox(host);
  await waitFor(() => rows(host).length > 0, { message: 'the conversation list never showed' });
  return panel;
}

export async function startCompose(host: Host): Promise<HTMLInputElement> {
  await inboxWithRows(host);
  part<HTMLButtonElement>(host, 'compose-toggle')!.click();
  return waitFor(() => part<HTMLInputElement>(host, 'to-input'), { message: "the 'To:' input never showed" });
}

/** Opens a conversation the way page code does. */
export function openByName(blogName: string): void {
  document.dispatchEvent(new CustomEvent('tl-messaging-open-request', { detail: { blogName } }));
}

/**
 * The window for `names` once its messages show and its compose box is enabled. Re-queried on each
 * check: a new conversation's window is rendered anew when it learns its conversation id.
 */
export async function loadedWindow(host: Host, names: string): Promise<HTMLElement> {
  return waitFor(
    () => {
      const win = windowFor(host, names);
      const box = win && composeInput(win);
      return win && messageRows(win).length > 0 && box && !box.disabled ? win : null;
    },
    { message: `the window for ${names} never loaded` },
  );
}

/** The window for `names`, opened the way page code does and loaded, with its compose box focused. */
export async function composeIn(host: Host, names: string): Promise<{ win: HTMLElement; box: HTMLTextAreaElement }> {
  openByName(names);
  const win = await loadedWindow(host, names);
  const box = composeInput(win)!;
  box.focus();
  await waitFor(() => deepActiveElement() === box, { message: `the compose box for ${names} did not take focus` });
  return { win, box };
}

/** The list shows the newest message, scrolled to the bottom. */
export async function showsNewest(win: Element, newest: string): Promise<void> {
  await waitFor(
    () => {
      const list = win.querySelector<HTMLElement>('[part~="messages"]');
      const last = messageRows(win).at(-1);
      return (
        list &&
        last &&
        text(last.querySelector('[part~="message"]')).endsWith(newest) &&
        list.scrollHeight - list.scrollTop - list.clientHeight < 2
      );
    },
    { message: `the window does not show "${newest}" at the bottom` },
  );
}

export async function erroredWindow(host: Host, names: string): Promise<{ win: HTMLElement; error: HTMLElement }> {
  return waitFor(
    () => {
      const win = windowFor(host, names);
      const error = win && errorView(win);
      return win && error ? { win, error } : null;
    },
    { message: `no error view in the window for ${names}` },
  );
}

export function clearMessagingStorage(): void {
  for (const key of Object.keys(localStorage)) if (key.startsWith('messaging:')) localStorage.removeItem(key);
}

/** Each dock test's start: the server re-seeded (in `seed`'s mode), no dock state, storage or open inbox, then `user` signed in. */
export async function freshDock(
  user: Parameters<typeof setupSession>[0] | null = 'alice',
  seed: Parameters<typeof resetServer>[0] = {},
): Promise<void> {
  await resetServer(seed);
  clearMessagingStorage();
  resetMessagingState();
  resetSessionEnd();
  setInboxOpen(false);
  if (user) await setupSession(user);
}

/** Each dock test's end: the dock unmounted and its state and storage gone. */
export async function dockGone(): Promise<void> {
  await cleanup();
  resetMessagingState();
  setInboxOpen(false);
  clearMessagingStorage();
}
