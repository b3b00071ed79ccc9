/**
 * A move is not a reset (src/core/define-widget.ts): each of the eleven elements, put mid-flow into
 * a state a person would lose by a reload (typing, an open popover, dialog or drawer, a playing
 * video), is moved into a new wrapper with `append`, as a theme re-parenting its posts does, and
 * after the move it is the same component: the same shadow DOM, the same state, what was typed,
 * and the focus where it was. Then it goes on working.
 */
import { expect } from '@open-wc/testing';
import '../../elements/activity-popover/index';
import '../../elements/ask-form/index';
import '../../elements/blog-card/index';
import '../../elements/blog-header/index';
import '../../elements/fast-compose/index';
import '../../elements/gif-search/index';
import '../../elements/messaging-dock/index';
import '../../elements/peepr-drawer/index';
import '../../elements/post-composer/index';
import '../../elements/share-popover/index';
import '../../elements/video-player/index';
import { openComposerFor, closeComposer } from '../stores/composer';
import { $fastComposeOpen } from '../stores/fast-compose';
import { setInboxOpen } from '../stores/inbox';
import { resetMessagingState } from '../../elements/messaging-dock/state/lifecycle';
import { cleanup, deepActiveElement, mount, shadow, typeInto } from '../../tests/helpers/dom';
import { dbRows, resetServer, setupSession } from '../../tests/helpers/server';
import { waitFor } from '../../tests/helpers/wait';

type Host = HTMLElement & { ready: Promise<void> };

interface Flow {
  html: () => string;
  /** Puts the element mid-flow; returns what must survive the move. */
  act: (host: Host) => Promise<{ node: Node; focus?: Element | null; check?: () => boolean | Promise<boolean> }>;
}

const inputIn = (host: Element, selector: string) => waitFor(() => shadow<HTMLInputElement | HTMLTextAreaElement>(host, selector));

async function typed(host: Element, selector: string, value: string) {
  const field = await inputIn(host, selector);
  field.focus();
  typeInto(field, value);
  return { node: field, focus: field, check: () => field.value === value };
}

let bobPostId = '';

const FLOWS: Record<string, Flow> = {
  'ask-form': {
    html: () => '<ask-form blog-name="bob"></ask-form>',
    async act(host) {
      (await waitFor(() => shadow<HTMLButtonElement>(host, '[part="trigger"]'))).click();
      return typed(host, 'dialog textarea', 'Half a question, not sent');
    },
  },
  'gif-search': {
    html: () => '<gif-search></gif-search>',
    async act(host) {
      (await waitFor(() => shadow<HTMLButtonElement>(host, '[part="trigger"]'))).click();
      return typed(host, 'input[role="combobox"]', 'otters');
    },
  },
  'share-popover': {
    html: () => `<share-popover post-id="${bobPostId}" blog-name="bob"></share-popover>`,
    async act(host) {
      (await waitFor(() => shadow<HTMLButtonElement>(host, '[part="trigger"]'))).click();
      const options = await waitFor(() => shadow(host, '[part="options"]'), { message: 'the share options never showed' });
      return { node: options, check: () => options.isConnected && shadow(host, '[part="options"]') === options };
    },
  },
  'fast-compose': {
    html: () => '<fast-compose></fast-compose>',
    async act(host) {
      $fastComposeOpen.set(true);
      const overlay = await waitFor(() => shadow<HTMLDialogElement>(host, 'dialog[open]'), { message: 'the overlay never opened' });
      const icon = await waitFor(() => shadow<HTMLButtonElement>(host, '[data-type="quote"]'));
      icon.focus();
      return { node: overlay, focus: icon, check: () => overlay.open };
    },
  },
  'activity-popover': {
    html: () => '<activity-popover inline></activity-popover>',
    async act(host) {
      const row = await waitFor(() => shadow(host, '.panel__row, [part~="row"], li'), { message: 'no activity showed' });
      return { node: row };
    },
  },
  'blog-card': {
    html: () => '<blog-card blog-name="bob"><a href="/blog/bob">bob</a></blog-card>',
    async act(host) {
      host.setAttribute('open', '');
      const follow = await waitFor(() => shadow<HTMLButtonElement>(host, '.card .body button'), {
        message: 'the card never showed its buttons',
      });
      follow.focus();
      return { node: follow, focus: follow };
    },
  },
  'blog-header': {
    html: () => '<blog-header></blog-header>',
    async act(host) {
      const button = await waitFor(() => shadow<HTMLButtonElement>(host, 'button'), { message: 'the header never rendered a button' });
      button.focus();
      return { node: button, focus: button };
    },
  },
  'messaging-dock': {
    html: () => '<messaging-dock></messaging-dock>',
    async act(host) {
      setInboxOpen(true);
      const panel = await waitFor(() => shadow(host, '[part~="inbox-panel"]'), { message: 'the inbox never opened' });
      return { node: panel, check: () => shadow(host, '[part~="inbox-panel"]') === panel };
    },
  },
  'peepr-drawer': {
    html: () => '<peepr-drawer></peepr-drawer>',
    async act(host) {
      const mark = mount<HTMLAnchorElement>(`<a href="/blog/bob" data-peepr="bob">bob</a>`);
      mark.click();
      const article = await waitFor(() => shadow<HTMLElement>(host, 'article.post'), {
        message: 'the drawer showed no post',
        timeout: 8000,
      });
      article.focus();
      const dialog = shadow<HTMLDialogElement>(host, 'dialog')!;
      return { node: article, focus: article, check: () => dialog.open && dialog.matches(':modal') };
    },
  },
  'post-composer': {
    html: () => '<post-composer update-url="false"></post-composer>',
    async act(host) {
      openComposerFor({ mode: 'new', type: 'quote' }, 'test');
      await waitFor(() => shadow(host, 'form.post-form:not([inert])'), { message: 'the form never became enabled', timeout: 15_000 });
      const result = await typed(host, '[data-field="quote"] .field__control', 'Half a quote, not posted');
      const dialog = shadow<HTMLDialogElement>(host, 'dialog')!;
      return { ...result, check: () => result.check() && dialog.open && dialog.matches(':modal') };
    },
  },
  'video-player': {
    html: () => '<video-player src="/assets/media/sd.mp4" post-id="7" blog-name="bob"></video-player>',
    async act(host) {
      (await waitFor(() => shadow<HTMLButtonElement>(host, '[part="big-play-button"]'))).click();
      const video = shadow<HTMLVideoElement>(host, 'video')!;
      await waitFor(() => !video.paused && video.currentTime > 0.3, { message: 'the video never played', timeout: 10_000 });
      const at = video.currentTime;
      return { node: video, check: () => !video.paused && video.currentTime > at };
    },
  },
};

describe('a move is not a reset: every element, moved mid-flow', function () {
  this.timeout(60_000);
  before(async () => {
    await resetServer();
    bobPostId = String((await dbRows<{ id: number }>('posts', { blog_name: 'bob' }))[0]!.id);
  });
  beforeEach(() => setupSession('alice'));
  afterEach(async () => {
    $fastComposeOpen.set(false);
    closeComposer();
    setInboxOpen(false);
    await cleanup();
    resetMessagingState();
  });

  for (const [tag, flow] of Object.entries(FLOWS)) {
    it(`<${tag}>`, async () => {
      const host = mount<Host>(`<div class="before">${flow.html()}</div>`).firstElementChild as Host;
      await host.ready;
      const { node, focus, check } = await flow.act(host);
      if (focus) await waitFor(() => deepActiveElement() === focus, { message: 'the control did not take the focus before the move' });
      const firstChild = host.shadowRoot!.firstChild;

      const wrapper = mount('<div class="after"></div>');
      wrapper.append(host);
      await new Promise((resolve) => setTimeout(resolve, 50));

      expect(host.parentElement === wrapper, 'moved').to.equal(true);
      expect(
        host.shadowRoot!.firstChild === firstChild && host.shadowRoot!.contains(node),
        'the same shadow DOM, not a new render',
      ).to.equal(true);
      if (check) await waitFor(check, { message: 'its state did not survive the move', timeout: 5000 });
      if (focus) await waitFor(() => deepActiveElement() === focus, { message: 'the focus did not come back to its control' });
    });
  }
});
