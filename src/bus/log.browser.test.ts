/**
 * The logging sink's bridges (src/bus/log.ts): logged announcements become log events naming the
 * element that announced, even from inside another element's shadow root; what the user wrote stays
 * out; a render failure goes to /svc/log/lady while the log flag is on.
 */
import { expect } from '@open-wc/testing';
import { logEvent, watchLog } from './log';
import { announce } from '../core/announce';
import { Events } from '../core/events';
import { configure } from '../session/session';
import { cleanup, mount } from '../../tests/helpers/dom';
import { dbRows, resetServer, setupSession } from '../../tests/helpers/server';
import { waitFor } from '../../tests/helpers/wait';

let seen: { event: string; data?: Record<string, unknown> }[] = [];
let stop: () => void = () => {};

beforeEach(() => {
  seen = [];
  stop = watchLog((entry) => seen.push(entry));
});
afterEach(() => {
  stop();
  cleanup();
});

describe('logged announcements', () => {
  it('an announcement from an element inside another one’s shadow root is logged with the inner element as surface', () => {
    const outer = mount('<div></div>');
    const root = outer.attachShadow({ mode: 'open' });
    const card = document.createElement('x-test-card');
    root.append(card);
    announce(card, Events.followChange, { blogName: 'bob', following: true });
    expect(seen).to.deep.include({ event: 'follow_change', data: { blog: 'bob', following: true, surface: 'x-test-card' } });
  });

  it('an ask logs its blog and whether it was anonymous, never the question', () => {
    const form = mount('<x-test-ask></x-test-ask>');
    announce(form, Events.askSent, { blogName: 'bob', question: 'my secret question', anonymous: true });
    const entry = seen.find((e) => e.event === 'ask_sent');
    expect(entry?.data).to.deep.equal({ blog: 'bob', anonymous: true, surface: 'x-test-ask' });
    expect(JSON.stringify(seen)).not.to.contain('secret');
  });

  it('a page-level announcement is from `page`; a page dispatching the name with no detail logs nothing and throws nothing', () => {
    announce(document, Events.share, { network: 'copy', postId: '1', blogName: 'bob' });
    expect(seen.find((e) => e.event === 'share')?.data?.surface).to.equal('page');
    seen = [];
    document.dispatchEvent(new CustomEvent(Events.share));
    expect(seen.filter((e) => e.event === 'share')).to.have.length(0);
  });

  it('an announcement not in the table is not logged', () => {
    announce(mount('<x-test-share></x-test-share>'), Events.shareClose, { postId: '1', blogName: 'bob', mode: 'share' });
    expect(seen).to.have.length(0);
  });
});

describe('render failures', () => {
  beforeEach(async () => {
    await resetServer();
    await setupSession('alice');
  });

  it('go to /svc/log/lady while the log flag is on, and not when it is off', async () => {
    const host = mount('<x-test-broken></x-test-broken>');
    announce(host, Events.widgetError, { tag: 'x-test-broken', message: 'Error: first' });
    const rows = await waitFor(async () => {
      const found = await dbRows<{ tag: string; message: string; kind: string; user_name: string }>('lady_log');
      return found.length ? found : null;
    });
    expect(rows[0]).to.include({ tag: 'x-test-broken', message: 'Error: first', kind: 'widget-error', user_name: 'alice' });

    configure({ flags: { log: false } });
    announce(host, Events.widgetError, { tag: 'x-test-broken', message: 'Error: second' });
    announce(host, Events.widgetError, { tag: 'x-test-broken', message: 'Error: third' });
    // With the flag off nothing is handed to the browser at all (the check comes before the beacon).
    expect((await dbRows<{ message: string }>('lady_log')).map((r) => r.message)).to.deep.equal(['Error: first']);
  });
});

describe('the sink', () => {
  beforeEach(async () => {
    await resetServer();
    await setupSession('alice');
  });

  it('is in before the first event: an event logged just before the page hides (a click on a link) is sent by that hide', async () => {
    // The session turned logging on; the sink is fetched then, not at the first event. The test's
    // own import of it settles once it is in (the same module), and a task later log.ts has it too.
    await import('./log-sink');
    await new Promise((resolve) => setTimeout(resolve, 0));
    logEvent('click', { source: 'app_header', target: 'explore' });
    // The link navigates: the page hides before any later task could load a chunk.
    window.dispatchEvent(new PageTransitionEvent('pagehide'));
    const rows = await waitFor(async () => {
      const found = await dbRows<{ data: string; user_name: string }>('cslog', { event: 'click' });
      return found.length ? found : null;
    });
    expect(rows.map((r) => [r.user_name, JSON.parse(r.data)])).to.deep.include(['alice', { source: 'app_header', target: 'explore' }]);
  });
});
