/**
 * Screen-reader announcements (#24): what changes without the focus moving is said through one
 * polite live region per element — a message arriving in an open window, a send failing and
 * succeeding, a post saved, a like, a follow, an upload's start and end. Read here as a screen
 * reader hears it: every text added to a live region of the element, in order.
 */
import { expect } from '@open-wc/testing';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import '../../elements/blog-card/index';
import '../../elements/messaging-dock/index';
import '../../elements/peepr-drawer/index';
import { WidgetContext, type WidgetContextValue } from '../core/widget-context';
import { createLiveVoice } from './live-voice';
import { LiveRegion } from './LiveRegion';
import { Dialog } from './Dialog';
import { $following } from '../stores/follows';
import { $postMarks } from '../post-actions/marks';
import { $session, configure } from '../session/session';
import { freshComposerEachTest, openNewPost } from '../../elements/post-composer/composer.test-helpers';
import {
  composeInput,
  dock,
  dockGone,
  freshDock,
  loadedWindow,
  openByName,
  type Host,
} from '../../elements/messaging-dock/dock.test-helpers';
import { axeCheck } from '../../tests/helpers/axe';
import { canvasImage } from '../../tests/helpers/images';
import { cleanup, mount, shadow, shadowAll, shadowRequired, typeInto } from '../../tests/helpers/dom';
import { clearFaults, dbRows, injectFault, resetServer, setupSession } from '../../tests/helpers/server';
import { waitFor } from '../../tests/helpers/wait';
import { sendKeys } from '@web/test-runner-commands';

/** Everything said in `root` from now on (texts added to any of its live regions), and how many regions it has. */
function listen(root: ShadowRoot): { said: string[]; stop: () => void } {
  const said: string[] = [];
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      const region = (record.target as Element).closest?.('[aria-live="polite"].tl-live-region');
      if (!region) continue;
      for (const node of record.addedNodes) if (node.textContent) said.push(node.textContent);
    }
  });
  observer.observe(root, { childList: true, subtree: true });
  return { said, stop: () => observer.disconnect() };
}

const regions = (root: ShadowRoot) => [...root.querySelectorAll('.tl-live-region')];

describe('live regions: one per element, and what each says', function () {
  this.timeout(60_000);

  describe('the region itself', () => {
    let container: HTMLElement;
    afterEach(() => container?.remove());

    it('is present and empty from the start; a dialog speaks while open; nothing is repeated when it closes; the same text twice is heard twice', async () => {
      container = document.createElement('div');
      document.body.append(container);
      const shadowRoot = container.attachShadow({ mode: 'open' });
      const voice = createLiveVoice();
      const context: WidgetContextValue = {
        host: container,
        shadowRoot,
        tag: 'test-voice',
        instanceId: 'test-voice-1',
        announce: () => true,
        voice,
      };
      const root = createRoot(shadowRoot);
      const render = (open: boolean) =>
        flushSync(() =>
          root.render(
            createElement(
              WidgetContext.Provider,
              { value: context },
              createElement(LiveRegion),
              createElement(Dialog, { open, onCancel: () => {}, labelledBy: 't', children: createElement('h2', { id: 't' }, 'A dialog') }),
            ),
          ),
        );
      render(false);
      const [own] = regions(shadowRoot);
      expect(regions(shadowRoot)).to.have.length(1);
      expect([own!.getAttribute('role'), own!.getAttribute('aria-live'), own!.textContent]).to.deep.equal(['status', 'polite', '']);
      const { said, stop } = listen(shadowRoot);

      flushSync(() => voice.say('Once.'));
      flushSync(() => voice.say('Once.'));
      await waitFor(() => said.length === 2);
      expect(said).to.deep.equal(['Once.', 'Once.']);

      render(true);
      const inDialog = shadowRequired(container, 'dialog .tl-live-region');
      flushSync(() => voice.say('In the dialog.'));
      await waitFor(() => said.length === 3);
      expect(inDialog.textContent).to.equal('In the dialog.');
      expect(own!.textContent, 'the region behind the modal is inert: it stays quiet').to.equal('');

      render(false);
      await new Promise((resolve) => requestAnimationFrame(resolve));
      expect(own!.textContent, 'the region does not repeat what the dialog said').to.equal('');
      flushSync(() => voice.say('After.'));
      await waitFor(() => said.length === 4);
      expect(said).to.deep.equal(['Once.', 'Once.', 'In the dialog.', 'After.']);
      expect(own!.textContent).to.equal('After.');
      stop();
      root.unmount();
    });
  });

  describe('<messaging-dock>', () => {
    beforeEach(async () => {
      await freshDock();
      configure({ config: { ...$session.get().config, messaging_poll_frequency: 1000 } });
    });
    afterEach(async () => {
      await clearFaults();
      await dockGone();
    });

    async function send(host: Host, words: string) {
      const win = await loadedWindow(host, 'chatty-bot');
      const box = composeInput(win)!;
      box.focus();
      typeInto(box, words);
      await sendKeys({ press: 'Enter' });
    }

    it('says a send that went through, then the answer arriving in the open window', async () => {
      const host = await dock();
      expect(regions(host.shadowRoot!)).to.have.length(1);
      const { said, stop } = listen(host.shadowRoot!);
      openByName('chatty-bot');
      await send(host, 'ping');
      await waitFor(() => said.includes('Message sent.'), { message: `not said: ${said.join(' | ')}` });
      // chatty-bot answers a ping; the window fetches it on a poll
      const answer = await waitFor(
        async () => {
          const rows = await dbRows<{ text: string }>('messages', { conversation_id: 'alice-chatty-bot', sender_blog: 'chatty-bot' });
          return rows.find((r) => r.text.includes('"ping"'));
        },
        { message: 'chatty-bot never answered', timeout: 10_000 },
      );
      const expected = `New message from chatty-bot: ${answer.text.replace(/\s+/g, ' ').trim()}`;
      await waitFor(() => said.includes(expected), { message: `the arrival was not said: ${said.join(' | ')}`, timeout: 10_000 });
      expect(
        said.filter((s) => s.startsWith('New message')),
        'said once',
      ).to.deep.equal([expected]);
      expect(said.filter((s) => s === 'Message sent.')).to.have.length(1);
      await axeCheck(host);
      stop();
    });

    it('says a send that failed, with the line the window shows', async () => {
      const host = await dock();
      const { said, stop } = listen(host.shadowRoot!);
      openByName('chatty-bot');
      await loadedWindow(host, 'chatty-bot');
      await injectFault('/svc/conversations/messages', 500, 5);
      await send(host, 'this will not go');
      const line = await waitFor(
        () => shadowAll(host, '.outgoing__status').find((el) => el.textContent && el.textContent !== 'Not sent yet')?.textContent,
        { message: 'no failure line' },
      );
      await waitFor(() => said.some((s) => s.startsWith('Message not sent.')), { message: `not said: ${said.join(' | ')}` });
      expect(said.filter((s) => s.startsWith('Message not sent.'))).to.deep.equal([`Message not sent. ${line}`]);
      expect(said).not.to.include('Message sent.');
      stop();
    });
  });

  describe('<post-composer>', () => {
    freshComposerEachTest();

    it("says a photo's upload as it starts and ends, inside the form's dialog, then the save once the form has closed", async () => {
      const host = await openNewPost('photo');
      await waitFor(() => shadow(host, '.photos'), { message: 'no photo fields' });
      const { said, stop } = listen(host.shadowRoot!);
      expect(shadowAll(host, 'dialog .tl-live-region'), "the form's dialog has its own region").to.have.length(1);
      const input = shadowRequired<HTMLInputElement>(host, '.photos__file');
      const list = new DataTransfer();
      list.items.add(await canvasImage('red.jpg', { colour: '#c00', width: 64, height: 48 }));
      input.files = list.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
      await waitFor(() => said.some((s) => s.startsWith('Uploaded ')), { message: `not said: ${said.join(' | ')}` });
      expect(said).to.deep.equal(['Uploading photo 1…', 'Uploaded photo 1.']);
      expect(shadowRequired(host, 'dialog .tl-live-region').textContent).to.equal('Uploaded photo 1.');
      await axeCheck(shadowRequired(host, 'dialog'));

      shadowRequired<HTMLButtonElement>(host, '[part="post-button"]').click();
      await waitFor(() => !shadow(host, 'dialog[open]'), { message: 'the form did not close' });
      await waitFor(() => said.length === 3, { message: `the save was not said: ${said.join(' | ')}` });
      expect(said[2]).to.equal('Posted to alice.');
      expect(regions(host.shadowRoot!).map((r) => r.textContent)).to.deep.equal(['Posted to alice.']);
      expect((await dbRows('posts', { blog_name: 'alice', type: 'photo' })).length).to.be.greaterThan(0);
      stop();
    });
  });

  describe('<peepr-drawer> and <blog-card>', () => {
    beforeEach(async () => {
      await resetServer();
      await setupSession('alice');
      $postMarks.set({});
      $following.set({});
    });
    afterEach(() => cleanup());

    it('the drawer says a like and a follow, from inside its dialog', async () => {
      const stopNavigation = (event: Event) => event.preventDefault();
      document.addEventListener('tl-navigate', stopNavigation);
      try {
        const link = mount<HTMLAnchorElement>(`<a href="/blog/x" data-peepr="long-archive">open</a>`);
        const host = mount<Host>('<peepr-drawer></peepr-drawer>');
        await host.ready;
        link.click();
        await waitFor(() => shadowAll(host, 'article.post').length > 0, { message: 'no posts showed', timeout: 8000 });
        const { said, stop } = listen(host.shadowRoot!);
        const like = await waitFor(() => shadowAll<HTMLButtonElement>(host, 'article.post .action--like')[0], {
          message: 'no like button',
        });
        like.click();
        await waitFor(() => said.includes('Liked.'), { message: `not said: ${said.join(' | ')}` });
        expect(shadowRequired(host, 'dialog .tl-live-region').textContent).to.equal('Liked.');

        const follow = shadowRequired<HTMLButtonElement>(host, 'dialog .tl-follow');
        const following = follow.textContent === 'Unfollow';
        follow.click();
        const expected = following ? 'Unfollowed long-archive.' : 'Following long-archive.';
        await waitFor(() => said.includes(expected), { message: `not said: ${said.join(' | ')}` });
        await axeCheck(shadowRequired(host, 'dialog'));
        stop();
      } finally {
        document.removeEventListener('tl-navigate', stopNavigation);
      }
    });

    it('the card says a follow, and a follow that failed', async () => {
      const host = mount<Host>('<blog-card blog-name="long-archive"><a href="/blog/long-archive">long-archive</a></blog-card>');
      await host.ready;
      host.setAttribute('open', '');
      const follow = await waitFor(() => shadow<HTMLButtonElement>(host, '.card .tl-follow'), {
        message: 'no follow button',
        timeout: 8000,
      });
      const { said, stop } = listen(host.shadowRoot!);
      expect(follow.textContent).to.equal('Follow');
      await injectFault('/svc/follow', 500);
      follow.click();
      await waitFor(() => said.includes("Couldn't follow long-archive. Try again."), { message: `not said: ${said.join(' | ')}` });
      expect(shadowRequired(host, '.notice').getAttribute('role'), 'the notice is shown, the region says it').to.equal(null);
      await waitFor(() => shadow(host, '.card .tl-follow:not([aria-busy])')?.textContent === 'Follow');
      shadowRequired<HTMLButtonElement>(host, '.card .tl-follow').click();
      await waitFor(() => said.includes('Following long-archive.'), { message: `not said: ${said.join(' | ')}` });
      expect(regions(host.shadowRoot!)).to.have.length(1);
      await axeCheck(host);
      stop();
    });
  });
});
