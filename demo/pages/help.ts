/**
 * /help and /help/{topic}: the help docs. The same pages with and without the `responsive_help_docs`
 * flag: the page always marks its header `section="help"` and hands it the topics, and
 * <blog-header> decides (mobile with the flag on: the help-docs shell; otherwise the usual header).
 * Without script the search is a GET form and every topic a link.
 */
import { HELP_QUERY_MAX, filterHelpTopics, resultsText } from '../../elements/blog-header/model/help';
import { HELP_ARTICLES, helpArticle, type HelpArticle, type HelpBlock } from './help-articles';
import { html, type SafeHtml } from './html';

export interface HelpPageModel {
  mobile: boolean;
  /** The demo's query kept on every help link (`mobile`, `flag_*`), without the `?`; '' for none. */
  keep: string;
}

const withKeep = (path: string, keep: string) => (keep ? `${path}?${keep}` : path);
const homeOf = (m: HelpPageModel) => withKeep('/help', m.keep);
const hrefOf = (m: HelpPageModel, slug: string) => withKeep(`/help/${slug}`, m.keep);

function header(m: HelpPageModel, pageTitle: string): SafeHtml {
  const topics = JSON.stringify(
    HELP_ARTICLES.map((a) => ({ slug: a.slug, title: a.title, summary: a.summary, keywords: a.keywords, href: hrefOf(m, a.slug) })),
  );
  return html`<div id="header_container" class="header_container"><blog-header${m.mobile ? html` mobile` : ''} page-title="${pageTitle}" section="help" help-home="${homeOf(m)}" help-topics="${topics}"></blog-header></div>`;
}

/** The elements the header's own buttons need on any page: the inbox and the post form. */
const PAGE_ELEMENTS = html`<messaging-dock></messaging-dock>
<post-composer></post-composer>`;

function topicList(m: HelpPageModel, articles: readonly HelpArticle[]): SafeHtml {
  return html`<ul class="help_topics">${articles.map(
    (a) => html`<li><a href="${hrefOf(m, a.slug)}">${a.title}</a><p>${a.summary}</p></li>`,
  )}</ul>`;
}

export function helpHomeBody(m: HelpPageModel & { q: string }): SafeHtml {
  const q = m.q.trim().slice(0, HELP_QUERY_MAX);
  const found = filterHelpTopics(HELP_ARTICLES, q);
  // The search is a GET form: the kept query travels as hidden fields (a GET form drops its action's own query).
  const hidden = [...new URLSearchParams(m.keep)].map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`);
  return html`${header(m, 'Help')}
<main class="help_page">
  <h1>Help</h1>
  <p class="lede">Short answers about messaging, posting, blocking, asks and videos.</p>
  <form class="help_search" method="get" action="/help" role="search" aria-label="Help">
    <label for="help-q">Search help</label>
    <div class="help_search_row"><input id="help-q" type="search" name="q" value="${q}" maxlength="${HELP_QUERY_MAX}"><button class="big_button" type="submit">Search</button></div>
    ${hidden}
  </form>
  ${q ? html`<p class="help_count">${resultsText(found.length, q)} · <a href="${homeOf(m)}">All topics</a></p>` : ''}
  ${found.length ? topicList(m, found) : ''}
  <p class="help_foot"><a href="/dashboard">Back to the dashboard</a> · <a href="/">Demo index</a></p>
</main>
${PAGE_ELEMENTS}`;
}

function block(b: HelpBlock): SafeHtml {
  return typeof b === 'string' ? html`<p>${b}</p>` : html`<ul>${b.list.map((item) => html`<li>${item}</li>`)}</ul>`;
}

export function helpArticleBody(m: HelpPageModel & { article: HelpArticle }): SafeHtml {
  const { article } = m;
  const related = article.related.map(helpArticle).filter((a): a is HelpArticle => a !== undefined);
  return html`${header(m, article.title)}
<main class="help_page help_article">
  <nav class="help_crumbs" aria-label="Breadcrumb"><a href="${homeOf(m)}">Help</a> <span aria-hidden="true">›</span> <span aria-current="page">${article.title}</span></nav>
  <article>
    <h1>${article.title}</h1>
    <p class="lede">${article.summary}</p>
    ${article.body.map(block)}
  </article>
  ${related.length ? html`<section class="help_related" aria-labelledby="help-related"><h2 id="help-related">Related topics</h2>${topicList(m, related)}</section>` : ''}
  <p class="help_foot"><a href="${homeOf(m)}">All help topics</a> · <a href="/dashboard">Back to the dashboard</a></p>
</main>
${PAGE_ELEMENTS}`;
}
