/**
 * A stranger's blog theme ("Harbour", 2013): styled only from the blog's global_theme_params via
 * /static/theme/<name>.css. It loads just the loader, two <video-player>s and an <ask-form>.
 */
import { html, htmlToText, numberWithCommas, timeAgo, type SafeHtml } from './html';
import { postContentHtml, type PostView } from './post-content';

export interface ThemeModel {
  blog: {
    name: string;
    title: string;
    description: string;
    cname: string | null;
    asks: boolean;
    submissions: boolean;
    postCount: number;
    followers: number;
  };
  theme: Record<string, unknown>;
  posts: PostView[];
  page: number;
  totalPages: number;
  /** Tagged view, single-post view … */
  heading?: string;
  basePath: string;
  single: boolean;
  videos: { postId: string; poster: string; caption: string; src: string }[];
}

function themedPost(p: PostView, single: boolean): SafeHtml {
  return html`<article class="theme-post theme-post--${p.type}" id="post-${p.id}" data-post-id="${p.id}">
  ${postContentHtml(p, { video: 'poster' })}
  <footer class="theme-post__meta">
    <a class="theme-post__date" href="${p.post_url}">${timeAgo(p.timestamp)}</a>
    <span class="theme-post__notes">${numberWithCommas(p.note_count)} notes</span>
    ${p.tags.length ? html`<span class="theme-post__tags">${p.tags.map((t) => html`<a href="/blog/${p.blog}/tagged/${encodeURIComponent(t)}">#${t}</a> `)}</span>` : ''}
    ${single ? '' : html`<a class="theme-post__permalink" href="${p.post_url}" aria-label="Permalink">¶</a>`}
  </footer>
</article>`;
}

export function themeBody(m: ThemeModel): SafeHtml {
  const t = m.theme;
  const b = m.blog;
  const shape = t.avatar_shape === 'square' ? 'square' : 'circle';
  const home = `/blog/${b.name}`;
  const description = htmlToText(b.description);
  const pager = m.single
    ? html`<nav class="theme-pager"><a href="${home}">← All posts</a></nav>`
    : html`<nav class="theme-pager" aria-label="Pages">${m.page > 1 ? html`<a class="theme-pager__newer" href="${m.basePath}${m.page > 2 ? `?page=${m.page - 1}` : ''}">← Newer</a>` : html`<span></span>`}<span class="theme-pager__count">${m.page} / ${Math.max(m.totalPages, 1)}</span>${m.page < m.totalPages ? html`<a class="theme-pager__older" href="${m.basePath}?page=${m.page + 1}">Older →</a>` : html`<span></span>`}</nav>`;
  return html`<header class="theme-header${t.show_header_image === false ? ' theme-header--plain' : ''}">
  ${t.show_header_image === false ? '' : html`<img class="theme-header__image" src="/assets/header/${b.name}.svg" alt="" width="640" height="240">`}
  <div class="theme-header__inner">
    ${t.show_avatar === false ? '' : html`<a href="${home}" class="theme-avatar theme-avatar--${shape}"><img src="/assets/avatar/${b.name}/128.svg" alt="${b.name}" width="96" height="96"></a>`}
    ${t.show_title === false ? html`<h1 class="visually-hidden">${b.title}</h1>` : html`<h1 class="theme-title"><a href="${home}">${b.title}</a></h1>`}
    ${t.show_description === false ? '' : html`<p class="theme-description">${description}</p>`}
    <nav class="theme-nav">
      <a href="${home}">Home</a>
      ${b.asks ? html`<a href="#ask">Ask me anything</a>` : ''}
      <ask-form blog-name="${b.name}" trigger="menu"></ask-form>
      <a href="${home}/archive">Archive</a>
      <a href="/dashboard">Dashboard</a>
    </nav>
  </div>
</header>
<div class="theme-layout">
  <main class="theme-posts" id="posts">
    ${m.heading ? html`<h2 class="theme-heading">${m.heading}</h2>` : ''}
    ${m.posts.length ? m.posts.map((p) => themedPost(p, m.single)) : html`<p class="theme-empty">No posts yet.</p>`}
    ${pager}
  </main>
  <aside class="theme-sidebar">
    <section class="theme-box theme-videos" aria-label="Videos">
      <h2 class="theme-box__title">Watch</h2>
      ${m.videos.map((v) => html`<figure class="theme-video"><video-player src="${v.src}" poster="${v.poster}" post-id="${v.postId}" blog-name="${b.name}" width="640" height="360"></video-player><figcaption>${v.caption}</figcaption></figure>`)}
    </section>
    <section class="theme-box theme-ask" id="ask">
      <h2 class="theme-box__title">Ask me anything</h2>
      ${b.asks ? '' : html`<p class="theme-muted">This blog is not taking questions right now.</p>`}
      <ask-form blog-name="${b.name}"></ask-form>
    </section>
    <section class="theme-box theme-about">
      <h2 class="theme-box__title">About</h2>
      <dl>
        <dt>Address</dt><dd>${b.cname ?? `${b.name}.tumblelog.example`}</dd>
        <dt>Posts</dt><dd>${numberWithCommas(b.postCount)}</dd>
        <dt>Followers</dt><dd>${numberWithCommas(b.followers)}</dd>
      </dl>
    </section>
  </aside>
</div>
<footer class="theme-footer">Theme “Harbour” by a stranger on the internet · Powered by tumblelog</footer>`;
}
