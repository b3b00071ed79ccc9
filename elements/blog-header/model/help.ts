/**
 * The mobile help-docs shell's rules, no DOM (authoring spec §2 "Mobile help-docs app shell", §6
 * the `responsive_help_docs` flag). The spec says only that the shell exists behind the flag; what
 * it is — when it shows, the topics it is given, how they are filtered, which one the page is,
 * where Back goes — is ours (README "blog-header", "Help-docs shell").
 *
 * When the shell shows is in rules.ts (`showsHelpShell`): the header every page loads needs that
 * rule only, and this module goes with the shell's own chunk.
 *
 * The reference server filters its `/help?q=` page with the same function, so the page without
 * script and the shell's live filter always list the same topics.
 */
import { safeLinkUrl } from '../../../src/models/urls';

/** The help home when the page names none (`help-home`). */
export const HELP_HOME_DEFAULT = '/help';
/** Where Back goes from the help home when there is no previous screen to return to. */
export const HELP_EXIT_URL = '/dashboard';
/** Ours: a menu is a list to scan, not a catalogue; more is cut (and a page's typo cannot make thousands of rows). */
export const HELP_TOPICS_MAX = 50;
/** Ours: the search term is cut here (the page's own field has the same maxlength). */
export const HELP_QUERY_MAX = 100;

export interface HelpTopic {
  /** Lowercase letters, digits and dashes: the topic's name in its address and in the page's data. */
  slug: string;
  title: string;
  summary: string;
  /** Words a reader may search for that are not in the title or summary ("dm", "mute"). */
  keywords: string[];
  /** Where the topic's article is (a web URL; `{home}/{slug}` when the page gives none). */
  href: string;
}

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$/;

/** The help home the page names, if it is a web URL; otherwise `/help`. */
export function helpHome(raw: string | null | undefined): string {
  return safeLinkUrl(raw ?? undefined) ?? HELP_HOME_DEFAULT;
}

/**
 * The page's `help-topics` value as a list the shell can trust: entries without a valid slug or a
 * title are dropped (with their position: the rest keep their order), a repeated slug keeps its
 * first entry, an href that is not a web URL becomes `{home}/{slug}`, and at most 50 are kept.
 */
export function normalizeHelpTopics(raw: unknown, home: string = HELP_HOME_DEFAULT): HelpTopic[] {
  if (!Array.isArray(raw)) return [];
  const base = home.replace(/[?#].*$/, '').replace(/\/+$/, '');
  const seen = new Set<string>();
  const topics: HelpTopic[] = [];
  for (const entry of raw as unknown[]) {
    if (topics.length >= HELP_TOPICS_MAX) break;
    if (typeof entry !== 'object' || entry === null) continue;
    const r = entry as Record<string, unknown>;
    const slug = typeof r.slug === 'string' ? r.slug.trim() : '';
    const title = typeof r.title === 'string' ? r.title.trim() : '';
    if (!SLUG.test(slug) || !title || seen.has(slug)) continue;
    seen.add(slug);
    topics.push({
      slug,
      title,
      summary: typeof r.summary === 'string' ? r.summary.trim() : '',
      keywords: Array.isArray(r.keywords) ? r.keywords.filter((k): k is string => typeof k === 'string') : [],
      href: (typeof r.href === 'string' ? safeLinkUrl(r.href) : undefined) ?? `${base}/${slug}`,
    });
  }
  return topics;
}

// ---------------------------------------------------------------- filtering

/** Lowercased, accents taken off, anything but letters and digits a space: "Blöcking, DMs!" → "blocking dms". */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The words of a search term (at most 100 characters of it), folded. */
export function queryWords(query: string): string[] {
  const folded = foldText(query.slice(0, HELP_QUERY_MAX));
  return folded ? folded.split(' ') : [];
}

type Searchable = Pick<HelpTopic, 'title' | 'summary' | 'keywords'>;

const wordsOf = (text: string) => (text ? foldText(text).split(' ') : []);
/** Every query word starts a word of `words`: "mess" finds "messaging" as it is typed, "age" does not. */
const allStart = (query: string[], words: string[]) => query.every((q) => words.some((w) => w.startsWith(q)));

/**
 * The topics a search term finds: each of its words must start a word of the title, the summary or
 * the keywords. Topics found by their title alone come first; otherwise the page's order is kept.
 * An empty term finds every topic.
 */
export function filterHelpTopics<T extends Searchable>(topics: readonly T[], query: string): T[] {
  const words = queryWords(query);
  if (!words.length) return [...topics];
  const byTitle: T[] = [];
  const rest: T[] = [];
  for (const topic of topics) {
    const title = wordsOf(topic.title);
    if (allStart(words, title)) byTitle.push(topic);
    else if (allStart(words, [...title, ...wordsOf(topic.summary), ...topic.keywords.flatMap(wordsOf)])) rest.push(topic);
  }
  return [...byTitle, ...rest];
}

/** What a screen reader hears as the list changes under the search field. */
export function resultsText(count: number, query: string): string {
  const term = query.trim().slice(0, HELP_QUERY_MAX);
  if (!term) return `${count} ${count === 1 ? 'topic' : 'topics'}`;
  if (count === 0) return `No topic matches “${term}”.`;
  return `${count} ${count === 1 ? 'topic matches' : 'topics match'} “${term}”`;
}

// ---------------------------------------------------------------- where the page is, where Back goes

/** `url` resolved against `base`, or null when it is not a URL at all. */
function parse(url: string, base?: string): URL | null {
  try {
    return new URL(url, base);
  } catch {
    return null;
  }
}

const samePath = (a: URL, b: URL) => a.origin === b.origin && a.pathname.replace(/\/+$/, '') === b.pathname.replace(/\/+$/, '');

/** Where the page is in the help section: an article (its topic), the help home, or neither (`null`). */
export type HelpPlace = { kind: 'article'; topic: HelpTopic } | { kind: 'home' } | null;

/** Which of the given help pages `url` is, by path (the query — a search, the demo's flags — does not matter). */
export function helpPlace(url: string, home: string, topics: readonly HelpTopic[]): HelpPlace {
  const here = parse(url);
  if (!here) return null;
  for (const topic of topics) {
    const at = parse(topic.href, here.href);
    if (at && samePath(at, here)) return { kind: 'article', topic };
  }
  const homeUrl = parse(home, here.href);
  return homeUrl && samePath(homeUrl, here) ? { kind: 'home' } : null;
}

export interface HelpBack {
  /** The link's address: up one level (an article → the help home; anywhere else → the dashboard). */
  href: string;
  /** Go back in history instead: the previous screen was a page of this site in this tab. */
  history: boolean;
}

/**
 * Back returns to the previous screen when there is one to return to — the referrer is this
 * site's and this tab has history — so a search or a scroll position comes back as it was. Opened
 * from elsewhere (a bookmark, another site, a new tab) it goes up instead: from an article to the
 * help home, from the help home to the dashboard.
 */
export function helpBack(input: { url: string; referrer: string; historyLength: number; home: string; onArticle: boolean }): HelpBack {
  const here = parse(input.url);
  const previous = input.referrer ? parse(input.referrer) : null;
  const history =
    !!here && !!previous && previous.origin === here.origin && previous.href !== here.href.replace(/#.*$/, '') && input.historyLength > 1;
  return { href: input.onArticle ? input.home : HELP_EXIT_URL, history };
}

/**
 * The page was reached from another help page (a topic chosen in the shell's menu, or a link in an
 * article): the shell then moves focus to the article's heading, where reading starts. Arriving
 * from anywhere else the browser's own start (the top of the page) is kept.
 */
export function arrivedFromHelp(input: { url: string; referrer: string; home: string; topics: readonly HelpTopic[] }): boolean {
  const here = parse(input.url);
  const previous = input.referrer ? parse(input.referrer) : null;
  if (!here || !previous || previous.origin !== here.origin) return false;
  return helpPlace(previous.href, input.home, input.topics) !== null;
}

/** The address of the help search: the home with `q` set (kept short), or the home without it for an empty term. */
export function helpSearchUrl(home: string, query: string, base: string): string {
  const url = parse(home, base);
  if (!url) return home;
  const q = query.trim().slice(0, HELP_QUERY_MAX);
  if (q) url.searchParams.set('q', q);
  else url.searchParams.delete('q');
  const origin = parse(base)?.origin;
  return url.origin === origin ? `${url.pathname}${url.search}` : url.href;
}
