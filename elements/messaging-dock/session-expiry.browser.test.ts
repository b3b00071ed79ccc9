/**
 * The session ends in the middle of writing (#23, item 4): a message is sent, and the server says
 * 401. The message is not lost — it stays in its conversation, marked not sent with Retry, and in
 * the unsent record a reload reads —, the dock tells the user to log in again, and once the user
 * is back (another tab of the same user loads) it is delivered, once. The same message on a page
 * that gave no form key is not sent at all until the key is there (src/api/client.ts).
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import './index';
import { $session, configure } from '../../src/session/session';
import { $sessionEnded } from '../../src/session/session-end';
import { unsentStorageKey } from '../../src/messaging/model/storage-keys';
import { clearFaults, dbRows, injectFault } from '../../tests/helpers/server';
import { waitFor } from '../../tests/helpers/wait';
import { typeInto } from '../../tests/helpers/dom';
import { SESSION_ENDED_NOTICE } from './model/notices';
import {
  buttonNamed,
  composeInput,
  dock,
  dockGone,
  dockNotice,
  freshDock,
  loadedWindow,
  messageRows,
  openByName,
  text,
} from './dock.test-helpers';

const DRAFT = 'kept-through-a-401';

describe('<messaging-dock>: the session expires while a message is sent', () => {
  const closers: Array<() => void> = [];
  beforeEach(() => freshDock('alice'));
  afterEach(async () => {
    closers.splice(0).forEach((close) => close());
    await clearFaults();
    await dockGone();
  });

  it('a send answered 401 keeps the message, says to log in again, and delivers it once the user is back', async () => {
    const host = await dock();
    openByName('bob');
    const win = await loadedWindow(host, 'bob');
    // Every send fails until the user is back: the queue's own retries must not lose it either.
    await injectFault('/svc/conversations/messages', 401, 1000, { method: 'POST' });
    const box = composeInput(win)!;
    box.focus();
    typeInto(box, DRAFT);
    await sendKeys({ press: 'Enter' });

    const failed = () => messageRows(win).find((r) => text(r).includes(DRAFT) && r.querySelector('[part~="outgoing-error"]'));
    await waitFor(failed, { message: 'the 401 send is not shown as not sent' });
    await waitFor(() => text(dockNotice(host)) === SESSION_ENDED_NOTICE, { message: 'the dock never said to log in again' });
    expect(SESSION_ENDED_NOTICE).to.contain('Log in again');
    expect($sessionEnded.get()).to.equal('logged-out');
    // Kept: in the conversation, and in the record a reload reads.
    const stored = localStorage.getItem(unsentStorageKey($session.get().user!.name)) ?? '';
    expect(stored, 'not in the unsent record').to.contain(DRAFT);
    expect(await dbRows('messages', { conversation_id: 'alice-bob', text: DRAFT })).to.have.length(0);

    // The user logs in again: another tab of alice loads (src/session/session-end.ts).
    const channel = new BroadcastChannel('tumblelog:session');
    closers.push(() => channel.close());
    channel.postMessage({ from: 'the-other-tab', t: 'session', user: 'alice' });
    await waitFor(() => $sessionEnded.get() === null, { message: 'the session did not come back' });
    await waitFor(() => dockNotice(host) === null, { message: 'the notice stayed once the user was back' });
    await clearFaults();
    // Retry (unless the queue's own retry, which goes on meanwhile, has just sent it).
    const retry = failed() && buttonNamed(failed()!, 'Retry');
    retry?.click();
    await waitFor(async () => (await dbRows('messages', { conversation_id: 'alice-bob', text: DRAFT })).length === 1, {
      message: 'Retry did not deliver it',
    });
    await waitFor(() => messageRows(win).some((r) => text(r).includes(DRAFT) && !r.querySelector('[part~="outgoing-error"]')));
    expect(await dbRows('messages', { conversation_id: 'alice-bob', text: DRAFT })).to.have.length(1);
  });

  it('no form key on the page: the message is not sent without it, is kept, and goes once the key is there', async () => {
    const formKey = $session.get().formKey;
    configure({ formKey: '' });
    const posts: string[] = [];
    const fetch = window.fetch;
    window.fetch = (input, init) => {
      if ((init?.method ?? 'GET').toUpperCase() === 'POST') posts.push(String(input));
      return fetch(input, init);
    };
    closers.push(() => (window.fetch = fetch));
    const host = await dock();
    openByName('bob');
    const win = await loadedWindow(host, 'bob');
    const box = composeInput(win)!;
    box.focus();
    typeInto(box, DRAFT);
    await sendKeys({ press: 'Enter' });
    const failed = () => messageRows(win).find((r) => text(r).includes(DRAFT) && r.querySelector('[part~="outgoing-error"]'));
    await waitFor(failed, { message: 'the message is not shown as not sent' });
    expect(
      posts.filter((url) => url.includes('/svc/conversations/messages')),
      'sent without a form key',
    ).to.deep.equal([]);
    expect(localStorage.getItem(unsentStorageKey($session.get().user!.name)) ?? '', 'not in the unsent record').to.contain(DRAFT);
    // Not the server's 401: the session holds, and no other tab is told it ended.
    expect($sessionEnded.get()).to.equal(null);

    configure({ formKey });
    const retry = failed() && buttonNamed(failed()!, 'Retry');
    retry?.click();
    await waitFor(async () => (await dbRows('messages', { conversation_id: 'alice-bob', text: DRAFT })).length === 1, {
      message: 'not delivered once the key was there',
    });
  });
});
