/**
 * The request queue (src/core/requests.ts): a request made before its answerer has loaded waits and
 * is handed over once; page events and trigger clicks go through the same queue; an earlier name
 * still works, with one warning.
 */
import { expect } from '@open-wc/testing';
import { answer } from './answer';
import { listenForPageRequests, request, triggerRequest } from './requests';
import { Requests } from './events';
import { forwardDeprecatedRequests } from './deprecated-requests';
import { captureConsole, cleanup, mount } from '../../tests/helpers/dom';

/** The queue itself does not care about names: these tests use names no element answers. */
const anyRequest = request as unknown as (name: string, detail?: unknown) => void;
const anyAnswer = answer as unknown as (name: string, handler: (detail: unknown) => void) => () => void;

afterEach(() => cleanup());

describe('requests', () => {
  it('a request made before anyone answers is queued and handed over once, in order, when an answerer appears', () => {
    const name = `tl-test-${Math.random().toString(36).slice(2)}-request`;
    anyRequest(name, { n: 1 });
    anyRequest(name, { n: 2 });
    const got: unknown[] = [];
    const stop = anyAnswer(name, (detail) => got.push(detail));
    expect(got).to.deep.equal([{ n: 1 }, { n: 2 }]);
    anyRequest(name, { n: 3 });
    expect(got).to.deep.equal([{ n: 1 }, { n: 2 }, { n: 3 }]);
    stop();
    anyRequest(name, { n: 4 }); // queued again, for the next answerer
    const later: unknown[] = [];
    anyAnswer(name, (detail) => later.push(detail))();
    expect(later).to.deep.equal([{ n: 4 }]);
    expect(got).to.have.length(3);
  });

  it('page request events on document and clicks on a named trigger go through the queue', () => {
    listenForPageRequests();
    document.dispatchEvent(new CustomEvent('tl-messaging-open-request', { detail: { blogName: 'early' } }));
    const trigger = mount<HTMLButtonElement>('<button id="early-trigger" type="button">GIF</button>');
    const user = mount('<span anchor="early-trigger"></span>');
    trigger.click();
    mount('<button id="not-a-trigger" type="button">x</button>').click();
    const opened: unknown[] = [];
    const clicks: number[] = [];
    const stops = [answer(Requests.messagingOpen, (d) => opened.push(d)), answer(triggerRequest('early-trigger'), () => clicks.push(1))];
    try {
      expect(opened).to.deep.equal([{ blogName: 'early' }]);
      expect(clicks).to.deep.equal([1]);
      trigger.click();
      expect(clicks).to.deep.equal([1, 1]);
      user.remove();
      trigger.click(); // no element names it as its trigger any more
      expect(clicks).to.deep.equal([1, 1]);
    } finally {
      stops.forEach((stop) => stop());
    }
  });

  it('an earlier request name (tl-messaging-open) still reaches its answerer, with one warning however often it is used', async () => {
    listenForPageRequests();
    // Dispatched before the runtime has loaded: queued under the old name, passed on once it has.
    document.dispatchEvent(new CustomEvent('tl-messaging-open', { detail: { blogName: 'early' } }));
    const opened: unknown[] = [];
    const stop = answer(Requests.messagingOpen, (d) => opened.push(d));
    try {
      const { calls, text } = await captureConsole('warn', () => {
        forwardDeprecatedRequests();
        document.dispatchEvent(new CustomEvent('tl-messaging-open', { detail: { blogName: 'old' } }));
        document.dispatchEvent(new CustomEvent('tl-messaging-open', { detail: { blogName: 'older' } }));
      });
      expect(opened).to.deep.equal([{ blogName: 'early' }, { blogName: 'old' }, { blogName: 'older' }]);
      expect(calls).to.have.length(1);
      expect(text).to.equal('tl-messaging-open is deprecated: use tl-messaging-open-request');
    } finally {
      stop();
    }
  });
});
