/**
 * The legacy dashboard: a 2012-style server-rendered page (floats, a table, high z-indexes) with
 * every element of the SDK dropped in where it belongs.
 */
import { html, numberWithCommas, timeAgo, type SafeHtml } from './html';
import { postContentHtml, type PostView } from './post-content';

export interface SidebarBlog {
  name: string;
  title: string;
  posts?: number;
  followers?: number;
}

export interface DashboardModel {
  user: { name: string; primary: string; likes: number; following: number; blogs: SidebarBlog[] } | null;
  posts: PostView[];
  page: number;
  hasMore: boolean;
  mobile: boolean;
  radar: SidebarBlog[];
  /** Base path for paging links (/dashboard or /tagged/x). */
  basePath: string;
  /** Heading above the posts (tagged view, logged-out view). */
  heading?: string;
  /** Other query parameters to keep in paging links (e.g. mobile=1). */
  keepQuery: string;
  /** `?tutorial=standard|appearance`: the header shows that tutorial step (demo of the shared TutorialPopover). */
  headerTutorial?: 'standard' | 'appearance';
  /** Ids of the posts on this page the viewer likes. */
  liked?: ReadonlySet<string>;
  promoted?: ReadonlyMap<string, string>;
  /** `?composer=inline`: the post form opens in place of the post buttons instead of as a modal. */
  inlineComposer?: boolean;
}

const NEW_POST_TYPES = [
  ['text', 'Text', 'Aa'],
  ['photo', 'Photo', '◉'],
  ['quote', 'Quote', '❝'],
  ['link', 'Link', '∞'],
  ['chat', 'Chat', '☰'],
  ['audio', 'Audio', '♫'],
  ['video', 'Video', '▶'],
] as const;

function pageLink(m: DashboardModel, page: number): string {
  const params = new URLSearchParams(m.keepQuery);
  if (page > 1) params.set('page', String(page));
  else params.delete('page');
  const q = params.toString();
  return `${m.basePath}${q ? `?${q}` : ''}`;
}

export interface PostHtmlOptions {
  /** The viewer's blogs: their posts get an Edit button. */
  ownBlogs: readonly string[];
  /** Ids of the posts the viewer likes (their Like button starts pressed). */
  liked?: ReadonlySet<string>;
  /** The viewer's promotions: `<post id>:<tag>` → the promotion's tag_id (the Promote button starts pressed). */
  promoted?: ReadonlyMap<string, string>;
}

/** The user's own post promoted in its first tag, or not (authoring spec §7 /svc/promote, /svc/unpromote). */
function promoteButton(p: PostView, mark: string, tagId: string | undefined): SafeHtml {
  const tag = p.tags[0]!;
  return html`<button type="button" class="post_control promote" data-post-action="promote" data-post="${mark}" data-tag="${tag}"${tagId ? html` data-tag-id="${tagId}"` : ''} aria-pressed="${String(Boolean(tagId))}">Promote in #${tag}</button>`;
}

/** "via {app}", and for the post's own blogger a button that removes it (authoring spec §7 remove_app_attribution). */
function appAttributionLine(p: PostView, mine: boolean, mark: string): SafeHtml {
  return html`<p class="app_attribution">via ${p.app_attribution ?? ''}${mine ? html` <button type="button" class="post_control remove_attribution" data-post-action="remove-app-attribution" data-post="${mark}" aria-label="Remove “via ${p.app_attribution ?? ''}” from this post">Remove</button>` : ''}</p>`;
}

/** One dashboard post (also sent as `post_dashboard_html` and by the before/after fragments). */
export function postHtml(p: PostView, opts: PostHtmlOptions): SafeHtml {
  const mine = opts.ownBlogs.includes(p.blog);
  const loggedIn = opts.ownBlogs.length > 0;
  const state = p.state && p.state !== 'published' ? p.state : '';
  const peepr = JSON.stringify({ tumblelog: p.blog, postId: p.id });
  // The page's own Like and Delete buttons: data-post-action marks the SDK runs with the shared post actions.
  const liked = opts.liked?.has(p.id) === true;
  const likeMark = JSON.stringify({ id: p.id, reblog_key: p.reblog_key, tumblelog: p.blog, liked, is_mine: mine });
  return html`<li class="post_container" id="post_${p.id}" data-post-id="${p.id}" data-blog-name="${p.blog}" data-type="${p.type}">
  <div class="post_avatar"><a class="post_avatar_link" href="/blog/${p.blog}" data-peepr="${peepr}" title="${p.blog}"><img src="/assets/avatar/${p.blog}/64.svg" alt="" width="64" height="64"></a></div>
  <div class="post post_full is_${p.type}">
    <div class="post_header"><span class="post_info">${html`<a href="/blog/${p.blog}" data-blog-card="${p.blog}" data-peepr="${peepr}">${p.blog}</a>`}</span>
      <span class="post_type_label">${p.type}</span>${state ? html`<span class="post_state_label">${state}</span>` : ''}<a class="post_permalink" href="${p.post_url}" title="Permalink">${timeAgo(p.timestamp)}</a></div>
    <div class="post_content">${p.is_nsfw ? html`<p class="nsfw_notice">Flagged as sensitive by its author.</p>` : ''}${postContentHtml(p, { video: 'player' })}</div>
    ${p.app_attribution ? appAttributionLine(p, mine, likeMark) : ''}
    ${p.tags.length ? html`<div class="post_tags">${p.tags.map((t) => html`<a class="post_tag" href="/tagged/${encodeURIComponent(t)}">#${t}</a> `)}</div>` : ''}
    <div class="post_footer">
      <span class="note_count">${numberWithCommas(p.note_count)} note${p.note_count === 1 ? '' : 's'}</span>
      <span class="post_controls">
        ${loggedIn ? html`<button type="button" class="post_control send" data-share-post="${p.id}" data-share-blog="${p.blog}" data-share-mode="message" aria-label="Send this post to a blog">Send</button>` : ''}
        <button type="button" class="post_control share" data-share-post="${p.id}" data-share-blog="${p.blog}" aria-label="Share this post">Share</button>
        ${mine ? html`<a class="post_control edit" href="/edit/${p.id}" aria-label="Edit this post">Edit</a><button type="button" class="post_control delete" data-post-action="delete" data-post="${likeMark}" aria-label="Delete this post">Delete</button>` : ''}
        ${mine && !state && p.tags[0] ? promoteButton(p, likeMark, opts.promoted?.get(`${p.id}:${p.tags[0]}`)) : ''}
        <a class="post_control reblog" href="/reblog/${p.id}/${p.reblog_key}" aria-label="Reblog this post">Reblog</a>
        ${loggedIn && !mine && !state ? html`<button type="button" class="post_control like" data-post-action="like" data-post="${likeMark}" aria-pressed="${String(liked)}" aria-label="Like this post"><span class="like_heart" aria-hidden="true">♥</span>Like</button>` : ''}
      </span>
    </div>
  </div>
</li>`;
}

/**
 * The right column. Its ad unit (messaging spec §2, 300×250) is a box this page reserves in
 * dashboard.css and marks for the SDK, which fills it from the local ad network (src/ads/page-boxes.ts).
 */
function sidebar(m: DashboardModel): SafeHtml {
  const u = m.user;
  const blogsBox = u
    ? html`<div class="dashboard_controls" id="dashboard_controls_open_blog">
  <h3 class="sidebar_title">Your blogs</h3>
  <ul class="controls_section blog_list">${u.blogs.map((b) => html`<li><a href="/blog/${b.name}" class="blog_link"><img src="/assets/avatar/${b.name}/24.svg" alt="" width="24" height="24"><span class="blog_name">${b.name}</span><span class="blog_stats">${numberWithCommas(b.posts ?? 0)} posts · ${numberWithCommas(b.followers ?? 0)} followers</span></a></li>`)}</ul>
  <ul class="controls_section counts"><li><a href="/following">Following <span class="count">${numberWithCommas(u.following)}</span></a></li><li><a href="/likes">Likes <span class="count">${numberWithCommas(u.likes)}</span></a></li></ul>
  <ul class="controls_section counts" aria-label="${u.primary}'s posts waiting">${(['drafts', 'queue', 'inbox'] as const).map(
    (page) => html`<li><a href="/blog/${u.primary}/${page}">${page[0]!.toUpperCase()}${page.slice(1)}</a></li>`,
  )}</ul>
</div>`
    : html`<div class="dashboard_controls signup_box">
  <h3 class="sidebar_title">Come for what you love.</h3>
  <p>Stay for what you discover. Follow blogs, ask questions, send messages.</p>
  <p><a class="big_button" href="/dashboard?as=alice">Log in as alice</a> <a class="big_button secondary" href="/">Other demo users</a></p>
</div>`;
  return html`<aside id="right_column" aria-label="Sidebar">
${blogsBox}
${
  u
    ? html`<div class="dashboard_controls" id="activity_box">
  <h3 class="sidebar_title">Activity</h3>
  <activity-popover></activity-popover>
</div>`
    : ''
}
<div class="dashboard_controls" id="radar">
  <h3 class="sidebar_title">Radar</h3>
  <ul class="radar_list">${m.radar.map((b) => html`<li class="radar_item"><img src="/assets/avatar/${b.name}/40.svg" alt="" width="40" height="40"><span class="radar_text"><blog-card blog-name="${b.name}"><a href="/blog/${b.name}">${b.name}</a></blog-card><span class="radar_title">${b.title}</span></span></li>`)}</ul>
</div>
<div class="sidebar_ad" data-tl-ad-slot="sidebar" data-ad-script="/assets/ads/peepr-ad.js"></div>
${
  u
    ? html`<div class="dashboard_controls" id="messages_box">
  <h3 class="sidebar_title">Messages</h3>
  <p class="sidebar_hint">Old page buttons opening <code>&lt;messaging-dock&gt;</code> conversations.</p>
  <ul class="message_buttons">
    <li><a href="/messaging/conversation/chatty-bot" data-message-blog="chatty-bot">Message chatty-bot</a> <span class="sidebar_hint">answers in about 2 s</span></li>
    <li><a href="/messaging/conversation/bob" data-message-blog="bob">Message bob</a></li>
    <li><a href="/messaging/conversation/letterpress" data-message-blog="letterpress">Message letterpress</a> <span class="sidebar_hint">only takes messages from blogs it follows</span></li>
    <li><a href="/messaging/conversation/lighthouse-keeper" data-message-blog="lighthouse-keeper">Message lighthouse-keeper</a> <span class="sidebar_hint">follow it first</span></li>
  </ul>
</div>`
    : ''
}
<div class="dashboard_controls" id="gif_box">
  <h3 class="sidebar_title">Find a GIF</h3>
  <button type="button" class="big_button gif_trigger" id="gif_trigger">Find a GIF</button>
  <gif-search anchor="gif_trigger" load-full context="dashboard"></gif-search>
  <figure id="gif_pick" class="gif_pick" hidden><img alt=""><figcaption></figcaption></figure>
</div>
<div class="dashboard_controls" id="ask_box">
  <h3 class="sidebar_title">Ask bob anything</h3>
  <p class="sidebar_hint">bob accepts questions, anonymous ones too.</p>
  <ask-form blog-name="bob"></ask-form>
</div>
<div class="dashboard_controls" id="legacy_event_box">
  <h3 class="sidebar_title">Legacy event log</h3>
  <p class="sidebar_hint">Old page code listening on <code>document</code> for <code>tl-*</code> events.</p>
  <ol id="legacy_event_log" class="event_log" data-events="tl-compose tl-fast-compose-open tl-fast-compose-close tl-inbox-toggle tl-conversation-open tl-conversation-close tl-header-drawer-open tl-header-drawer-close tl-tutorial-dismiss tl:log"></ol>
</div>
<div id="footer_links"><a href="/">Demo index</a> · <a href="/help">Help</a> · <a href="/blog/alice">alice</a> · <a href="/blog/bob">bob</a> · <span>© 2012 tumblelog</span></div>
</aside>`;
}

/** <blog-header> attributes: the logged-out splash's featured post, and the demo tutorial step. */
function headerExtras(m: DashboardModel): SafeHtml {
  const photo = m.user
    ? undefined
    : m.posts.find((p) => p.type === 'photo' && Array.isArray(p.content.photos) && p.content.photos.length > 0);
  const image = photo ? (photo.content.photos as { url?: unknown }[])[0]?.url : undefined;
  const featured = photo
    ? JSON.stringify({ blog_name: photo.blog, post_url: photo.post_url, ...(typeof image === 'string' ? { image_url: image } : {}) })
    : '';
  let tutorial = '';
  if (m.user && m.headerTutorial === 'appearance') {
    const blog = m.user.blogs.find((b) => b.name === m.user!.primary);
    tutorial = JSON.stringify({
      name: 'appearance-intro',
      template: 'appearance',
      position: 'bottom',
      pinnedTarget: m.mobile ? 'burger' : 'account',
      glass: true,
      title: 'Make it yours',
      content: 'Pick colours, a header image and a title font for your blog.',
      ok_text: 'Got it',
      appearance_data: {
        name: m.user.primary,
        title: blog?.title ?? m.user.primary,
        description: 'Your blog, as visitors see it.',
        avatar_url: `/assets/avatar/${m.user.primary}/128.svg`,
        global_theme_params: { header_image_focused: `/assets/header/${m.user.primary}.svg` },
      },
    });
  } else if (m.user && m.headerTutorial === 'standard') {
    tutorial = JSON.stringify({
      name: 'compose-intro',
      position: 'bottom',
      pinnedTarget: m.mobile ? 'burger' : 'compose',
      title: 'Post something',
      content: m.mobile
        ? 'Open the menu and choose Create a post.'
        : 'Press the pencil, or hold z and press c anywhere on the page, to pick a post type.',
      ok_text: 'OK',
    });
  }
  return html`${featured ? html` featured-post="${featured}"` : ''}${tutorial ? html` tutorial="${tutorial}"` : ''}`;
}

export function dashboardBody(m: DashboardModel): SafeHtml {
  const newPost = m.user
    ? html`<div id="new_post_buttons" class="new_post_buttons">
  <div class="post_avatar"><a href="/blog/${m.user.primary}" data-blog-card="${m.user.primary}"><img src="/assets/avatar/${m.user.primary}/64.svg" alt="${m.user.primary}" width="64" height="64"></a></div>
  <table class="new_post_table" role="presentation"><tr>${NEW_POST_TYPES.map(([type, label, icon]) => html`<td><a class="new_post_label new_post_label_${type}" href="/new/${type}" data-post-type="${type}"><span class="new_post_icon" aria-hidden="true">${icon}</span>${label}</a></td>`)}</tr></table>
  <div class="compose_tools"><fast-compose></fast-compose><post-composer${m.inlineComposer ? html` inline` : ''}></post-composer></div>
</div>`
    : html`<div id="logged_out_banner" class="new_post_buttons logged_out">${m.heading ? html`<h2>Popular right now</h2>` : html`<h1>Popular right now</h1>`}<p>The most-loved posts on the demo network. <a href="/dashboard?as=alice">Log in</a> to see the blogs you follow.</p></div>`;
  const posts = m.posts.length
    ? html`<ol id="posts" class="posts">${m.posts.map((p) => postHtml(p, { ownBlogs: m.user?.blogs.map((b) => b.name) ?? [], liked: m.liked, promoted: m.promoted }))}</ol>`
    : html`<div class="no_posts"><p>Nothing here yet. Follow some blogs from the Radar!</p></div>`;
  const pager = html`<div id="pagination" class="pagination">${m.page > 1 ? html`<a class="prev" href="${pageLink(m, m.page - 1)}">← Newer posts</a>` : ''}<span class="page_number">Page ${m.page}</span>${m.hasMore ? html`<a class="next" href="${pageLink(m, m.page + 1)}">Older posts →</a>` : ''}</div>`;
  return html`<div id="header_container" class="header_container"><blog-header${m.mobile ? html` mobile` : ''} page-title="${m.heading ?? 'Dashboard'}"${headerExtras(m)}></blog-header></div>
<div id="container" class="l-container">
  <div id="content" class="clearfix">
    <main id="left_column">
      ${m.user && !m.heading ? html`<h1 class="visually_hidden">Dashboard</h1>` : ''}
      ${newPost}
      ${m.heading ? html`<h1 class="dashboard_heading">${m.heading}</h1>` : ''}
      ${posts}
      ${pager}
    </main>
    ${sidebar(m)}
  </div>
</div>
<blog-card></blog-card>
<ask-form trigger="none"></ask-form>
<messaging-dock></messaging-dock>
<share-popover></share-popover>
<peepr-drawer></peepr-drawer>`;
}
