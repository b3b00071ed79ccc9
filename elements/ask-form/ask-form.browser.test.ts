/**
 * <ask-form> against the in-process reference server: the states (closed, open, submitting,
 * success, error), the question rules, anonymous rules, questions landing in the `asks` table,
 * the blog's messaging/ask menu, the bus, and the question echo with hostile text. Axe in each state.
 */
import { expect } from '@open-wc/testing';
import './index';
import { bus } from '../../src/bus/bus';
import { answer } from '../../src/core/answer';
import { request } from '../../src/core/requests';
import { $formsOpen } from '../../src/stores/forms';
import { axeCheck } from '../../tests/helpers/axe';
import { cleanup, deepActiveElement, mount, shadow, shadowAll, typeInto } from '../../tests/helpers/dom';
import { dbRows, injectFault, resetServer, setupSession } from '../../tests/helpers/server';
import { waitFor, waitForEvent } from '../../tests/helpers/wait';
import { trapXss, xssVectors } from '../../tests/helpers/xss';

type Host = HTMLElement & { ready: Promise<void>; open?: boolean };
interface AskRow {
  recipient: string;
  asker: string | null;
  anonymous: number;
  question: string;
}

const dialog = (host: Element) => shadow<HTMLDialogElement>(host, 'dialog[open]');
const textarea = (host: Element) => shadow<HTMLTextAreaElement>(host, 'dialog textarea');
const submitButton = (host: Element) => shadow<HTMLButtonElement>(host, 'dialog button[type="submit"]');
const errorsText = (host: Element) => {
  const list = shadow(host, 'dialog [part="errors"]');
  return list && !list.hidden ? (list.textContent ?? '') : '';
};

/** The dialog fades in; axe must see final colours. */
async function settled(host: Element) {
  await waitFor(() => {
    const d = dialog(host);
    return d !== null && d.getAnimations({ subtree: true }).every((a) => a.playState !== 'running');
  });
}

async function openForm(host: Host): Promise<HTMLTextAreaElement> {
  await host.ready;
  const trigger = await waitFor(() => shadow<HTMLButtonElement>(host, '[part="trigger"]'), { message: 'no trigger button' });
  trigger.click();
  await waitFor(() => dialog(host));
  const box = await waitFor(() => textarea(host), { message: 'the question box never rendered' });
  await settled(host);
  return box;
}

async function asks(recipient: string): Promise<AskRow[]> {
  return dbRows<AskRow>('asks', { recipient });
}

describe('<ask-form>', () => {
  beforeEach(async () => {
    await resetServer();
    await setupSession('alice');
  });
  afterEach(() => cleanup());

  it('closed: renders an "Ask {blog} a question" trigger; open: a modal dialog with the box focused', async () => {
    const host = mount<Host>('<ask-form blog-name="bob"></ask-form>');
    await host.ready;
    const trigger = await waitFor(() => shadow<HTMLButtonElement>(host, '[part="trigger"]'));
    expect(trigger.textContent).to.equal('Ask bob a question');
    expect(trigger.getAttribute('aria-expanded')).to.equal('false');
    expect(dialog(host)).to.equal(null);
    await axeCheck(host);

    const opened = waitForEvent<CustomEvent>(host, 'tl-ask-form-open');
    const busOpen = new Promise<string>((resolve) => {
      const off = bus.on('tl-ask-form-open', ({ blogName }) => (off(), resolve(blogName)));
    });
    const box = await openForm(host);
    expect((await opened).detail).to.deep.equal({ blogName: 'bob' });
    expect(await busOpen).to.equal('bob');
    expect(deepActiveElement()).to.equal(box);
    expect(dialog(host)!.matches(':modal')).to.equal(true);
    expect(shadow(host, 'dialog h2')!.textContent).to.equal('Ask bob a question');
    // the page is flagged as having forms open
    expect($formsOpen.get()).to.equal(true);
    expect(document.documentElement.hasAttribute('data-tl-forms-open')).to.equal(true);
    expect(submitButton(host)!.disabled).to.equal(true);
    await axeCheck(dialog(host)!);

    const closed = waitForEvent<CustomEvent>(host, 'tl-ask-form-close');
    dialog(host)!.dispatchEvent(new Event('cancel', { cancelable: true })); // Escape
    await closed;
    await waitFor(() => !dialog(host));
    expect($formsOpen.get()).to.equal(false);
    expect(document.documentElement.hasAttribute('data-tl-forms-open')).to.equal(false);
    await waitFor(() => deepActiveElement() === shadow(host, '[part="trigger"]'), { message: 'focus did not return to the trigger' });
  });

  it('keeps page keyboard commands away while open (keys do not reach document)', async () => {
    const host = mount<Host>('<ask-form blog-name="bob"></ask-form>');
    const box = await openForm(host);
    const heard: string[] = [];
    const listener = (e: KeyboardEvent) => heard.push(e.key);
    document.addEventListener('keydown', listener);
    try {
      box.dispatchEvent(new KeyboardEvent('keydown', { key: 'j', bubbles: true, composed: true }));
      box.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', bubbles: true, composed: true }));
    } finally {
      document.removeEventListener('keydown', listener);
    }
    expect(heard).to.deep.equal([]);
  });

  it("success: sends, stores the question in the blog's inbox, closes, fires tl-ask-sent and echoes it", async () => {
    const host = mount<Host>('<ask-form blog-name="bob"></ask-form>');
    const box = await openForm(host);
    typeInto(box, '  What are you building\nthis week?  ');
    expect(box.value).to.equal('  What are you building this week?  '); // newlines stripped
    await waitFor(() => !submitButton(host)!.disabled);
    const sent = waitForEvent<CustomEvent>(document, 'tl-ask-sent');
    submitButton(host)!.click();
    const event = await sent;
    expect(event.detail).to.deep.equal({ blogName: 'bob', question: 'What are you building this week?', anonymous: false });
    await waitFor(() => !dialog(host));
    const rows = await asks('bob');
    expect(rows).to.have.length(1);
    expect(rows[0]).to.include({ recipient: 'bob', asker: 'alice', anonymous: 0, question: 'What are you building this week?' });
    const notice = shadow(host, '[part="sent"]')!;
    expect(notice.textContent).to.contain('on its way to bob');
    expect(notice.querySelector('q')!.textContent).to.equal('What are you building this week?');
    await axeCheck(host);
    // the form is empty when it opens again
    const again = await openForm(host);
    expect(again.value).to.equal('');
  });

  it('asks anonymously when ticked (bob allows it)', async () => {
    const host = mount<Host>('<ask-form blog-name="bob"></ask-form>');
    const box = await openForm(host);
    const tick = shadow<HTMLInputElement>(host, 'dialog input[type="checkbox"]')!;
    expect(tick.parentElement!.textContent).to.contain('Ask anonymously');
    tick.click();
    typeInto(box, 'Secret question?');
    await waitFor(() => !submitButton(host)!.disabled);
    submitButton(host)!.click();
    await waitFor(() => !dialog(host));
    const rows = await asks('bob');
    expect(rows[0]).to.include({ asker: null, anonymous: 1, question: 'Secret question?' });
  });

  it('rules: link message while typing, empty message on Enter, 500 limit, counter at 100/40/20', async () => {
    const host = mount<Host>('<ask-form blog-name="bob"></ask-form>');
    const box = await openForm(host);
    box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    await waitFor(() => errorsText(host) === 'You need to enter a question!');
    typeInto(box, 'see my site example.com');
    await waitFor(() => errorsText(host) === "Sorry, but please don't include links in questions.");
    expect(box.getAttribute('aria-invalid')).to.equal('true');
    await axeCheck(dialog(host)!); // error state
    typeInto(box, 'fine question');
    await waitFor(() => errorsText(host) === '');
    expect(shadow(host, '[part="counter"]')).to.equal(null);

    const counterAt = async (remaining: number) => {
      typeInto(box, 'x'.repeat(500 - remaining));
      return waitFor(() => {
        const c = shadow(host, '[part="counter"]');
        return c && c.textContent!.startsWith(String(remaining)) ? c : null;
      });
    };
    expect((await counterAt(100)).dataset.level).to.equal('ok');
    expect((await counterAt(41)).dataset.level).to.equal('ok');
    expect((await counterAt(40)).dataset.level).to.equal('warning');
    expect((await counterAt(21)).dataset.level).to.equal('warning');
    expect((await counterAt(20)).dataset.level).to.equal('danger');
    expect((await counterAt(0)).dataset.level).to.equal('danger');
    await axeCheck(dialog(host)!);
    typeInto(box, 'y'.repeat(600));
    expect(box.value).to.have.length(500);
    expect(box.maxLength).to.equal(500);
    await waitFor(() => !submitButton(host)!.disabled);
  });

  it('submitting: the button is disabled while the request runs; a transport error is shown and the text kept', async () => {
    await injectFault('/svc/post/ask', 'timeout', 1, { hold_ms: 1500 });
    const host = mount<Host>('<ask-form blog-name="bob"></ask-form>');
    const box = await openForm(host);
    typeInto(box, 'Will this arrive?');
    await waitFor(() => !submitButton(host)!.disabled);
    submitButton(host)!.click();
    await waitFor(() => submitButton(host)!.textContent === 'Asking…');
    expect(submitButton(host)!.disabled).to.equal(true);
    expect(box.readOnly).to.equal(true);
    dialog(host)!.dispatchEvent(new Event('cancel', { cancelable: true })); // ignored while sending
    expect(dialog(host)).to.not.equal(null);
    await axeCheck(dialog(host)!);
    await waitFor(() => errorsText(host) !== '', { timeout: 8000 });
    expect(errorsText(host)).to.match(/didn't send/);
    expect(box.value).to.equal('Will this arrive?');
    expect(box.readOnly).to.equal(false);
    expect(await asks('bob')).to.have.length(0);
    // and a retry goes through
    submitButton(host)!.click();
    await waitFor(() => !dialog(host));
    expect(await asks('bob')).to.have.length(1);
  });

  it('error: shows the first server error and keeps the question', async () => {
    await injectFault('/svc/post/ask', 403, 1, { code: 1004, title: 'Forbidden', detail: 'bob has blocked you.' });
    const host = mount<Host>('<ask-form blog-name="bob"></ask-form>');
    const box = await openForm(host);
    typeInto(box, 'Hello?');
    await waitFor(() => !submitButton(host)!.disabled);
    submitButton(host)!.click();
    await waitFor(() => errorsText(host) === 'bob has blocked you.');
    expect(box.value).to.equal('Hello?');
    await axeCheck(dialog(host)!);
  });

  it('error: a 200 answer with an errors list shows only the first', async () => {
    const original = window.fetch;
    window.fetch = async (input, init) => {
      if (String(input).includes('/svc/post/ask')) {
        return new Response(JSON.stringify({ meta: { status: 200 }, response: { errors: ['First problem.', 'Second problem.'] } }), {
          status: 200,
        });
      }
      return original(input, init);
    };
    try {
      const host = mount<Host>('<ask-form blog-name="bob"></ask-form>');
      const box = await openForm(host);
      typeInto(box, 'Hello?');
      await waitFor(() => !submitButton(host)!.disabled);
      submitButton(host)!.click();
      await waitFor(() => errorsText(host) === 'First problem.');
      expect(shadowAll(host, 'dialog [part="errors"] li')).to.have.length(1);
      expect(box.value).to.equal('Hello?');
    } finally {
      window.fetch = original;
    }
  });

  it('the server refuses what the rules forbid (asks off, anonymous off, logged-out by name)', async () => {
    const { formKey } = await setupSession('alice');
    const ask = async (form: Record<string, string>) => {
      const response = await fetch('/svc/post/ask', {
        method: 'POST',
        headers: { 'X-Tumblr-Form-Key': formKey },
        body: new URLSearchParams(form),
      });
      return (await response.json()) as { response: { errors?: { detail: string }[]; question?: unknown } };
    };
    expect((await ask({ recipient: 'moss-and-stone', anonymous: 'false', question: 'hi' })).response.errors![0]!.detail).to.equal(
      'moss-and-stone is not taking questions right now.',
    );
    expect((await ask({ recipient: 'alice-sketches', anonymous: 'true', question: 'hi' })).response.errors![0]!.detail).to.equal(
      "alice-sketches doesn't accept anonymous questions.",
    );
    expect((await ask({ recipient: 'bob', anonymous: 'false', question: 'go to example.com' })).response.errors![0]!.detail).to.equal(
      "Sorry, but please don't include links in questions.",
    );
    const anon = await setupSession('anonymous');
    const response = await fetch('/svc/post/ask', {
      method: 'POST',
      headers: { 'X-Tumblr-Form-Key': anon.formKey },
      body: new URLSearchParams({ recipient: 'bob', anonymous: 'false', question: 'hi' }),
    });
    const body = (await response.json()) as { response: { errors: { detail: string }[] } };
    expect(body.response.errors[0]!.detail).to.match(/Log in/);
    expect(await asks('moss-and-stone')).to.have.length(0);
  });

  it('logged out: asks anonymously where allowed', async () => {
    await setupSession('anonymous');
    const host = mount<Host>('<ask-form blog-name="bob"></ask-form>');
    const box = await openForm(host);
    expect(shadow(host, 'dialog input[type="checkbox"]')).to.equal(null);
    expect(shadow(host, 'dialog .ask__who')!.textContent).to.contain('anonymously');
    await axeCheck(dialog(host)!);
    typeInto(box, 'From a stranger');
    await waitFor(() => !submitButton(host)!.disabled);
    submitButton(host)!.click();
    await waitFor(() => !dialog(host));
    expect((await asks('bob'))[0]).to.include({ asker: null, anonymous: 1 });
  });

  it('logged out, blog without anonymous asks: no box, a log-in link instead', async () => {
    await setupSession('anonymous');
    const host = mount<Host>('<ask-form blog-name="alice-sketches"></ask-form>');
    await host.ready;
    (await waitFor(() => shadow<HTMLButtonElement>(host, '[part="trigger"]'))).click();
    const login = await waitFor(() => shadow(host, 'dialog [part="login"]'));
    expect(login.textContent).to.contain('only takes questions from people who are logged in');
    expect(login.querySelector('a')!.getAttribute('href')).to.equal('/login');
    expect(textarea(host)).to.equal(null);
    await settled(host);
    await axeCheck(dialog(host)!);
  });

  it('logged in, blog without anonymous asks: no anonymous option', async () => {
    await setupSession('bob');
    const host = mount<Host>('<ask-form blog-name="alice-sketches"></ask-form>');
    await openForm(host);
    expect(shadow(host, 'dialog input[type="checkbox"]')).to.equal(null);
    expect(shadow(host, 'dialog .ask__who')!.textContent).to.contain('Asking as bob');
  });

  it('a blog with asks off gets no trigger; opened anyway, it says so', async () => {
    const host = mount<Host>('<ask-form blog-name="moss-and-stone"></ask-form>');
    await host.ready;
    host.setAttribute('open', '');
    const closed = await waitFor(() => shadow(host, 'dialog [part="closed"]'));
    expect(closed.textContent).to.contain("moss-and-stone isn't taking questions right now.");
    expect(shadow(host, '[part="trigger"]')).to.equal(null);
    expect(textarea(host)).to.equal(null);
  });

  it('`open` opens the form and is removed when it closes (setting it again reopens)', async () => {
    const host = mount<Host>('<ask-form blog-name="bob" trigger="none"></ask-form>');
    await host.ready;
    expect(shadow(host, '[part="trigger"]')).to.equal(null);
    host.setAttribute('open', '');
    await waitFor(() => textarea(host));
    shadow<HTMLButtonElement>(host, 'dialog .ask__close')!.click();
    await waitFor(() => !dialog(host));
    expect(host.hasAttribute('open')).to.equal(false);
    host.open = true;
    await waitFor(() => textarea(host));
  });

  it('answers the request tl-ask-form-open-request (a blog card menu): the delegate opens for that blog', async () => {
    const own = mount<Host>('<ask-form blog-name="bob"></ask-form>');
    const delegate = mount<Host>('<ask-form trigger="none"></ask-form>');
    await Promise.all([own.ready, delegate.ready]);
    request('tl-ask-form-open-request', { blogName: 'tiny-kitchen' });
    await waitFor(() => textarea(delegate));
    expect(shadow(delegate, 'dialog h2')!.textContent).to.equal('Ask tiny-kitchen a question');
    expect(dialog(own)).to.equal(null);
    shadow<HTMLButtonElement>(delegate, 'dialog .ask__close')!.click();
    await waitFor(() => !dialog(delegate));
    document.dispatchEvent(new CustomEvent('tl-ask-form-open-request', { detail: { blogName: 'bob' } }));
    await waitFor(() => textarea(own));
    expect(dialog(delegate)).to.equal(null);
  });

  it('keeps a typed question when the form is closed and reopened', async () => {
    const host = mount<Host>('<ask-form blog-name="bob"></ask-form>');
    const box = await openForm(host);
    typeInto(box, 'Half a thought');
    dialog(host)!.dispatchEvent(new Event('cancel', { cancelable: true }));
    await waitFor(() => !dialog(host));
    expect((await openForm(host)).value).to.equal('Half a thought');
  });

  it('menu trigger: Send a message / Ask a question / Submit per the blog; asks off opens messaging directly', async () => {
    const host = mount<Host>('<ask-form blog-name="bob" trigger="menu"></ask-form>');
    await host.ready;
    const button = await waitFor(() => shadow<HTMLButtonElement>(host, 'button[part="trigger"]'));
    expect(button.getAttribute('aria-label')).to.equal('Message or ask bob');
    button.click();
    const items = await waitFor(() => (shadowAll(host, '[role="menuitem"]').length ? shadowAll(host, '[role="menuitem"]') : null));
    expect(items.map((i) => i.textContent)).to.deep.equal(['Send a message', 'Ask a question', 'Submit']);
    expect(items[2]!.getAttribute('href')).to.match(/\/blog\/bob\/submit$/);
    await axeCheck(host);
    const messaging = new Promise<string | undefined>((resolve) => {
      const off = answer('tl-messaging-open-request', (detail) => (off(), resolve(detail.blogName)));
    });
    (items[0] as HTMLButtonElement).click();
    expect(await messaging).to.equal('bob');
    button.click();
    (await waitFor(() => shadowAll<HTMLButtonElement>(host, '[role="menuitem"]')[1]))!.click();
    await waitFor(() => textarea(host));

    const bot = mount<Host>('<ask-form blog-name="chatty-bot" trigger="menu"></ask-form>');
    await bot.ready;
    const icon = await waitFor(() => shadow<HTMLButtonElement>(bot, 'button[part="trigger"]'));
    expect(icon.getAttribute('aria-label')).to.equal('Send chatty-bot a message');
    const direct = new Promise<string | undefined>((resolve) => {
      const off = answer('tl-messaging-open-request', (detail) => (off(), resolve(detail.blogName)));
    });
    icon.click();
    expect(await direct).to.equal('chatty-bot');
    expect(shadowAll(bot, '[role="menu"]')).to.have.length(0);
  });

  it(`echoes hostile questions as text: all ${xssVectors.length} DOMPurify vectors stay inert`, async function () {
    this.timeout(120_000);
    const trap = trapXss();
    try {
      const host = mount<Host>('<ask-form blog-name="bob"></ask-form>');
      let sentCount = 0;
      for (const vector of xssVectors) {
        const box = await openForm(host);
        typeInto(box, vector.payload);
        if (!submitButton(host)!.disabled && errorsText(host) === '') {
          submitButton(host)!.click();
          await waitFor(() => !dialog(host) || errorsText(host) !== '');
          if (!dialog(host)) sentCount++;
        }
        if (dialog(host)) {
          typeInto(textarea(host)!, '');
          dialog(host)!.dispatchEvent(new Event('cancel', { cancelable: true }));
          await waitFor(() => !dialog(host));
        }
        const root = host.shadowRoot!;
        expect(
          root.querySelectorAll('script, img:not(.tl-avatar), iframe, svg:not([aria-hidden]), object, embed').length,
          vector.title,
        ).to.equal(0);
        expect(
          [...root.querySelectorAll('*')].some((el) => [...el.attributes].some((a) => a.name.startsWith('on'))),
          vector.title,
        ).to.equal(false);
      }
      expect(sentCount).to.be.greaterThan(50);
      expect(trap.ran()).to.deep.equal([]);
    } finally {
      trap.restore();
    }
  });
});
