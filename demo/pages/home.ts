/** The developer index at `/`: demo pages, seeded users (with ?as= links), notable blogs, controls. */
import { html, type SafeHtml } from './html';

export interface HomeModel {
  current: string;
  users: { name: string; primary: string; blogs: string[]; verified: boolean; staff: boolean }[];
  notable: { label: string; blogs: string[] }[];
  counts: { blogs: number; posts: number };
}

export function homeBody(m: HomeModel): SafeHtml {
  const pages: [string, string][] = [
    ['/dashboard', 'Legacy dashboard with every element'],
    ['/dashboard?mobile=1', 'Dashboard with the mobile header'],
    ['/dashboard?composer=inline', 'Dashboard with the post form inline (in place of the post buttons, or of the post being edited)'],
    ['/new/text', 'The post form open on load (also /edit/:id and /reblog/:id/:key)'],
    ['/dashboard?as=anonymous', 'Logged-out dashboard (popular posts)'],
    ['/blog/bob', 'A third-party blog theme (loader, video players, ask form)'],
    ['/blog/xss-lab', 'A blog whose description and posts are XSS payloads'],
    ['/blog/moss-and-stone', 'A blog with a custom domain and asks off'],
    ['/tagged/art', 'Dashboard filtered by a tag'],
    ['/docs', 'The elements’ reference site: a page per element with a live example and playground, and the guides'],
    ['/help', 'Help docs: topics, a search, short articles (a plain page)'],
    [
      '/help?mobile=1&flag_responsive_help_docs=1',
      'The help docs in the mobile help-docs shell (mobile header with the responsive_help_docs flag on)',
    ],
    ['/embedded-player', 'tumblelog’s player embedded in frames, talking to the page through the message bridge (size, dock, play, pause)'],
  ];
  return html`<main class="home">
<h1>tumblelog elements — reference server</h1>
<p class="lede">You are <strong>${m.current}</strong>. ${m.counts.blogs} blogs, ${m.counts.posts} posts. Every image is generated locally; no network is used.</p>
<section><h2>Pages</h2><ul>${pages.map(([href, label]) => html`<li><a href="${href}"><code>${href}</code></a> — ${label}</li>`)}</ul></section>
<section><h2>Seeded users</h2>
<table><thead><tr><th>User</th><th>Blogs</th><th>E-mail</th><th>Role</th><th>Switch</th></tr></thead><tbody>
${m.users.map((u) => html`<tr><td>${u.name}</td><td>${u.blogs.map((b, i) => html`${i ? ', ' : ''}<a href="/blog/${b}">${b}</a>${b === u.primary ? ' (primary)' : ''}`)}</td><td>${u.verified ? 'verified' : 'unverified'}</td><td>${u.staff ? 'staff: flags blogs from their cards' : '—'}</td><td><a href="/dashboard?as=${u.name}">dashboard as ${u.name}</a></td></tr>`)}
<tr><td>anonymous</td><td>—</td><td>—</td><td>—</td><td><a href="/dashboard?as=anonymous">log out</a></td></tr>
</tbody></table></section>
<section><h2>Blogs worth knowing</h2><dl>${m.notable.map((n) => html`<dt>${n.label}</dt><dd>${n.blogs.map((b, i) => html`${i ? ', ' : ''}<a href="/blog/${b}">${b}</a>`)}</dd>`)}</dl></section>
<section><h2>Test controls</h2>
<pre>curl -X POST localhost:4000/__demo/faults -H 'content-type: application/json' \\
  -d '{"path":"/svc/follow","status":500,"count":1}'
curl -X POST localhost:4000/__demo/reset
curl 'localhost:4000/__demo/state?table=follows&amp;follower_blog=alice'</pre>
</section>
</main>`;
}
