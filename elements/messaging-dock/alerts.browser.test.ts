/**
 * <messaging-dock> new-message alerts (spec §3 Notification sound, §9 the desktop notification):
 * with the page hidden, a message arriving by polling (chatty-bot's answer, from the reference
 * server) shows 'New message for alice', closed after 5000 ms, and plays the sound pack when the
 * user's sound setting is on; permission is asked once, only while undecided, on the user's own
 * send; clicking the notification opens the conversation. The browser's Notification and the
 * page's visibility are stand-ins here (a test cannot hide its own tab or answer a permission
 * prompt); the polling, the server and the dock are real.
 */
import { expect } from '@open-wc/testing';
import './index';
import { $session, configure } from '../../src/session/session';
import { sendKeys } from '@web/test-runner-commands';
import { typeInto } from '../../tests/helpers/dom';
import { dbRows } from '../../tests/helpers/server';
import { waitFor } from '../../tests/helpers/wait';
import { composeInput, dock, loadedWindow, openByName, windowFor, type Host, dockGone, freshDock } from './dock.test-helpers';

interface Shown {
  title: string;
  closed: boolean;
  onclick: (() => void) | null;
}

const shown: Shown[] = [];
let asked = 0;
let played: string[] = [];
const originals = { Notification: window.Notification, play: HTMLMediaElement.prototype.play };

class FakeNotification {
  static permission: NotificationPermission = 'default';
  static async requestPermission(): Promise<NotificationPermission> {
    asked++;
    FakeNotification.permission = 'granted';
    return 'granted';
  }
  private record: Shown;
  constructor(title: string) {
    this.record = { title, closed: false, onclick: null };
    shown.push(this.record);
  }
  set onclick(fn: (() => void) | null) {
    this.record.onclick = fn;
  }
  close(): void {
    this.record.closed = true;
  }
}

function hidePage(): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
}

/** Sends 'ping' to chatty-bot (it answers about two seconds later) and waits until it is stored. */
async function pingBot(): Promise<Host> {
  const host = await dock();
  openByName('chatty-bot');
  const win = await loadedWindow(host, 'chatty-bot');
  const box = composeInput(win)!;
  box.focus();
  typeInto(box, 'ping');
  await sendKeys({ press: 'Enter' });
  await waitFor(async () => (await dbRows('messages', { conversation_id: 'alice-chatty-bot', text: 'ping' })).length === 1, {
    message: 'the ping was not sent',
  });
  return host;
}

describe('<messaging-dock> new-message alerts', () => {
  beforeEach(async () => {
    await freshDock();
    configure({ config: { ...$session.get().config, messaging_poll_frequency: 1000 } });
    shown.length = 0;
    asked = 0;
    played = [];
    FakeNotification.permission = 'default';
    (window as unknown as { Notification: unknown }).Notification = FakeNotification;
    HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
      played.push(this.src);
      return Promise.resolve();
    };
  });

  afterEach(() => {
    dockGone();
    (window as unknown as { Notification: unknown }).Notification = originals.Notification;
    HTMLMediaElement.prototype.play = originals.play;
    delete (document as unknown as Record<string, unknown>).visibilityState;
  });

  it("asks once on a send, then, hidden, shows 'New message for alice' with the sound; a click opens the conversation", async () => {
    const host = await pingBot();
    expect(asked, 'permission asked on the send').to.equal(1);
    hidePage();
    const note = await waitFor(() => shown[0], { timeout: 15_000, message: 'no notification for the answer' });
    expect(note.title).to.equal('New message for alice');
    expect(played.some((src) => src.endsWith('/assets/sounds/classic/new-message.wav'))).to.equal(true);
    // the sound is a real file the server makes
    const wav = await fetch('/assets/sounds/classic/new-message.wav');
    expect([wav.status, wav.headers.get('content-type')]).to.deep.equal([200, 'audio/wav']);

    windowFor(host, 'chatty-bot')!.querySelector<HTMLButtonElement>('[part="close"]')!.click();
    await waitFor(() => windowFor(host, 'chatty-bot') === undefined);
    note.onclick!();
    await loadedWindow(host, 'chatty-bot');
    expect(note.closed).to.equal(true);

    // a second send does not ask again (decided)
    const box = composeInput(windowFor(host, 'chatty-bot')!)!;
    box.focus();
    typeInto(box, 'again');
    await sendKeys({ press: 'Enter' });
    await waitFor(async () => (await dbRows('messages', { conversation_id: 'alice-chatty-bot', text: 'again' })).length === 1);
    expect(asked).to.equal(1);
  });

  it('with the page visible there is no notification, and with sounds off no sound; a denied permission is never asked again', async () => {
    FakeNotification.permission = 'denied';
    configure({ user: { ...$session.get().user!, is_sounds_enabled: false } });
    await pingBot();
    expect(asked).to.equal(0);
    // the answer arrives (visible page): stored, counted, but neither shown nor played
    await waitFor(async () => (await dbRows('messages', { conversation_id: 'alice-chatty-bot', sender_blog: 'chatty-bot' })).length >= 2, {
      timeout: 10_000,
      message: 'chatty-bot never answered',
    });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(shown).to.have.length(0);
    expect(played).to.have.length(0);
  });
});
