import { describe, expect, it } from 'vitest';
import {
  HELP_TOPICS_MAX,
  arrivedFromHelp,
  filterHelpTopics,
  foldText,
  helpBack,
  helpHome,
  helpPlace,
  helpSearchUrl,
  normalizeHelpTopics,
  queryWords,
  resultsText,
} from './help';

const TOPICS = normalizeHelpTopics([
  { slug: 'messaging', title: 'Messaging', summary: 'Talk to another blog in private.', keywords: ['dm', 'chat'] },
  { slug: 'post-form', title: 'The post form', summary: 'Write, edit and reblog posts.', keywords: ['draft', 'queue'] },
  { slug: 'blocking', title: 'Blocking a blog', summary: 'Stop a blog from messaging you.', keywords: ['mute'] },
  { slug: 'asks', title: 'Asks', summary: 'Ask a blog a question, anonymously where it allows.' },
]);
const slugs = (topics: { slug: string }[]) => topics.map((t) => t.slug);

describe('normalizeHelpTopics', () => {
  it('keeps valid entries in order, fills the defaults and builds {home}/{slug}', () => {
    expect(TOPICS[0]).toEqual({
      slug: 'messaging',
      title: 'Messaging',
      summary: 'Talk to another blog in private.',
      keywords: ['dm', 'chat'],
      href: '/help/messaging',
    });
    expect(TOPICS[3]!.keywords).toEqual([]);
    expect(normalizeHelpTopics([{ slug: 'a', title: 'A' }], '/docs/?x=1')[0]!.href).toBe('/docs/a');
  });

  it('drops what it cannot trust: not an array, bad slugs, no title, repeats, unsafe hrefs', () => {
    expect(normalizeHelpTopics({ slug: 'a', title: 'A' })).toEqual([]);
    expect(normalizeHelpTopics(null)).toEqual([]);
    const topics = normalizeHelpTopics([
      'messaging',
      null,
      { slug: 'Bad Slug', title: 'x' },
      { slug: '-dash', title: 'x' },
      { slug: 'ok', title: '  ' },
      { slug: 'ok', title: 'First' },
      { slug: 'ok', title: 'Second' },
      { slug: 'js', title: 'J', href: 'javascript:alert(1)' },
      { slug: 'own', title: 'Own', href: '/help/own?mobile=1', keywords: ['a', 3, null] },
    ]);
    expect(topics.map((t) => [t.slug, t.title, t.href])).toEqual([
      ['ok', 'First', '/help/ok'],
      ['js', 'J', '/help/js'],
      ['own', 'Own', '/help/own?mobile=1'],
    ]);
    expect(topics[2]!.keywords).toEqual(['a']);
  });

  it('keeps at most 50', () => {
    const many = Array.from({ length: 80 }, (_, i) => ({ slug: `t${i}`, title: `T${i}` }));
    expect(normalizeHelpTopics(many)).toHaveLength(HELP_TOPICS_MAX);
  });
});

describe('helpHome', () => {
  it('is the page’s web URL, else /help', () => {
    expect(helpHome('/help?mobile=1')).toBe('/help?mobile=1');
    expect(helpHome(undefined)).toBe('/help');
    expect(helpHome('javascript:alert(1)')).toBe('/help');
    expect(helpHome('//evil.example/help')).toBe('/help');
  });
});

describe('filtering', () => {
  it('folds case, accents and punctuation', () => {
    expect(foldText('  Blöcking, DMs!  ')).toBe('blocking dms');
    expect(queryWords('  Post   FORM ')).toEqual(['post', 'form']);
    expect(queryWords(' ,.; ')).toEqual([]);
    expect(queryWords('x'.repeat(150))[0]).toHaveLength(100);
  });

  it('an empty term finds everything, in the page’s order', () => {
    expect(slugs(filterHelpTopics(TOPICS, ''))).toEqual(['messaging', 'post-form', 'blocking', 'asks']);
    expect(slugs(filterHelpTopics(TOPICS, '  '))).toEqual(['messaging', 'post-form', 'blocking', 'asks']);
  });

  it('every word must start a word of the title, summary or keywords', () => {
    expect(slugs(filterHelpTopics(TOPICS, 'mess'))).toEqual(['messaging', 'blocking']);
    expect(slugs(filterHelpTopics(TOPICS, 'DM'))).toEqual(['messaging']);
    expect(slugs(filterHelpTopics(TOPICS, 'reblog posts'))).toEqual(['post-form']);
    expect(slugs(filterHelpTopics(TOPICS, 'age'))).toEqual([]); // not the middle of "messaging"
    expect(slugs(filterHelpTopics(TOPICS, 'blog private'))).toEqual(['messaging']);
    expect(slugs(filterHelpTopics(TOPICS, 'anonymous'))).toEqual(['asks']);
  });

  it('topics found by their title come first', () => {
    // "blog" is in the blocking title and in the summaries of messaging and asks.
    expect(slugs(filterHelpTopics(TOPICS, 'blog'))).toEqual(['blocking', 'messaging', 'asks']);
  });

  it('says how many it found', () => {
    expect(resultsText(4, '')).toBe('4 topics');
    expect(resultsText(1, '')).toBe('1 topic');
    expect(resultsText(0, ' dm ')).toBe('No topic matches “dm”.');
    expect(resultsText(1, 'dm')).toBe('1 topic matches “dm”');
    expect(resultsText(2, 'blog')).toBe('2 topics match “blog”');
  });
});

describe('where the page is', () => {
  it('an article by its path (query and trailing slash aside), the home, or neither', () => {
    expect(helpPlace('https://x.test/help/messaging?mobile=1', '/help', TOPICS)).toEqual({ kind: 'article', topic: TOPICS[0] });
    expect(helpPlace('https://x.test/help/asks/', '/help', TOPICS)).toEqual({ kind: 'article', topic: TOPICS[3] });
    expect(helpPlace('https://x.test/help?q=dm', '/help?mobile=1', TOPICS)).toEqual({ kind: 'home' });
    expect(helpPlace('https://x.test/help/nothing', '/help', TOPICS)).toBe(null);
    expect(helpPlace('https://x.test/dashboard', '/help', TOPICS)).toBe(null);
    expect(helpPlace('https://other.test/help', '/help', TOPICS)).toEqual({ kind: 'home' }); // relative home: this origin
    expect(helpPlace('https://x.test/help', 'https://other.test/help', TOPICS)).toBe(null);
    expect(helpPlace('not a url', '/help', TOPICS)).toBe(null);
  });
});

describe('Back', () => {
  const base = { url: 'https://x.test/help/messaging', historyLength: 3, home: '/help?mobile=1', onArticle: true };

  it('returns to the previous screen when it was this site’s, in this tab', () => {
    expect(helpBack({ ...base, referrer: 'https://x.test/help?q=dm' })).toEqual({ href: '/help?mobile=1', history: true });
    expect(helpBack({ ...base, referrer: 'https://x.test/dashboard', onArticle: false, url: 'https://x.test/help' })).toEqual({
      href: '/dashboard',
      history: true,
    });
  });

  it('otherwise goes up: an article to the help home, the home to the dashboard', () => {
    expect(helpBack({ ...base, referrer: '' })).toEqual({ href: '/help?mobile=1', history: false });
    expect(helpBack({ ...base, referrer: 'https://elsewhere.test/' })).toEqual({ href: '/help?mobile=1', history: false });
    expect(helpBack({ ...base, referrer: 'https://x.test/dashboard', historyLength: 1 })).toEqual({
      href: '/help?mobile=1',
      history: false,
    }); // opened in a new tab
    expect(helpBack({ ...base, referrer: 'https://x.test/help/messaging', url: 'https://x.test/help/messaging#top' }).history).toBe(false);
    expect(helpBack({ ...base, referrer: '', onArticle: false }).href).toBe('/dashboard');
  });
});

describe('arrivedFromHelp', () => {
  const base = { url: 'https://x.test/help/asks', home: '/help', topics: TOPICS };
  it('is true from the help home or another article of this site, false from anywhere else', () => {
    expect(arrivedFromHelp({ ...base, referrer: 'https://x.test/help?q=ask' })).toBe(true);
    expect(arrivedFromHelp({ ...base, referrer: 'https://x.test/help/messaging' })).toBe(true);
    expect(arrivedFromHelp({ ...base, referrer: 'https://x.test/dashboard' })).toBe(false);
    expect(arrivedFromHelp({ ...base, referrer: 'https://other.test/help' })).toBe(false);
    expect(arrivedFromHelp({ ...base, referrer: '' })).toBe(false);
  });
});

describe('helpSearchUrl', () => {
  it('sets q on the home, keeping its own query; an empty term is the home without q', () => {
    expect(helpSearchUrl('/help?mobile=1&flag_responsive_help_docs=1', ' dm ', 'https://x.test/help/asks')).toBe(
      '/help?mobile=1&flag_responsive_help_docs=1&q=dm',
    );
    expect(helpSearchUrl('/help?q=old', '', 'https://x.test/')).toBe('/help');
    expect(helpSearchUrl('/help', 'a&b', 'https://x.test/')).toBe('/help?q=a%26b');
    expect(helpSearchUrl('https://docs.test/help', 'x', 'https://x.test/')).toBe('https://docs.test/help?q=x');
  });
});
