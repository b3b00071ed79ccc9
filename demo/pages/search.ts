/** /search and /search/{term} (messaging spec §1 routes): a GET form, then matching blogs and posts. */
import { html, type SafeHtml } from './html';

export interface SearchModel {
  term: string;
  blogs: { name: string; title: string }[];
  posts: { url: string; blog: string; type: string; summary: string; tags: string[] }[];
}

export function searchBody(model: SearchModel): SafeHtml {
  const { term } = model;
  return html`<main class="simple">
  <h1>${term ? html`Search results for “${term}”` : 'Search'}</h1>
  <form class="search_form" method="get" action="/search" role="search">
    <label for="search-q">Search blogs and posts</label>
    <input id="search-q" type="search" name="q" value="${term}" maxlength="100">
    <button class="big_button" type="submit">Search</button>
  </form>
  ${
    term
      ? html`<h2>Blogs</h2>
  ${
    model.blogs.length
      ? html`<ul class="simple_list">${model.blogs.map(
          (b) =>
            html`<li><img src="/assets/avatar/${b.name}/40.svg" alt="" width="40" height="40"> <a href="/blog/${b.name}" data-blog-card="${b.name}">${b.name}</a> <span>${b.title}</span></li>`,
        )}</ul>`
      : html`<p class="empty">No blog matches “${term}”.</p>`
  }
  <h2>Posts</h2>
  ${
    model.posts.length
      ? html`<ul class="simple_list">${model.posts.map(
          (p) =>
            html`<li><a href="/blog/${p.blog}" data-blog-card="${p.blog}">${p.blog}</a> <a href="${p.url}">${p.summary || `A ${p.type} post`}</a>${p.tags.length ? html` <span>${p.tags.map((t) => `#${t}`).join(' ')}</span>` : ''}</li>`,
        )}</ul>`
      : html`<p class="empty">No post matches “${term}”.</p>`
  }`
      : ''
  }
  <p><a href="/dashboard">Back to the dashboard</a></p>
  <blog-card></blog-card>
</main>`;
}
