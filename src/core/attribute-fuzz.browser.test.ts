/**
 * Hostile attributes (#23, item 4): every attribute every element declares — read from the
 * contracts, so a new attribute is fuzzed the day it is declared — is given a wrong type for its
 * declared type, '', a 1 MB string, broken JSON, a `javascript:` URL, a `__proto__` key (as JSON)
 * and `__proto__` as a value, and hostile markup; once on an element that upgrades with the
 * attribute already there, once as a change on a live element. Each time:
 *   - the element renders (it upgrades, `ready` settles, its error note never shows and no
 *     `tl-widget-error` is announced);
 *   - nothing escapes: no window `error` or `unhandledrejection`, no console.error;
 *   - nothing ran (alert/confirm/prompt/print trapped) and nothing was polluted (`({}).polluted`);
 *   - the console warnings naming the element and the attribute are exactly those the rule says
 *     (README, "Attributes"): one for a value its type cannot read — a `number` that is not a number,
 *     a `json` value that is not JSON, a `string` outside the words its contract declares
 *     (`values`) —, none for '' (not set) and none for a free `string`, a `flag` or a `boolean`,
 *     which read any text; plus the element's own checks of what a value names
 *     (ELEMENT_CHECKS). One warning, not one per render: each host is rendered again after the
 *     value is set (a second attribute changes) before the warnings are counted.
 * Batched to stay fast: per element, value and phase, one host per attribute, all on the page at once.
 * Chromium only: reading an attribute (define-widget.ts, the contracts' types) and what an element
 * makes of the value are the package's own script, the same in every engine, and an upgrade with
 * the attribute already there follows the custom elements spec in all three. Firefox and WebKit
 * list the batches as skipped.
 */
import { expect } from '@open-wc/testing';
import { flushSync } from 'react-dom';
import { contract as activityPopover } from '../../elements/activity-popover/contract';
import { contract as askForm } from '../../elements/ask-form/contract';
import { contract as blogCard } from '../../elements/blog-card/contract';
import { contract as blogHeader } from '../../elements/blog-header/contract';
import { contract as fastCompose } from '../../elements/fast-compose/contract';
import { contract as gifSearch } from '../../elements/gif-search/contract';
import { contract as messagingDock } from '../../elements/messaging-dock/contract';
import { contract as peeprDrawer } from '../../elements/peepr-drawer/contract';
import { contract as postComposer } from '../../elements/post-composer/contract';
import { contract as sharePopover } from '../../elements/share-popover/contract';
import { contract as videoPlayer } from '../../elements/video-player/contract';
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
import { TAGS } from '../elements';
import { isBlogName } from '../models/names';
import type { AttributeContract, ElementContract } from './contract';
import type { WidgetElement } from './define-widget';
import { toKebabCase } from './attributes';
import type { AttributeType } from './widget-definition';
import { cleanup } from '../../tests/helpers/dom';
import { resetServer, setupSession } from '../../tests/helpers/server';
import { waitFor } from '../../tests/helpers/wait';
import { trapXss } from '../../tests/helpers/xss';
import { ENGINE } from '../../tests/helpers/engine';

const CONTRACTS: readonly ElementContract[] = [
  activityPopover,
  askForm,
  blogCard,
  blogHeader,
  fastCompose,
  gifSearch,
  messagingDock,
  peeprDrawer,
  postComposer,
  sharePopover,
  videoPlayer,
];

type Phase = 'before upgrade' | 'after upgrade';
const PHASES: readonly Phase[] = ['before upgrade', 'after upgrade'];

interface Hostile {
  name: string;
  value: (type: AttributeType) => string;
  /** The types that cannot read it: one warning each (the rule in src/core/attributes.ts). */
  unreadableFor: readonly AttributeType[];
}

/** A value of another type than the declared one (a string attribute takes any text: a number-like one). */
const WRONG_TYPE: Record<AttributeType, string> = {
  number: 'twelve',
  json: "{'single': 'quotes'}",
  flag: 'no',
  boolean: 'maybe',
  string: '12345',
};
const MEGABYTE = 'x'.repeat(1 << 20);

const HOSTILE: readonly Hostile[] = [
  { name: 'a wrong type', value: (type) => WRONG_TYPE[type], unreadableFor: ['number', 'json'] },
  { name: 'an empty value', value: () => '', unreadableFor: [] },
  { name: 'a 1 MB string', value: () => MEGABYTE, unreadableFor: ['number', 'json'] },
  { name: 'broken JSON', value: () => '{"a":', unreadableFor: ['number', 'json'] },
  { name: 'a javascript: URL', value: () => 'javascript:alert(1)', unreadableFor: ['number', 'json'] },
  // Valid JSON: a `json` attribute reads it (as an own key, never as the prototype).
  { name: 'a __proto__ key', value: () => '{"__proto__":{"polluted":1}}', unreadableFor: ['number'] },
  { name: '__proto__ as the value', value: () => '__proto__', unreadableFor: ['number', 'json'] },
  { name: 'hostile markup', value: () => '<img src=x onerror=alert(1)>', unreadableFor: ['number', 'json'] },
];

/**
 * What an element checks itself, beyond reading the type: whether it warns for this value. Each
 * says what it checks; an element warning where this table does not say so fails the test.
 */
const ELEMENT_CHECKS: Record<string, Record<string, (value: string, phase: Phase) => boolean>> = {
  // `anchor` is the id of a page element: a value naming none warns (no page element has these ids).
  'gif-search': { anchor: (value) => value !== '' },
  // `scope` is a CSS selector: one that does not parse warns (one that matches nothing means the page).
  'blog-card': { scope: (value) => value !== '' && !isSelector(value) },
  // `blog-name` opens the drawer at load, so it is checked then (a later change does not reopen it).
  'peepr-drawer': { 'blog-name': (value, phase) => phase === 'before upgrade' && value.trim() !== '' && !isBlogName(value.trim()) },
};

function isSelector(value: string): boolean {
  try {
    document.createDocumentFragment().querySelector(value);
    return true;
  } catch {
    return false;
  }
}

function expectedWarnings(tag: string, attribute: string, spec: AttributeContract, hostile: Hostile, phase: Phase): number {
  const value = hostile.value(spec.type);
  // A string of a few words (its contract's `values`) cannot read any other non-blank value.
  const unreadable = spec.values ? value.trim() !== '' && !spec.values.includes(value) : hostile.unreadableFor.includes(spec.type);
  const own = ELEMENT_CHECKS[tag]?.[attribute]?.(value, phase) ? 1 : 0;
  return (unreadable ? 1 : 0) + own;
}

type Host = WidgetElement;
const propOf = (attribute: string) => attribute.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

// ---- what the whole file watches ---------------------------------------------------------------

const escaped: string[] = [];
const consoleErrors: string[] = [];
let warnings: string[] = [];
const widgetErrors: string[] = [];
const describeValue = (v: unknown) => (v instanceof Error ? `${v.name}: ${v.message}` : String(v)).slice(0, 300);
const onError = (event: ErrorEvent) => escaped.push(`error: ${describeValue(event.error ?? event.message)}`);
const onRejection = (event: PromiseRejectionEvent) => escaped.push(`unhandledrejection: ${describeValue(event.reason)}`);
const onWidgetError = (event: Event) => widgetErrors.push(JSON.stringify((event as CustomEvent).detail).slice(0, 300));
const originalConsole = { error: console.error, warn: console.warn };
const originalFetch = window.fetch;
let inFlight = 0;
let xss: ReturnType<typeof trapXss>;
const startUrl = location.href;

before(async () => {
  await resetServer();
  await setupSession('alice');
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  document.addEventListener('tl-widget-error', onWidgetError);
  console.error = (...args: unknown[]) => consoleErrors.push(args.map(describeValue).join(' '));
  // Whole, not cut: a warning must not quote a 1 MB value whole, and the test checks it.
  console.warn = (...args: unknown[]) => warnings.push(args.map((a) => (a instanceof Error ? a.message : String(a))).join(' '));
  // Calls the elements start (a hostile blog name asked for): a batch ends once none is out.
  window.fetch = async (...args: Parameters<typeof fetch>) => {
    inFlight++;
    try {
      return await originalFetch(...args);
    } finally {
      inFlight--;
    }
  };
  xss = trapXss();
});

after(() => {
  window.removeEventListener('error', onError);
  window.removeEventListener('unhandledrejection', onRejection);
  document.removeEventListener('tl-widget-error', onWidgetError);
  Object.assign(console, originalConsole);
  window.fetch = originalFetch;
  xss.restore();
});

afterEach(async () => {
  await cleanup();
  // A drawer opened on a hostile blog name put it in the address; the next batch must not open from there.
  if (location.href !== startUrl) history.replaceState(null, '', startUrl);
});

// ---- mounting ----------------------------------------------------------------------------------

const container = () => {
  const div = document.createElement('div');
  div.setAttribute('data-test-container', '');
  document.body.append(div);
  return div;
};

/**
 * "Before upgrade": the element is made in a document without custom elements (as a parser or a
 * page script makes it before the tag is defined), attribute included, then put into the page,
 * where it upgrades: constructor, attributeChangedCallback for the attribute already there,
 * connectedCallback — the path of a tag defined after the page wrote it.
 */
const inert = document.implementation.createHTMLDocument('');

function makeHosts(
  contract: ElementContract,
  hostile: Hostile,
  phase: Phase,
): { host: Host; attribute: string; spec: AttributeContract }[] {
  const list = Object.entries(contract.attributes).map(([prop, spec]) => {
    const attribute = toKebabCase(prop);
    const host = (phase === 'before upgrade' ? inert : document).createElement(contract.tag) as Host;
    if (phase === 'before upgrade') host.setAttribute(attribute, hostile.value(spec.type));
    return { host, attribute, spec };
  });
  const box = container();
  for (const { host } of list) box.append(host);
  // cleanup() (tests/helpers/dom) removes what mount() added; these go the same way.
  afterEachRemovals.push(() => box.remove());
  return list;
}
const afterEachRemovals: Array<() => void> = [];
afterEach(() => afterEachRemovals.splice(0).forEach((remove) => remove()));

async function rendered(host: Host, what: string): Promise<void> {
  let done = false;
  void host.ready.then(() => (done = true));
  await waitFor(() => done, { message: `${what}: ready never settled` });
}

/** Every host not broken: upgraded, rendered, no error note. */
function expectRendering(tag: string, hosts: { host: Host; attribute: string }[], what: string) {
  const ctor = customElements.get(tag)!;
  for (const { host, attribute } of hosts) {
    const where = `${what}, ${attribute}`;
    expect(host instanceof ctor, `${where}: not upgraded`).to.equal(true);
    const root = host.shadowRoot;
    expect(root, `${where}: no shadow root`).to.be.instanceOf(ShadowRoot);
    expect(root!.childElementCount, `${where}: empty shadow root`).to.be.greaterThan(0);
    // The note of a crash (ErrorBoundary) or of code that could not load (define-widget.ts). An
    // element's own error state (a blog or a video that cannot be found) is rendering, as it should.
    expect(root!.querySelector('.tl-widget-error')?.textContent ?? null, `${where}: crashed`).to.equal(null);
    expect(root!.textContent, `${where}: could not load`).not.to.contain('This part of the page could not load.');
  }
}

const inChromium = ENGINE === 'chromium' ? describe : describe.skip;

inChromium('hostile attributes, from the contracts', () => {
  it('covers every element the package has', () => {
    expect(CONTRACTS.map((c) => c.tag).sort()).to.deep.equal([...TAGS].sort());
  });

  for (const contract of CONTRACTS) {
    const names = Object.keys(contract.attributes);
    if (names.length === 0) continue; // no attribute to fuzz (<messaging-dock>)
    describe(`<${contract.tag}> (${names.length} attributes)`, () => {
      for (const phase of PHASES) {
        for (const hostile of HOSTILE) {
          it(`${phase}: ${hostile.name}`, async () => {
            const what = `<${contract.tag}> ${phase}, ${hostile.name}`;
            warnings = [];
            // What this batch adds (a failure here must not fail every later batch).
            const before = {
              errors: consoleErrors.length,
              escaped: escaped.length,
              widgetErrors: widgetErrors.length,
              ran: xss.ran().length,
            };
            const hosts = makeHosts(contract, hostile, phase);
            for (const { host, attribute } of hosts) await rendered(host, `${what}, ${attribute}`);
            if (phase === 'after upgrade') {
              // In flushSync: the change renders and its effects run before the next line, as the
              // first render does (src/core/runtime.tsx), so a crash would show right here.
              for (const { host, attribute, spec } of hosts) flushSync(() => host.setAttribute(attribute, hostile.value(spec.type)));
            }
            // Read again with the value in place, as every render reads it (define-widget.ts: each
            // render takes `widgetProps`), and through the property: no second warning.
            for (const { host, attribute } of hosts) {
              for (let i = 0; i < 3; i++) void host.widgetProps;
              void (host as unknown as Record<string, unknown>)[propOf(attribute)];
            }
            await waitFor(() => inFlight === 0, { message: `${what}: calls still out` });
            expectRendering(contract.tag, hosts, what);

            for (const { host, attribute, spec } of hosts) {
              const named = warnings.filter((w) => w.includes(`<${contract.tag}>`) && w.includes(`"${attribute}"`));
              expect(named.length, `${what}, ${attribute}: warnings ${JSON.stringify(named)}`).to.equal(
                expectedWarnings(contract.tag, attribute, spec, hostile, phase),
              );
              expect(
                named.every((w) => w.length < 1000),
                `${what}, ${attribute}: a warning quotes the whole value`,
              ).to.equal(true);
              // Taken away again: the element goes on rendering without it.
              flushSync(() => host.removeAttribute(attribute));
            }
            expectRendering(contract.tag, hosts, `${what}, then removed`);

            const errors = consoleErrors.slice(before.errors);
            const thrown = escaped.slice(before.escaped);
            const crashes = widgetErrors.slice(before.widgetErrors);
            expect(errors, `${what}: console.error ${JSON.stringify(errors)}`).to.have.length(0);
            expect(thrown, `${what}: escaped ${JSON.stringify(thrown)}`).to.have.length(0);
            expect(crashes, `${what}: tl-widget-error ${JSON.stringify(crashes)}`).to.have.length(0);
            expect(xss.ran().slice(before.ran), `${what}: ran`).to.deep.equal([]);
            expect(({} as Record<string, unknown>).polluted, `${what}: Object.prototype polluted`).to.equal(undefined);
          });
        }
      }
    });
  }
});

// Mocha runs a suite's own tests before its nested suites: this one must come after every batch.
inChromium('after every batch', () => {
  it('nothing escaped after the last batch either', async () => {
    await waitFor(() => inFlight === 0);
    expect(consoleErrors).to.deep.equal([]);
    expect(escaped).to.deep.equal([]);
    expect(widgetErrors).to.deep.equal([]);
    expect(xss.ran()).to.deep.equal([]);
  });
});
