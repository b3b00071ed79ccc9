/**
 * The post form's chunk and builder data load on intent (use-form-prefetch.ts): a pointer over a
 * link to a post route fetches them before any click, and the open that follows fetches nothing
 * again. A file of its own: the builder data is cached per page, so only a fresh page shows the
 * prefetch.
 */
import { expect } from '@open-wc/testing';
import './index';
import { closeComposer } from '../../src/stores/composer';
import { cleanup, mount, shadow } from '../../tests/helpers/dom';
import { resetServer, setupSession } from '../../tests/helpers/server';
import { waitFor } from '../../tests/helpers/wait';

const builderRequests = () =>
  performance.getEntriesByType('resource').filter((e) => e.name.includes('/svc/post/get_post_form_builder_data')).length;

describe('<post-composer> prefetch on intent', function () {
  this.timeout(60_000);

  before(async () => {
    await resetServer();
    await setupSession('alice');
  });
  afterEach(() => {
    closeComposer();
    cleanup();
  });

  it('a pointer over a post link fetches the builder data before any click; the open then fetches nothing again', async () => {
    const host = mount<HTMLElement & { ready: Promise<void> }>('<post-composer update-url="false"></post-composer>');
    await host.ready;
    const link = mount<HTMLAnchorElement>('<a href="/new/quote">Quote</a>');
    expect(builderRequests()).to.equal(0);
    link.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, composed: true }));
    await waitFor(() => builderRequests() === 1, { message: 'hovering the link did not fetch the builder data' });
    link.click();
    await waitFor(() => shadow(host, 'form.post-form'), { message: 'the form did not open' });
    await waitFor(() => shadow(host, '[data-field="quote"] .field__control'), { message: 'the form did not load its data' });
    expect(builderRequests()).to.equal(1);
  });
});
