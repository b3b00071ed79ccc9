/**
 * The runtime every element shares (src/core): defineWidget + r2wc, attribute and property
 * handling, lazy mounting, the error boundary, events and shared stylesheets. Each test defines
 * its own tags so nothing leaks between tests. (The request queue: requests.browser.test.ts; the
 * page-wide ConfirmQueue: src/ui/ConfirmQueue.browser.test.ts.)
 */
import { expect } from '@open-wc/testing';
import { createElement as h, useEffect, useState } from 'react';
import { defineWidget, type WidgetElement } from './define-widget';
import type { AttributeType, ElementModule } from './widget-definition';
import { useWidget } from './widget-context';
import { bus } from '../bus/bus';
import { captureConsole, cleanup, mount, shadow, shadowRequired } from '../../tests/helpers/dom';
import { deferred, waitFor } from '../../tests/helpers/wait';

type Props = Record<string, unknown>;
type TestElement = WidgetElement & Record<string, unknown>;

let tagCounter = 0;
/** A tag name no other test uses. */
const uniqueTag = (base: string) => `t-${base}-${++tagCounter}`;

/** Every render's props, by host element (the latest last). */
const seen = new WeakMap<Element, Props[]>();

function PropsProbe(props: Props) {
  const { host } = useWidget();
  const list = seen.get(host) ?? [];
  list.push(props);
  seen.set(host, list);
  return h('output', { 'data-props': JSON.stringify(props) }, String(props.label ?? ''));
}

/** The props of the element's latest render. */
function lastProps(el: Element): Props {
  const list = seen.get(el);
  if (!list?.length) throw new Error(`<${el.localName}> has not rendered`);
  return list[list.length - 1]!;
}

const PROBE_PROPS: Record<string, AttributeType> = {
  label: 'string',
  count: 'number',
  open: 'flag',
  data: 'json',
  blogName: 'string',
  legacy: 'boolean',
};

function defineProbe(base = 'probe', extra: Partial<Parameters<typeof defineWidget>[0]> = {}) {
  const tag = uniqueTag(base);
  defineWidget({ tag, props: PROBE_PROPS, load: async () => ({ default: PropsProbe }), ...extra });
  return tag;
}

afterEach(() => {
  cleanup();
});

describe('defineWidget', () => {
  it('defining a tag twice is a no-op, never a throw', () => {
    const tag = uniqueTag('twice');
    const first = defineWidget({ tag, props: {}, load: async () => ({ default: PropsProbe }) });
    let second: CustomElementConstructor | undefined;
    expect(() => {
      second = defineWidget({ tag, props: { other: 'string' }, load: async () => ({ default: () => null }) });
    }).not.to.throw();
    expect(second).to.equal(first);
    expect(customElements.get(tag)).to.equal(first);
  });

  it('gives the element an open shadow root', async () => {
    const tag = defineProbe();
    const el = mount<TestElement>(`<${tag} label="x"></${tag}>`);
    expect(el.shadowRoot).to.be.instanceOf(ShadowRoot);
    expect(el.shadowRoot!.mode).to.equal('open');
  });

  it('`ready` resolves once the component has rendered into the shadow root', async () => {
    const tag = defineProbe();
    const el = mount<TestElement>(`<${tag} label="ready!"></${tag}>`);
    expect(el.ready).to.be.instanceOf(Promise);
    await el.ready;
    // No waiting after ready: the first commit is already in the DOM.
    expect(shadow(el, 'output')?.textContent).to.equal('ready!');
  });

  describe('attributes reach props', () => {
    it('parses string, number, json and presence-flag attributes by their declared type', async () => {
      const tag = defineProbe();
      const el = mount<TestElement>(
        `<${tag} label="hello" count="42" open data='{"a":[1,"two"],"b":null}' blog-name="alice" legacy="yes"></${tag}>`,
      );
      await el.ready;
      const props = lastProps(el);
      expect(props.label).to.equal('hello');
      expect(props.count).to.equal(42);
      expect(typeof props.count).to.equal('number');
      expect(props.open).to.equal(true);
      expect(props.data).to.deep.equal({ a: [1, 'two'], b: null });
      expect(props.blogName).to.equal('alice');
      expect(props.legacy).to.equal(true);
    });

    it('flag: bare and empty attributes are true, "false" and absence are false', async () => {
      const tag = defineProbe();
      const bare = mount<TestElement>(`<${tag} open></${tag}>`);
      const empty = mount<TestElement>(`<${tag} open=""></${tag}>`);
      const falseValue = mount<TestElement>(`<${tag} open="false"></${tag}>`);
      const absent = mount<TestElement>(`<${tag}></${tag}>`);
      await Promise.all([bare.ready, empty.ready, falseValue.ready, absent.ready]);
      expect(lastProps(bare).open, '<x open>').to.equal(true);
      expect(lastProps(empty).open, '<x open="">').to.equal(true);
      expect(lastProps(falseValue).open, '<x open="false">').to.equal(false);
      expect(lastProps(absent).open, '<x>').to.equal(false);
      // The property reads the same as the prop.
      expect(bare.open).to.equal(true);
      expect(falseValue.open).to.equal(false);
    });

    it('malformed JSON warns once, naming element and attribute, and the element still renders', async () => {
      const tag = defineProbe('badjson');
      const { calls } = await captureConsole('warn', async () => {
        const el = mount<TestElement>(`<${tag} label="still here" data='{"oops": '></${tag}>`);
        await el.ready;
        expect(shadow(el, 'output')?.textContent).to.equal('still here');
        expect(lastProps(el).data).to.equal(undefined);
        expect(lastProps(el).label).to.equal('still here');
      });
      const messages = calls.map((c) => String(c[0]));
      const relevant = messages.find((m) => m.includes(`<${tag}>`));
      expect(relevant, `console.warn calls: ${JSON.stringify(messages)}`).to.be.a('string');
      expect(relevant).to.contain('"data"');
    });

    it('a bad value warns once, not at every render; a new bad value warns again', async () => {
      const tag = defineProbe('badonce');
      const { calls } = await captureConsole('warn', async () => {
        const el = mount<TestElement>(`<${tag} label="a" count="many"></${tag}>`);
        await el.ready;
        // Renders with the bad value still there: each re-reads every attribute.
        for (const label of ['b', 'c', 'd']) {
          el.setAttribute('label', label);
          await waitFor(() => lastProps(el).label === label);
        }
        expect(lastProps(el).count).to.equal(undefined);
        el.setAttribute('count', 'lots');
        await waitFor(() => el.widgetProps.count === undefined && lastProps(el).label === 'd');
        el.setAttribute('label', 'e');
        await waitFor(() => lastProps(el).label === 'e');
      });
      const messages = calls.map((c) => String(c[0])).filter((m) => m.includes(`<${tag}>`) && m.includes('"count"'));
      expect(messages, JSON.stringify(messages)).to.have.length(2);
      expect(messages[0]).to.contain('"many"');
      expect(messages[1]).to.contain('"lots"');
    });

    it('changing and removing an attribute updates the prop', async () => {
      const tag = defineProbe();
      const el = mount<TestElement>(`<${tag} label="one" open count="3"></${tag}>`);
      await el.ready;
      el.setAttribute('label', 'two');
      await waitFor(() => lastProps(el).label === 'two', { message: 'label → "two"' });
      expect(shadow(el, 'output')?.textContent).to.equal('two');

      el.removeAttribute('label');
      await waitFor(() => lastProps(el).label === undefined, { message: 'label removed' });
      el.removeAttribute('open');
      await waitFor(() => lastProps(el).open === false, { message: 'open removed' });
      el.removeAttribute('count');
      await waitFor(() => lastProps(el).count === undefined, { message: 'count removed' });
      expect(el.label).to.equal(undefined);
    });
  });

  describe('properties', () => {
    it('an object set as a property after upgrade reaches the component as the same object', async () => {
      const tag = defineProbe();
      const el = mount<TestElement>(`<${tag} data='{"from":"attribute"}'></${tag}>`);
      await el.ready;
      const value = { nested: { list: [1, 2, 3] }, fn: () => 'kept' };
      el.data = value;
      await waitFor(() => lastProps(el).data === value, { message: 'property value rendered' });
      expect(el.data).to.equal(value);
      // A later attribute change wins over the older property value.
      el.setAttribute('data', '{"from":"attribute again"}');
      await waitFor(() => (lastProps(el).data as { from?: string } | undefined)?.from === 'attribute again', { message: 'attribute wins' });
    });

    it('a presence flag set as a property reflects to its attribute (so :host([flag]) styles apply)', async () => {
      const tag = defineProbe();
      const el = mount<TestElement>(`<${tag}></${tag}>`);
      await el.ready;
      el.open = true;
      await waitFor(() => el.hasAttribute('open') && lastProps(el).open === true, { message: 'open reflected' });
      el.open = false;
      await waitFor(() => !el.hasAttribute('open') && lastProps(el).open === false, { message: 'open removed' });
      // Non-flag props do not reflect.
      el.label = 'prop only';
      await waitFor(() => lastProps(el).label === 'prop only');
      expect(el.hasAttribute('label')).to.equal(false);
    });

    it('a property set before customElements.define is captured on upgrade', async () => {
      const tag = uniqueTag('early');
      const el = document.createElement(tag) as TestElement;
      const early = { set: 'before define' };
      el.data = early;
      el.label = 'early label';
      mount('<div></div>').append(el);
      expect(customElements.get(tag)).to.equal(undefined);

      defineWidget({ tag, props: PROBE_PROPS, load: async () => ({ default: PropsProbe }) });
      expect(el).to.be.instanceOf(customElements.get(tag)!);
      // The own property set before the upgrade no longer shadows the accessor.
      expect(Object.prototype.hasOwnProperty.call(el, 'data')).to.equal(false);
      await el.ready;
      expect(lastProps(el).data).to.equal(early);
      expect(lastProps(el).label).to.equal('early label');
      el.label = 'after';
      await waitFor(() => lastProps(el).label === 'after', { message: 'accessor works after upgrade' });
    });
  });

  describe('error boundary', () => {
    it('a component that throws shows a small alert and does not break a sibling element', async () => {
      const crashTag = uniqueTag('crash');
      const okTag = defineProbe('sibling');
      defineWidget({
        tag: crashTag,
        props: {},
        load: async () => ({
          default: function Crash(): never {
            throw new Error('boom from a test component');
          },
        }),
      });
      const errorEvents: CustomEvent[] = [];
      const onError = (e: Event) => errorEvents.push(e as CustomEvent);
      document.addEventListener('tl-widget-error', onError);
      try {
        const { calls } = await captureConsole('error', async () => {
          const container = mount(`<div><${crashTag}></${crashTag}><${okTag} label="sibling fine"></${okTag}></div>`);
          const crash = container.querySelector(crashTag)!;
          const ok = container.querySelector<TestElement>(okTag)!;
          const alert = await waitFor(() => shadow(crash, '[role="alert"]'), { message: 'error note shown' });
          expect(alert.textContent).to.equal('This part of the page could not load.');
          await (crash as TestElement).ready; // settles with the error note, never hangs
          await ok.ready;
          expect(shadow(ok, 'output')?.textContent).to.equal('sibling fine');
          // The sibling keeps working after the crash.
          ok.setAttribute('label', 'still updating');
          await waitFor(() => shadow(ok, 'output')?.textContent === 'still updating', { message: 'sibling updates' });
          await waitFor(() => errorEvents.length > 0, { message: 'tl-widget-error dispatched' });
          expect(errorEvents[0]!.detail.tag).to.equal(crashTag);
        });
        expect(
          calls.some((c) => String(c[0]).includes(`<${crashTag}>`)),
          'console.error names the element',
        ).to.equal(true);
      } finally {
        document.removeEventListener('tl-widget-error', onError);
      }
    });

    it('a chunk that fails to load shows the same note', async () => {
      const tag = uniqueTag('noload');
      defineWidget({ tag, props: {}, load: () => Promise.reject(new Error('chunk 404')) });
      await captureConsole('error', async () => {
        const el = mount<TestElement>(`<${tag}></${tag}>`);
        const note = await waitFor(() => shadow(el, '[role="alert"]'), { message: 'load failure note' });
        expect(note.textContent).to.equal('This part of the page could not load.');
        await el.ready; // settles with the error note, never hangs
      });
    });
  });

  describe('events', () => {
    it('useWidget().announce(name, detail) dispatches the DOM event (bubbling, composed) and the bus event, once each', async () => {
      const tag = uniqueTag('announcer');
      function Announcer() {
        const { announce } = useWidget();
        return h('button', { type: 'button', onClick: () => announce('tl-ask-form-open', { blogName: 'bob' }) }, 'announce');
      }
      defineWidget({ tag, props: {}, load: async () => ({ default: Announcer }) });
      const el = mount<TestElement>(`<${tag}></${tag}>`);
      await el.ready;
      const heard: { event: CustomEvent; target: EventTarget | null; path: EventTarget[] }[] = [];
      const onBus: unknown[] = [];
      const legacy: unknown[] = [];
      const listener = (event: Event) => heard.push({ event: event as CustomEvent, target: event.target, path: event.composedPath() });
      const onLegacy = (event: Event) => legacy.push((event as CustomEvent).detail);
      document.addEventListener('tl-ask-form-open', listener);
      document.addEventListener('tl:ask-form:open', onLegacy);
      const off = bus.on('tl-ask-form-open', (detail) => onBus.push(detail));
      try {
        shadowRequired<HTMLButtonElement>(el, 'button').click();
        expect(heard).to.have.length(1);
        const { event, target, path } = heard[0]!;
        expect(event).to.be.instanceOf(CustomEvent);
        expect(event.detail).to.deep.equal({ blogName: 'bob' });
        expect(event.bubbles).to.equal(true);
        expect(event.composed).to.equal(true);
        expect(target).to.equal(el);
        expect(path).to.include(el);
        expect(onBus).to.deep.equal([{ blogName: 'bob' }]);
        // The 0.1 name still reaches pages that listen to it, as an alias.
        expect(legacy).to.deep.equal([{ blogName: 'bob' }]);
      } finally {
        off();
        document.removeEventListener('tl-ask-form-open', listener);
        document.removeEventListener('tl:ask-form:open', onLegacy);
      }
    });
  });

  describe('lazy mounting', () => {
    it('an element disconnected before its chunk loads never renders', async () => {
      const tag = uniqueTag('lazy');
      const chunk = deferred<ElementModule>();
      const rendered = new Set<Element>();
      function Lazy() {
        const { host } = useWidget();
        rendered.add(host);
        return h('p', null, 'lazy content');
      }
      defineWidget({ tag, props: {}, load: () => chunk.promise });
      const early = mount<TestElement>(`<${tag}></${tag}>`);
      early.remove();
      const later = mount<TestElement>(`<${tag}></${tag}>`);
      chunk.resolve({ default: Lazy });
      // The later element's mount callback runs after the early one's (same promise, registered later).
      await later.ready;
      expect(rendered.has(later)).to.equal(true);
      expect(rendered.has(early)).to.equal(false);
      expect(early.shadowRoot!.childNodes.length).to.equal(0);
    });

    /**
     * One element's two hosts, whose code is `component`: #dock out of the flow (`renderLater`,
     * rendered in idle time) and, after it in the page, #header near the viewport.
     */
    function mountDockAndHeader(component: ElementModule['default']) {
      const later = uniqueTag('out-of-flow');
      const near = uniqueTag('in-flow');
      const chunk = deferred<ElementModule>();
      defineWidget({ tag: later, props: {}, load: () => chunk.promise, renderLater: true });
      defineWidget({ tag: near, props: {}, load: () => chunk.promise });
      const page = mount(`<div><${later} id="dock"></${later}><${near} id="header"></${near}></div>`);
      chunk.resolve({ default: component });
      return { dock: page.querySelector<TestElement>('#dock')!, header: page.querySelector<TestElement>('#header')! };
    }

    /**
     * A component that records each host it renders in, with whether the batch of the first render
     * had finished by then, as [host id, later].
     */
    function renderOrderProbe() {
      const renders: [string, boolean][] = [];
      let laterTask = false;
      function Probe() {
        const { host } = useWidget();
        // A microtask queued at the first render runs once the batch it is in has finished: every
        // render after that came later (a timer or an idle callback, whichever an engine runs first).
        if (!renders.length) queueMicrotask(() => (laterTask = true));
        renders.push([host.id, laterTask]);
        return h('p', null, 'content');
      }
      return { Probe, renders };
    }

    it('hosts near the viewport render together in one batch; one far below renders later', async () => {
      const tag = uniqueTag('sliced');
      const chunk = deferred<ElementModule>();
      const { Probe, renders } = renderOrderProbe();
      defineWidget({ tag, props: {}, load: () => chunk.promise });
      const page = mount(
        `<div><${tag} id="top"></${tag}><${tag} id="second"></${tag}><div style="height: 5000px"></div><${tag} id="bottom"></${tag}></div>`,
      );
      const [top, second, bottom] = (['#top', '#second', '#bottom'] as const).map((id) => page.querySelector<TestElement>(id)!) as [
        TestElement,
        TestElement,
        TestElement,
      ];
      chunk.resolve({ default: Probe });
      await Promise.all([top.ready, second.ready, bottom.ready]);
      expect(renders).to.deep.equal([
        ['top', false],
        ['second', false],
        ['bottom', true],
      ]);
    });

    it('an element out of the flow (renderLater) renders after the batch of the near ones, though at the top', async () => {
      const { Probe, renders } = renderOrderProbe();
      const { dock, header } = mountDockAndHeader(Probe);
      await Promise.all([dock.ready, header.ready]);
      expect(renders).to.deep.equal([
        ['header', false],
        ['dock', true],
      ]);
    });

    it('a render in idle time is split, with other tasks run between its parts; one near the viewport is one piece', async () => {
      // A timer loop counts tasks while each host renders 40 parts of about 2 ms each.
      let ticks = 0;
      let ticking = true;
      const tick = () => {
        ticks++;
        if (ticking) setTimeout(tick, 0);
      };
      tick();
      const seenTicks = new Map<string, Set<number>>();
      function Part() {
        const { host } = useWidget();
        const until = performance.now() + 2;
        while (performance.now() < until);
        seenTicks.set(host.id, (seenTicks.get(host.id) ?? new Set()).add(ticks));
        return h('span', null, '.');
      }
      const Heavy = () => h('p', null, ...Array.from({ length: 40 }, (_, i) => h(Part, { key: i })));
      const { dock, header } = mountDockAndHeader(Heavy);
      try {
        await Promise.all([dock.ready, header.ready]);
      } finally {
        ticking = false;
      }
      expect(seenTicks.get('header')!.size).to.equal(1);
      expect(seenTicks.get('dock')!.size).to.be.greaterThan(1);
    });

    it("`ready` waits for the component's own effects, for a render in idle time too (a listener it adds is already there)", async () => {
      // A render in idle time is a transition: React commits it, then runs its effects in a later
      // task. Between the two the content is in the shadow root but the listeners are not.
      const heard: string[] = [];
      const Listening = () => {
        const { host } = useWidget();
        useEffect(() => {
          const onPing = () => heard.push(host.id);
          document.addEventListener('tl-test-ping', onPing);
          return () => document.removeEventListener('tl-test-ping', onPing);
        }, [host]);
        return h('p', null, 'listening');
      };
      const hosts = mountDockAndHeader(Listening);
      for (const host of [hosts.dock, hosts.header]) {
        await host.ready;
        document.dispatchEvent(new Event('tl-test-ping'));
        expect(heard, host.id).to.include(host.id);
      }
    });

    it('one constructable stylesheet per element type is shared by every instance', async () => {
      const tag = uniqueTag('styled');
      const styles = ':host { display: block; color: rgb(1, 2, 3); }';
      defineWidget({ tag, props: {}, load: async () => ({ default: () => h('span', null, 'styled'), styles }) });
      const a = mount<TestElement>(`<${tag}></${tag}>`);
      const b = mount<TestElement>(`<${tag}></${tag}>`);
      await Promise.all([a.ready, b.ready]);
      const sheetsA = a.shadowRoot!.adoptedStyleSheets;
      const sheetsB = b.shadowRoot!.adoptedStyleSheets;
      expect(sheetsA.length).to.be.greaterThan(0);
      expect(sheetsA.length).to.equal(sheetsB.length);
      sheetsA.forEach((sheet, i) => expect(sheet, `sheet ${i}`).to.equal(sheetsB[i]));
      const own = sheetsA.find((s) => [...s.cssRules].some((r) => r.cssText.includes('rgb(1, 2, 3)')));
      expect(own, 'the element CSS is one of the adopted sheets').to.be.instanceOf(CSSStyleSheet);
      expect(getComputedStyle(a).color).to.equal('rgb(1, 2, 3)');
      expect(getComputedStyle(b).color).to.equal('rgb(1, 2, 3)');
      // No <style> elements: a strict CSP without 'unsafe-inline' is fine.
      expect(a.shadowRoot!.querySelectorAll('style').length).to.equal(0);
    });
  });
  describe('a move is not a reset', () => {
    /** Counts mounts and keeps a click count in React state, to see whether a move remounted it. */
    const mounts = new WeakMap<Element, number>();
    function Counter() {
      const { host } = useWidget();
      const [clicks, setClicks] = useState(0);
      useEffect(() => {
        mounts.set(host, (mounts.get(host) ?? 0) + 1);
      }, [host]);
      return h('button', { type: 'button', onClick: () => setClicks((n) => n + 1) }, String(clicks));
    }
    const defineCounter = () => {
      const tag = uniqueTag('counter');
      defineWidget({ tag, props: {}, load: async () => ({ default: Counter }) });
      return tag;
    };
    async function clickedOnce(): Promise<{ el: TestElement; button: HTMLButtonElement }> {
      const tag = defineCounter();
      const el = mount<TestElement>(`<div><${tag}></${tag}></div>`).firstElementChild as TestElement;
      await el.ready;
      const button = shadowRequired<HTMLButtonElement>(el, 'button');
      button.click();
      await waitFor(() => button.textContent === '1', { message: 'clicked once' });
      return { el, button };
    }

    it('moved within one task (append into a new wrapper), it keeps its component, its state and its focus', async () => {
      const { el, button } = await clickedOnce();
      button.focus();
      const wrapper = mount('<section></section>');
      wrapper.append(el);
      await Promise.resolve();
      await new Promise((resolve) => setTimeout(resolve));
      expect(el.parentElement).to.equal(wrapper);
      // The same DOM, the same state, one mount; it still renders, and the focus came back.
      expect(shadowRequired(el, 'button')).to.equal(button);
      expect(el.shadowRoot!.activeElement === button, 'the focused control has the focus again').to.equal(true);
      button.click();
      await waitFor(() => button.textContent === '2', { message: 'state kept after the move' });
      expect(mounts.get(el)).to.equal(1);
    });

    it('moveBefore(), where the browser has it, never disconnects it', async function () {
      const { el, button } = await clickedOnce();
      const wrapper = mount('<section><i></i></section>') as HTMLElement & { moveBefore?: (node: Node, child: Node | null) => void };
      if (typeof wrapper.moveBefore !== 'function') this.skip();
      button.focus();
      wrapper.moveBefore!(el, wrapper.firstChild);
      await new Promise((resolve) => setTimeout(resolve));
      expect(el.nextElementSibling?.localName).to.equal('i');
      expect(shadowRequired(el, 'button').textContent).to.equal('1');
      expect(el.shadowRoot!.activeElement === button, 'focus stayed').to.equal(true);
      expect(mounts.get(el)).to.equal(1);
    });

    it('out of the page past the task, it unmounts; put back, it mounts afresh', async () => {
      const { el } = await clickedOnce();
      el.remove();
      await waitFor(() => el.shadowRoot!.childNodes.length === 0, { message: 'unmounted once left out' });
      mount('<section></section>').append(el);
      await waitFor(() => mounts.get(el) === 2, { message: 'mounted again' });
      expect(shadowRequired(el, 'button').textContent, 'a fresh component').to.equal('0');
    });
  });
});
