/**
 * Sharing a post (authoring spec §7 "Sharing", messaging spec §7 share calls).
 *   GET|POST /svc/post/share/:blog/:postId  → { share_popover_data: { post_id, tumblelog_name, post_url,
 *        post_tiny_url, embed_code, abuse_url, permalink_label, twitter_username, has_facebook, has_user,
 *        is_private, tumblelog_share, pinterest_share_window: { url, name, dimensions }, show_* } }
 *        Every seeded post has share data, and every blog (post id `blog`: a blog share, tumblelog_share
 *        true, e-mail and permalink only). Which options show is the post's: a private post shows none
 *        (is_private), only photo posts can be pinned, a post marked NSFW has no embed code; flagging
 *        for a signed-in reader of someone else's post, reporting links for a logged-out one.
 *        → 404 for an unknown blog or post (or a post of another blog)
 *   POST /svc/share/email        email_address, message, post_id, tumblelog_name, allow_reply_to
 *   POST /svc/email_tumblelog    the same for a blog share (post_id is not read; logged out too, by form)
 *   POST /svc/share/:network     twitter | facebook | pinterest | reddit: post_id, tumblelog_name,
 *        message (twitter, facebook), share_fallback ('true' when the popup window was used)
 *        → { shared: true, id } and a row in the `shares` table: GET /__demo/state?table=shares
 *        → 400 with the spec's rule when the address or the message breaks it
 *   POST /svc/facebook_status    → { name } for a user with a linked account (alice), {} otherwise
 *   GET  /__demo/share-window/:network   the stand-in for the networks' own share pages (no network
 *        here): the demo's bootstrap points the popups at it (config.share_windows).
 * Linked accounts: alice has Twitter (@alice_tl) and Facebook; nobody else has either.
 */
import { Hono, type Context } from 'hono';
import { field, flag } from '../lib/body';
import { getBlog, originOf } from '../lib/blogs';
import { E, fail, ok } from '../lib/envelope';
import { isVisibleTo, postUrl } from '../lib/posts';
import type { AppEnv, BlogRow, Deps, PostRow } from '../lib/types';
import { SHARE_LIMITS, isShareEmail, isShareMessage, tweetState } from '../../../elements/share-popover/model/rules';

/** Users with linked accounts (spec: form sharing needs one, otherwise the popup). */
export const LINKED_ACCOUNTS: Readonly<Record<string, { twitter?: string; facebook?: string }>> = {
  alice: { twitter: 'alice_tl', facebook: 'Alice Liddell' },
};

/** The post id of a blog share's data: the blog itself, not one of its posts. */
export const BLOG_SHARE_ID = 'blog';

const NETWORKS = ['twitter', 'facebook', 'pinterest', 'reddit'] as const;
type Network = (typeof NETWORKS)[number];

export function shareRoutes(deps: Deps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const { db } = deps;
  const postById = db.prepare('SELECT * FROM posts WHERE id = ?');
  const insertShare =
    db.prepare(`INSERT INTO shares (network, post_id, blog_name, user_name, email_address, message, allow_reply_to, share_fallback, created_ts)
    VALUES (@network, @post_id, @blog_name, @user_name, @email_address, @message, @allow_reply_to, @share_fallback, @created_ts)`);

  /** The post, if it is on that blog and the session may see it (share data carries the reblog key). */
  const findPost = (c: Context<AppEnv>, blogName: string | undefined, postId: string | undefined): PostRow | undefined => {
    if (!blogName || !postId || !/^\d{1,20}$/.test(postId)) return undefined;
    const post = postById.get(Number(postId)) as PostRow | undefined;
    return post && post.blog_name === blogName && isVisibleTo(post, c.get('session')) ? post : undefined;
  };

  /**
   * A share of the blog itself (post id `blog`): its address, e-mailed through /svc/email_tumblelog
   * (tumblelog_share). The networks' share calls and embed code are a post's, so they are not offered.
   */
  const blogShareData = (c: Context<AppEnv>, blog: BlogRow) => {
    const session = c.get('session');
    const url = `${originOf(c.req.url)}/blog/${blog.name}`;
    const own = session.blogs.includes(blog.name);
    return ok(c, {
      share_popover_data: {
        post_id: BLOG_SHARE_ID,
        tumblelog_name: blog.name,
        tumblelog_uuid: blog.uuid,
        post_url: url,
        post_tiny_url: url,
        embed_code: '',
        abuse_url: `${originOf(c.req.url)}/abuse?blog=${encodeURIComponent(blog.name)}`,
        permalink_label: blog.title || blog.name,
        twitter_username: '',
        has_facebook: false,
        has_user: session.user !== null,
        is_private: false,
        tumblelog_share: true,
        pinterest_share_window: null,
        show_email: true,
        show_twitter: false,
        show_facebook: false,
        show_pinterest: false,
        show_reddit: false,
        show_embed: false,
        show_permalink: true,
        show_flagging: session.user !== null && !own,
        show_reporting_links: session.user === null,
      },
    });
  };

  const shareData = (c: Context<AppEnv>) => {
    const blogName = c.req.param('blog');
    const postId = c.req.param('postId');
    const blog = getBlog(db, blogName);
    if (!blog) return fail(c, 404, E.blogNotFound(blogName ?? ''));
    if (postId === BLOG_SHARE_ID) return blogShareData(c, blog);
    const post = findPost(c, blogName, postId);
    if (!post) return fail(c, 404, E.notFound(`No post ${postId} on ${blogName}.`));
    const session = c.get('session');
    const origin = originOf(c.req.url);
    const url = postUrl(origin, post);
    const own = session.blogs.includes(post.blog_name);
    const linked = session.user ? LINKED_ACCOUNTS[session.user.name] : undefined;
    const content = JSON.parse(post.content || '{}') as { photos?: { url?: string }[] };
    const photo = post.type === 'photo' ? content.photos?.[0]?.url : undefined;
    const embedOk = post.is_nsfw !== 1;
    return ok(c, {
      share_popover_data: {
        post_id: String(post.id),
        root_id: String(post.id),
        tumblelog_name: post.blog_name,
        tumblelog_uuid: getBlog(db, post.blog_name)?.uuid ?? '',
        post_url: url,
        post_tiny_url: `${origin}/p/${post.id.toString(36)}`,
        embed_code: embedOk
          ? `<div class="tumblelog-post" data-href="${origin}/embed/post/${post.blog_name}/${post.id}" data-did="${post.reblog_key}"><a href="${url}">${url}</a></div>`
          : '',
        embed_did: post.reblog_key,
        embed_key: post.reblog_key,
        abuse_url: `${origin}/abuse?post=${post.id}`,
        permalink_label: post.slug ? post.slug.replace(/-/g, ' ') : `Post ${post.id}`,
        twitter_username: linked?.twitter ?? '',
        has_facebook: Boolean(linked?.facebook),
        has_user: session.user !== null,
        is_private: post.state === 'private',
        tumblelog_share: false,
        pinterest_share_window: photo
          ? {
              url: `https://www.pinterest.com/pin/create/button/?url=${encodeURIComponent(url)}&media=${encodeURIComponent(origin + photo)}`,
              name: 'pinterest',
              dimensions: '750x550',
            }
          : null,
        show_email: true,
        show_twitter: true,
        show_facebook: true,
        show_pinterest: Boolean(photo),
        show_reddit: true,
        show_embed: embedOk,
        show_permalink: true,
        show_flagging: session.user !== null && !own,
        show_reporting_links: session.user === null,
      },
    });
  };
  r.get('/svc/post/share/:blog/:postId', shareData);
  r.post('/svc/post/share/:blog/:postId', shareData);

  const record = (
    c: Context<AppEnv>,
    network: string,
    post: PostRow | undefined,
    blogName: string,
    extra: { email?: string; message?: string; replyTo?: boolean },
  ) => {
    const info = insertShare.run({
      network,
      post_id: post?.id ?? null,
      blog_name: blogName,
      user_name: c.get('session').name,
      email_address: extra.email ?? null,
      message: extra.message ?? null,
      allow_reply_to: extra.replyTo ? 1 : 0,
      share_fallback: flag(c, 'share_fallback') ? 1 : 0,
      created_ts: Math.floor(Date.now() / 1000),
    });
    return ok(c, { shared: true, id: Number(info.lastInsertRowid) });
  };

  const emailShare = (blogShare: boolean) => (c: Context<AppEnv>) => {
    const blogName = field(c, 'tumblelog_name') ?? '';
    if (!getBlog(db, blogName)) return fail(c, 404, E.blogNotFound(blogName));
    const post = blogShare ? undefined : findPost(c, blogName, field(c, 'post_id'));
    if (!blogShare && !post) return fail(c, 404, E.notFound('No such post.'));
    // Spec §6: by form only for a signed-in user or a blog share (otherwise the client uses mailto).
    if (!blogShare && !c.get('session').user) return fail(c, 401, E.loggedOut());
    const email = (field(c, 'email_address') ?? '').trim();
    const message = field(c, 'message') ?? '';
    if (!isShareEmail(email))
      return fail(c, 400, E.badRequest(`"email_address" must be an e-mail address of at most ${SHARE_LIMITS.emailAddress} characters.`));
    if (!isShareMessage(message)) return fail(c, 400, E.badRequest(`"message" may have at most ${SHARE_LIMITS.emailMessage} characters.`));
    return record(c, blogShare ? 'blog-email' : 'email', post, blogName, {
      email,
      message,
      replyTo: c.get('session').user !== null && flag(c, 'allow_reply_to'),
    });
  };
  r.post('/svc/share/email', emailShare(false));
  r.post('/svc/email_tumblelog', emailShare(true));

  r.post('/svc/share/:network', (c) => {
    const network = c.req.param('network') as Network;
    if (!NETWORKS.includes(network)) return fail(c, 404, E.notFound(`No share network "${network}".`));
    const blogName = field(c, 'tumblelog_name') ?? '';
    const post = findPost(c, blogName, field(c, 'post_id'));
    if (!post) return fail(c, 404, E.notFound('No such post.'));
    const fallback = flag(c, 'share_fallback');
    const message = field(c, 'message') ?? '';
    if (!fallback && (network === 'twitter' || network === 'facebook')) {
      const user = c.get('session').user;
      const linked = user ? LINKED_ACCOUNTS[user.name] : undefined;
      if (!linked?.[network]) return fail(c, 403, E.forbidden(`No linked ${network} account.`));
      if (network === 'twitter' && !tweetState(message).valid)
        return fail(c, 400, E.badRequest('The message must have 1 to 140 characters (each [URL] counts 24).'));
      if (network === 'facebook' && !isShareMessage(message))
        return fail(c, 400, E.badRequest(`"message" may have at most ${SHARE_LIMITS.emailMessage} characters.`));
    }
    return record(c, network, post, blogName, { message: message || undefined });
  });

  r.post('/svc/facebook_status', (c) => {
    const user = c.get('session').user;
    const name = user ? LINKED_ACCOUNTS[user.name]?.facebook : undefined;
    return ok(c, name ? { name } : {});
  });

  r.get('/__demo/share-window/:network', (c) => {
    const network = c.req.param('network');
    const shared = c.req.query('url') ?? c.req.query('u') ?? '';
    const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
    return c.html(`<!doctype html><html lang="en"><meta charset="utf-8"><title>Share on ${esc(network)} (demo)</title>
<body style="font: 16px/1.5 system-ui, sans-serif; margin: 2rem; color: #222">
<h1 style="font-size: 1.25rem">Share on ${esc(network)}</h1>
<p>This window stands in for ${esc(network)}'s own share page, which needs the network. The post:</p>
<p><code>${esc(shared)}</code></p>
<p>Close this window to go back.</p></body></html>`);
  });

  return r;
}
