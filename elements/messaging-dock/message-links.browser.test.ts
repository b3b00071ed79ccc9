/**
 * Links in messages (messaging spec §3 Message, content.formatting), end to end against the
 * reference server: alice sends an address, a blog mention, a post address and hostile text; the
 * server's copy comes back with its formatting, and the bubble shows working links: the address
 * in a new tab, the blog and the post through the blog drawer's `data-peepr`. The hostile text
 * stays text (no element, no script), an address the URL policy refuses stays text. Axe clean.
 */
import { expect } from '@open-wc/testing';
import './index';
import { sendKeys } from '@web/test-runner-commands';
import { typeInto } from '../../tests/helpers/dom';
import { trapXss } from '../../tests/helpers/xss';
import { waitFor } from '../../tests/helpers/wait';
import { axe, composeIn, dock, dockGone, freshDock, messageRows } from './dock.test-helpers';

describe('<messaging-dock> links in messages', function () {
  this.timeout(60_000);
  beforeEach(() => freshDock('alice'));
  afterEach(() => dockGone());

  it('an address, a blog mention and a post address sent by alice come back as links; hostile text stays text', async () => {
    const alerts = trapXss();
    const host = await dock();
    const { win, box } = await composeIn(host, 'bob');
    const post = `${location.origin}/blog/bob/post/7`;
    const hostile = '<img src=x onerror=alert(1)> javascript:alert(2)';
    typeInto(box, `see https://example.com/a?b=1. ask @bob about ${post} ${hostile}`);
    await sendKeys({ press: 'Enter' });
    const bubble = await waitFor(
      () => {
        const last = messageRows(win).at(-1)?.querySelector<HTMLElement>('[part~="message"]');
        return last && last.querySelectorAll('a').length >= 2 ? last : null;
      },
      { message: "the sent message never came back with its links (the server's formatting)" },
    );
    const links = [...bubble.querySelectorAll('a')];
    const external = links.find((a) => a.textContent === 'https://example.com/a?b=1')!;
    expect(external, 'the address is not a link (or took the full stop with it)').to.exist;
    expect(external.getAttribute('href')).to.equal('https://example.com/a?b=1');
    expect(external.target).to.equal('_blank');
    expect(external.rel.split(' ')).to.include.members(['noopener', 'noreferrer']);

    const mention = links.find((a) => a.textContent === '@bob')!;
    expect(mention, 'the mention is not a link').to.exist;
    expect(mention.dataset.peepr).to.equal('bob');
    expect(new URL(mention.href).pathname).to.equal('/blog/bob');

    const postLink = links.find((a) => a.textContent === post)!;
    expect(postLink, 'the post address is not a link').to.exist;
    expect(new URL(postLink.href).pathname).to.equal('/blog/bob/post/7');
    // a post of this site opens in the drawer, like a post anywhere on the page
    expect(JSON.parse(postLink.dataset.peepr ?? 'null')).to.deep.equal({ blogName: 'bob', postId: '7' });

    // the hostile part: text, word for word; nothing ran, no element came of it
    expect(bubble.textContent).to.contain(hostile);
    expect(bubble.querySelector('img')).to.equal(null);
    expect(links.some((a) => a.getAttribute('href')?.startsWith('javascript:'))).to.equal(false);
    expect(alerts.ran()).to.deep.equal([]);
    alerts.restore();
    await axe(host);
  });
});
