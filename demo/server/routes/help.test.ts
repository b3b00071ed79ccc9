/** The help docs (routes/help.ts): the topics, the GET search, the articles, and the flag kept on every link. */
import { describe, expect, it } from 'vitest';
import { HELP_ARTICLES } from '../../pages/help-articles';
import { useTestServer } from '../app.test-helpers';

const { req } = useTestServer();

/** The JSON the page gives <blog-header help-topics>. */
function topicsOf(page: string): { slug: string; href: string }[] {
  const value = /help-topics="([^"]*)"/.exec(page)![1]!;
  return JSON.parse(
    value
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&'),
  );
}

describe('/help', () => {
  it('lists every topic with a link, and marks its header as the help section', async () => {
    const page = await req('/help');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1>Help</h1>');
    for (const a of HELP_ARTICLES) expect(page.text).toContain(`<a href="/help/${a.slug}">${a.title}</a>`);
    expect(page.text).toMatch(/<blog-header page-title="Help" section="help" help-home="\/help" help-topics="/);
    expect(topicsOf(page.text).map((t) => t.slug)).toEqual(HELP_ARTICLES.map((a) => a.slug));
    expect(page.text).toContain('<form class="help_search" method="get" action="/help" role="search"');
  });

  it('?q= filters with the shell’s own search and says how many it found', async () => {
    const page = await req('/help?q=dm');
    expect(page.text).toContain('1 topic matches “dm”');
    expect(page.text).toContain('href="/help/messaging"');
    expect(page.text).not.toContain('<a href="/help/asks">');
    const none = await req('/help?q=zebra');
    expect(none.text).toContain('No topic matches “zebra”.');
    expect(none.text).not.toContain('<ul class="help_topics">');
    expect(none.text).toContain('value="zebra"');
  });

  it('keeps ?mobile=1 and the flags on its links, in the header’s data and in the form', async () => {
    const page = await req('/help?mobile=1&flag_responsive_help_docs=1&q=block&other=x');
    expect(page.text).toContain('<blog-header mobile page-title="Help" section="help"');
    expect(page.text).toContain('help-home="/help?mobile=1&amp;flag_responsive_help_docs=1"');
    expect(page.text).toContain('href="/help/blocking?mobile=1&amp;flag_responsive_help_docs=1"');
    expect(topicsOf(page.text)[0]!.href).toBe('/help/messaging?mobile=1&flag_responsive_help_docs=1');
    expect(page.text).toContain('<input type="hidden" name="mobile" value="1">');
    expect(page.text).toContain('<input type="hidden" name="flag_responsive_help_docs" value="1">');
    expect(page.text).not.toContain('name="other"');
    // and the flag reaches the bootstrap the element reads
    expect(page.text).toContain('"responsive_help_docs":true');
  });

  it('the flag is off unless asked for', async () => {
    expect((await req('/help?mobile=1')).text).toContain('"responsive_help_docs":false');
  });
});

describe('/help/:topic', () => {
  it('every topic has its article, with its related topics and a way back', async () => {
    for (const a of HELP_ARTICLES) {
      const page = await req(`/help/${a.slug}?mobile=1`);
      expect(page.status, a.slug).toBe(200);
      expect(page.text).toContain(`<h1>${a.title}</h1>`);
      expect(page.text).toContain('<a href="/help?mobile=1">All help topics</a>');
      for (const slug of a.related) expect(page.text).toContain(`href="/help/${slug}?mobile=1"`);
      expect(page.text).toContain(`<title>${a.title} | Help | tumblelog</title>`);
    }
  });

  it('an unknown topic is the 404 page', async () => {
    const page = await req('/help/nope');
    expect(page.status).toBe(404);
    expect(page.text).toContain('There is no help topic “nope”.');
  });

  it('related topics name only articles that exist', () => {
    const slugs = new Set(HELP_ARTICLES.map((a) => a.slug));
    for (const a of HELP_ARTICLES) for (const r of a.related) expect(slugs.has(r), `${a.slug} → ${r}`).toBe(true);
  });
});
