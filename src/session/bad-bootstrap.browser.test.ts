/**
 * A page with bad session data (#23, item 4). The page's `#tumblelog-bootstrap` and form key are
 * read by readBootstrap(document) once, when the session module loads; here each page is built as
 * a document of its own, read by that same function, and the session set to what it read (as
 * session.ts does). Then every element is put on the page:
 *   - no `#tumblelog-bootstrap`: logged out, nothing said (a page may configure() from code);
 *   - broken JSON; wrong types and `__proto__` keys: logged out, one console warning naming what
 *     was ignored, nothing polluted;
 *   - no form key (a logged-in page without `<meta name="tumblr-form-key">`): a call that needs
 *     the key is not sent; the question typed is kept and the user is told to log in again; one
 *     warning for the page.
 * Every element renders each time (its logged-out or degraded state), and nothing is thrown or
 * logged as an error.
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
import { TAGS } from '../elements';
import type { WidgetElement } from '../core/define-widget';
import { BOOTSTRAP_ID, FORM_KEY_META, readBootstrap } from './bootstrap';
import { $session, configure } from './session';
import { cleanup, mount, shadow, typeInto } from '../../tests/helpers/dom';
import { dbRows, resetServer, setupSession } from '../../tests/helpers/server';
import { waitFor } from '../../tests/helpers/wait';
import { trapXss } from '../../tests/helpers/xss';

const escaped: string[] = [];
const consoleErrors: string[] = [];
let warnings: string[] = [];
const original = { error: console.error, warn: console.warn };
const onError = (event: ErrorEvent) => escaped.push(String(event.error ?? event.message));
const onRejection = (event: PromiseRejectionEvent) => escaped.push(String(event.reason));
let xss: ReturnType<typeof trapXss>;

/** A server-rendered page as the browser would parse it: its bootstrap script and form key meta, each optional. */
function page(options: { bootstrap?: string; formKey?: string }): Document {
  const meta = options.formKey === undefined ? '' : `<meta name="${FORM_KEY_META}" content="${options.formKey}">`;
  const script =
    options.bootstrap === undefined ? '' : `<script type="application/json" id="${BOOTSTRAP_ID}">${options.bootstrap}</script>`;
  return new DOMParser().parseFromString(`<!doctype html><html><head>${meta}</head><body>${script}</body></html>`, 'text/html');
}

/** What session.ts does with the page at load: the session is what readBootstrap read, over an empty one. */
function loadSessionFrom(doc: Document): void {
  configure({ user: null, channels: [], flags: {}, config: {}, formKey: '', apiBase: '', ...readBootstrap(doc) });
}

/** Every element, bare, on the page; each must upgrade and render without crashing. */
async function everyElement(): Promise<Map<string, WidgetElement>> {
  const hosts = new Map(TAGS.map((tag) => [tag, mount<WidgetElement>(`<${tag}></${tag}>`)]));
  for (const [tag, host] of hosts) {
    let done = false;
    void host.ready.then(() => (done = true));
    await waitFor(() => done, { message: `<${tag}> never rendered` });
    expect(host.shadowRoot!.childElementCount, `<${tag}> rendered nothing`).to.be.greaterThan(0);
    expect(shadow(host, '.tl-widget-error'), `<${tag}> crashed`).to.equal(null);
    expect(host.shadowRoot!.textContent, `<${tag}> could not load`).not.to.contain('This part of the page could not load.');
  }
  return hosts;
}

function expectNothingEscaped(what: string): void {
  expect(consoleErrors, `${what}: console.error ${JSON.stringify(consoleErrors)}`).to.have.length(0);
  expect(escaped, `${what}: escaped ${JSON.stringify(escaped)}`).to.have.length(0);
  expect(xss.ran(), `${what}: ran`).to.deep.equal([]);
  expect(({} as Record<string, unknown>).polluted, `${what}: polluted`).to.equal(undefined);
}

const sessionWarnings = () => warnings.filter((w) => w.includes('[tumblelog]') && (w.includes(BOOTSTRAP_ID) || w.includes('form key')));

describe('a page with bad session data', () => {
  before(async () => {
    await resetServer();
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    console.error = (...args: unknown[]) => consoleErrors.push(args.map(String).join(' '));
    console.warn = (...args: unknown[]) => warnings.push(args.map(String).join(' '));
    xss = trapXss();
  });
  after(() => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    Object.assign(console, original);
    xss.restore();
  });
  beforeEach(async () => {
    warnings = [];
    // The server sees a visitor; what the elements believe is the page's bootstrap.
    await setupSession('anonymous');
  });
  afterEach(() => cleanup());

  const loggedOutPages: { name: string; bootstrap?: string; warns: number; names?: string[] }[] = [
    { name: 'no #tumblelog-bootstrap', warns: 0 },
    { name: 'broken JSON', bootstrap: '{"user": {"name": "alice"', warns: 1, names: ['not valid JSON'] },
    {
      name: 'wrong types and __proto__ keys',
      bootstrap:
        '{"user":"alice","channels":{"name":"alice"},"flags":[true],"apiBase":5,"formKey":{},' +
        '"__proto__":{"user":{"name":"mallory","is_staff":true},"polluted":1}}',
      warns: 1,
      names: ['__proto__', 'user', 'channels', 'flags', 'apiBase', 'formKey'],
    },
  ];

  for (const variant of loggedOutPages) {
    it(`${variant.name}: every element renders logged out${variant.warns ? ', with one warning' : ''}`, async () => {
      const doc = page({ formKey: 'fk-from-the-meta', ...(variant.bootstrap === undefined ? {} : { bootstrap: variant.bootstrap }) });
      loadSessionFrom(doc);
      expect($session.get().user, 'logged in').to.equal(null);
      expect($session.get().apiBase).to.equal('');
      const hosts = await everyElement();
      await waitFor(() => shadow(hosts.get('blog-header')!, '[part="login"]'), { message: 'the header is not logged out' });
      const said = sessionWarnings();
      expect(said, JSON.stringify(said)).to.have.length(variant.warns);
      for (const name of variant.names ?? []) expect(said[0]).to.contain(name);
      expectNothingEscaped(variant.name);
    });
  }

  it('no form key: nothing is sent without it, the question is kept and the user is told to log in again', async () => {
    const { bootstrap } = await setupSession('alice');
    loadSessionFrom(page({ bootstrap: JSON.stringify(bootstrap) })); // no <meta name="tumblr-form-key">
    expect($session.get().user?.name).to.equal('alice');
    expect($session.get().formKey).to.equal('');
    await everyElement();

    const posts: string[] = [];
    const fetch = window.fetch;
    window.fetch = (input, init) => {
      if ((init?.method ?? 'GET').toUpperCase() !== 'GET') posts.push(String(input));
      return fetch(input, init);
    };
    try {
      const host = mount<WidgetElement>('<ask-form blog-name="bob"></ask-form>');
      await host.ready;
      (await waitFor(() => shadow<HTMLButtonElement>(host, '[part="trigger"]'), { message: 'no ask trigger' })).click();
      const box = await waitFor(() => shadow<HTMLTextAreaElement>(host, 'dialog textarea'), { message: 'no question box' });
      typeInto(box, 'Kept without a key?');
      const submit = await waitFor(() => {
        const button = shadow<HTMLButtonElement>(host, 'dialog button[type="submit"]');
        return button && !button.disabled ? button : null;
      });
      submit.click();
      await waitFor(() => shadow(host, 'dialog [part="errors"]')?.textContent === 'Log in again to ask a question.', {
        message: 'the user was not told to log in again',
      });
      expect(box.value).to.equal('Kept without a key?');
      expect(
        posts.filter((url) => url.includes('/svc/post/ask')),
        'sent without a form key',
      ).to.deep.equal([]);
      expect(await dbRows('asks', { recipient: 'bob' })).to.have.length(0);
    } finally {
      window.fetch = fetch;
    }
    const said = sessionWarnings();
    expect(said, JSON.stringify(said)).to.have.length(1);
    expect(said[0]).to.contain('form key');
    expectNothingEscaped('no form key');
  });
});
