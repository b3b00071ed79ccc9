/**
 * A blog's own small pages (messaging spec §1 routes): the full activity page
 * (/blog/{name}/activity, linked from <activity-popover>), the ask page ({blog_url}/ask) and the
 * submission page ({blog_url}/submit), linked from the blog's messaging/ask menu.
 */
import {
  BADGE_LABELS,
  badgeFor,
  describe,
  groupByDay,
  quoteFor,
  rowTarget,
  showSparkline,
  sparklinePoints,
  type ActivityNotification,
  type DayGroup,
} from '../../src/models/activity';
import { html, type SafeHtml } from './html';

export interface BlogRef {
  name: string;
  title: string;
  /** Plain text (the caller strips the HTML). */
  description: string;
}

const blogLine = (blog: BlogRef) =>
  html`<p class="blog_line"><img src="/assets/avatar/${blog.name}/40.svg" alt="" width="40" height="40"> <a href="/blog/${blog.name}" data-blog-card="${blog.name}">${blog.name}</a> <span>${blog.title}</span></p>`;

function activityRow(n: ActivityNotification): SafeHtml {
  const badge = badgeFor(n);
  const quote = quoteFor(n);
  const target = rowTarget(n);
  const from = n.from_tumblelog.name;
  return html`<li class="activity_row">
    <img src="/assets/avatar/${from}/40.svg" alt="" width="40" height="40">
    <div>
      <p><a href="/blog/${from}" data-blog-card="${from}">${from}</a> ${target ? html`<a href="${target}">${describe(n)}</a>` : describe(n)}${badge ? html` <span class="badge">${BADGE_LABELS[badge]}</span>` : ''}</p>
      ${quote ? html`<blockquote>${quote}</blockquote>` : ''}
      ${n.post?.summary ? html`<p class="summary">${n.post.summary}</p>` : ''}
    </div>
  </li>`;
}

/** The full activity page: the 30-day sparkline, then every notification grouped by day. */
export function activityPageBody(model: {
  blog: BlogRef;
  notifications: ActivityNotification[];
  sparkline: number[];
  nowMs: number;
  ownBlogs: string[];
}): SafeHtml {
  const groups: DayGroup<ActivityNotification>[] = groupByDay(model.notifications, model.nowMs);
  const total = model.sparkline.reduce((a, b) => a + b, 0);
  return html`<main class="simple">
  <h1>Activity for ${model.blog.name}</h1>
  ${blogLine(model.blog)}
  ${
    model.ownBlogs.length > 1
      ? html`<nav class="blog_tabs" aria-label="Your blogs">${model.ownBlogs.map((b) =>
          b === model.blog.name ? html`<strong aria-current="page">${b}</strong>` : html`<a href="/blog/${b}/activity">${b}</a>`,
        )}</nav>`
      : ''
  }
  ${
    showSparkline(model.sparkline)
      ? html`<figure class="sparkline"><svg viewBox="0 0 300 48" width="300" height="48" role="img" aria-label="${total} notifications in the last 30 days"><polyline fill="none" stroke="currentColor" stroke-width="2" points="${sparklinePoints(model.sparkline, 300, 48)}"/></svg><figcaption>${total} notifications in the last 30 days</figcaption></figure>`
      : ''
  }
  ${
    groups.length
      ? groups.map(
          (g) => html`<section class="activity_day">
  <h2>${g.label} <span>${g.fullDate}</span></h2>
  <ul class="activity_list">${g.items.map(activityRow)}</ul>
</section>`,
        )
      : html`<p class="empty">Check out this tab when you make a post to see Likes, Reblogs, and new followers.</p>`
  }
  <p><a href="/dashboard">Back to the dashboard</a></p>
  <blog-card></blog-card>
</main>`;
}

/** {blog_url}/ask: the blog's <ask-form>, open on arrival; its button reopens it. */
export function askPageBody(blog: BlogRef & { asks: boolean }): SafeHtml {
  return html`<main class="simple">
  <h1>Ask ${blog.name} a question</h1>
  ${blogLine(blog)}
  ${blog.description ? html`<p>${blog.description}</p>` : ''}
  ${
    blog.asks
      ? html`<p><ask-form blog-name="${blog.name}" open>Ask ${blog.name} a question</ask-form></p>`
      : html`<p class="empty">${blog.name} is not taking questions right now.</p>`
  }
  <p><a href="/blog/${blog.name}">Back to ${blog.name}</a> · <a href="/dashboard">Dashboard</a></p>
</main>`;
}

export const SUBMIT_TITLE_MAX = 200;
export const SUBMIT_BODY_MAX = 4096;

/** {blog_url}/submit: a text post offered to the blog (stored as a submission its owner approves or denies). */
export function submitPageBody(model: {
  blog: BlogRef & { submissions: boolean };
  loggedIn: boolean;
  /** The session's form key, sent back with the form (the server checks it on every POST). */
  formKey: string;
  sent: boolean;
  error?: string;
  values?: { title: string; body: string };
}): SafeHtml {
  const { blog } = model;
  const back = html`<p><a href="/blog/${blog.name}">Back to ${blog.name}</a> · <a href="/dashboard">Dashboard</a></p>`;
  const head = html`<h1>Submit a post to ${blog.name}</h1>${blogLine(blog)}`;
  if (!blog.submissions)
    return html`<main class="simple">${head}<p class="empty">${blog.name} is not taking submissions.</p>${back}</main>`;
  if (!model.loggedIn) {
    return html`<main class="simple">${head}<p>Log in to submit a post. In the demo, pick a seeded user:</p>
  <p><a href="/blog/${blog.name}/submit?as=alice">Log in as alice</a> · <a href="/blog/${blog.name}/submit?as=bob">Log in as bob</a></p>${back}</main>`;
  }
  if (model.sent) {
    return html`<main class="simple">${head}<p class="notice" role="status">Thanks! ${blog.name} will see your submission and can post it.</p>
  <p><a href="/blog/${blog.name}/submit">Submit another</a></p>${back}</main>`;
  }
  return html`<main class="simple">${head}
  <form class="submit_form" method="post" action="/blog/${blog.name}/submit">
    ${model.error ? html`<p class="error" role="alert" id="submit-error">${model.error}</p>` : ''}
    <label for="submit-title">Title <span>(optional)</span></label>
    <input id="submit-title" name="title" maxlength="${SUBMIT_TITLE_MAX}" value="${model.values?.title ?? ''}">
    <label for="submit-body">Post</label>
    <textarea id="submit-body" name="body" rows="8" maxlength="${SUBMIT_BODY_MAX}" required${model.error ? html` aria-describedby="submit-error"` : ''}>${model.values?.body ?? ''}</textarea>
    <input type="hidden" name="form_key" value="${model.formKey}">
    <button class="big_button" type="submit">Submit</button>
  </form>
  ${back}</main>`;
}

/** A post waiting on one of the blog's own pages, with what it shows and the marks its buttons carry. */
export interface PendingPostView {
  id: string;
  type: string;
  /** The page button mark: `data-post` JSON (the post actions read id, reblog_key, tumblelog). */
  mark: string;
  title: string;
  body: string;
  /** Asks: who asked (null: anonymous). */
  asker?: string | null;
  /** Submissions: who sent it. */
  submitter?: string;
  /** Queue: the scheduled time, if any. */
  publishOn?: string;
}

export type PendingPage = 'drafts' | 'queue' | 'inbox';

const PAGE_TITLES: Record<PendingPage, string> = { drafts: 'Drafts', queue: 'Queue', inbox: 'Inbox' };
const EMPTY: Record<PendingPage, string> = {
  drafts: 'No drafts. Posts you save as drafts wait here.',
  queue: 'The queue is empty. Queued posts wait here to be published.',
  inbox: 'Nothing in the inbox. Questions and submissions for this blog arrive here.',
};

function pendingButtons(page: PendingPage, p: PendingPostView): SafeHtml {
  const button = (action: string, label: string, extra: SafeHtml | string = '') =>
    html`<button type="button" class="post_control" data-post-action="${action}" data-post="${p.mark}"${extra}>${label}</button>`;
  if (page === 'drafts') return html`${button('publish', 'Publish')}${button('queue', 'Queue')}${button('delete', 'Delete')}`;
  if (page === 'queue') return html`${button('publish', 'Publish now')}${button('delete', 'Delete')}`;
  if (p.type === 'answer') {
    return html`<label class="visually_hidden" for="answer-${p.id}">Your answer</label><textarea id="answer-${p.id}" class="answer_field" rows="3" placeholder="Write your answer"></textarea>
    ${button('answer', 'Answer', html` data-answer-field="answer-${p.id}"`)}${button('delete', 'Delete')}`;
  }
  return html`${button('approve', 'Publish')}${button('approve', 'Queue', html` data-queue="1"`)}${button('deny', 'Deny')}`;
}

function pendingPost(page: PendingPage, p: PendingPostView): SafeHtml {
  const heading =
    p.type === 'answer'
      ? html`<p class="pending_meta">${p.asker ? html`<a href="/blog/${p.asker}" data-blog-card="${p.asker}">${p.asker}</a>` : 'Anonymous'} asked:</p><p class="pending_question">${p.body}</p>`
      : html`${p.submitter ? html`<p class="pending_meta">Submitted by <a href="/blog/${p.submitter}" data-blog-card="${p.submitter}">${p.submitter}</a></p>` : ''}${
          p.title ? html`<h2 class="pending_title">${p.title}</h2>` : ''
        }<p>${p.body}</p>`;
  return html`<li class="pending_post" id="post_${p.id}" aria-labelledby="post_${p.id}_label">
  <span class="visually_hidden" id="post_${p.id}_label">${p.type === 'answer' ? 'Question' : p.title || 'Post'} ${p.id}</span>
  ${heading}
  ${p.publishOn ? html`<p class="pending_meta">Scheduled for ${p.publishOn}</p>` : ''}
  <div class="pending_controls">${pendingButtons(page, p)}</div>
</li>`;
}

/** /blog/{name}/drafts, /queue, /inbox: the blog's waiting posts, each with the actions its page offers. */
export function pendingPageBody(model: { blog: BlogRef; page: PendingPage; posts: PendingPostView[]; ownBlogs: string[] }): SafeHtml {
  const { blog, page } = model;
  return html`<main class="simple">
  <h1>${PAGE_TITLES[page]} <span class="heading_blog">${blog.name}</span></h1>
  <nav class="blog_tabs" aria-label="${blog.name}'s pages">${(['drafts', 'queue', 'inbox'] as const).map((p) =>
    p === page
      ? html`<strong aria-current="page">${PAGE_TITLES[p]}</strong>`
      : html`<a href="/blog/${blog.name}/${p}">${PAGE_TITLES[p]}</a>`,
  )}<a href="/blog/${blog.name}/activity">Activity</a></nav>
  <p class="post_action_status" role="status" id="post_action_status"></p>
  ${model.posts.length ? html`<ul class="pending_list" id="posts">${model.posts.map((p) => pendingPost(page, p))}</ul>` : html`<p class="empty">${EMPTY[page]}</p>`}
  <p><a href="/blog/${blog.name}">Visit ${blog.name}</a> · <a href="/dashboard">Dashboard</a></p>
  <blog-card></blog-card>
</main>`;
}
