/** Small pages: 404, the logged-out follow page, and placeholders for routes outside the demo. */
import { html, type SafeHtml } from './html';

export function notFoundBody(what: string): SafeHtml {
  return html`<main class="simple">
  <h1>There's nothing here.</h1>
  <p>${what}</p>
  <p><a href="/dashboard">Back to the dashboard</a> · <a href="/">Demo index</a></p>
</main>`;
}

export function stubBody(title: string, text: string, links: [string, string][] = [['/dashboard', 'Back to the dashboard']]): SafeHtml {
  return html`<main class="simple">
  <h1>${title}</h1>
  <p>${text}</p>
  <p>${links.map(([href, label], i) => html`${i ? ' · ' : ''}<a href="${href}">${label}</a>`)}</p>
</main>`;
}

export function followingBody(blogs: { name: string; title: string }[]): SafeHtml {
  return html`<main class="simple">
  <h1>Following ${blogs.length} blogs</h1>
  <ul class="simple_list">${blogs.map((b) => html`<li><img src="/assets/avatar/${b.name}/40.svg" alt="" width="40" height="40"> <a href="/blog/${b.name}" data-blog-card="${b.name}">${b.name}</a> <span>${b.title}</span></li>`)}</ul>
  <p><a href="/dashboard">Back to the dashboard</a></p>
  <blog-card></blog-card>
  <messaging-dock></messaging-dock>
</main>`;
}

/** Where a conversation link leads without the dock's script: a legacy page with only <messaging-dock> (its own Messages button). */
export function messagingBody(blogName: string): SafeHtml {
  return html`<main class="simple">
  <h1>Messages</h1>
  <p>This page has no header: <code>&lt;messaging-dock&gt;</code> brings its own Messages button (bottom right).</p>
  <p><a class="big_button" href="/messaging/conversation/${blogName}" data-message-blog="${blogName}">Message ${blogName}</a></p>
  <p><a href="/dashboard">Back to the dashboard</a> · <a href="/following">Following</a></p>
  <messaging-dock></messaging-dock>
</main>`;
}
