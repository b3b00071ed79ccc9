/**
 * tumblelog's embedded player (demo/pages/video-embed.ts):
 *   GET /video/embed/:post   a published video post's player, for an <iframe> (404 for anything else)
 *   GET /embedded-player     a page framing the two latest video posts, with a <video-player> of its own
 */
import { Hono } from 'hono';
import type { AppEnv, Deps, PostRow } from '../lib/types';
import { embeddedPlayerBody, videoEmbedBody, type EmbeddedVideo } from '../../pages/video-embed';
import { sendNotFound, sendPage } from './pages';

function embedded(p: PostRow): EmbeddedVideo {
  let content: Record<string, unknown> = {};
  try {
    content = JSON.parse(p.content) as Record<string, unknown>;
  } catch {
    // a post whose content is not JSON plays the sample all the same
  }
  const size = (value: unknown, fallback: number) => (typeof value === 'number' && value > 0 ? value : fallback);
  return { id: p.id, blog: p.blog_name, caption: p.summary, width: size(content.width, 640), height: size(content.height, 360) };
}

export function videoEmbedRoutes(deps: Deps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const { db } = deps;

  r.get('/video/embed/:post', (c) => {
    const id = Number(c.req.param('post'));
    const post = Number.isSafeInteger(id)
      ? (db.prepare("SELECT * FROM posts WHERE id = ? AND type = 'video' AND state = 'published'").get(id) as PostRow | undefined)
      : undefined;
    if (!post) return sendNotFound(c, deps);
    return sendPage(c, deps, {
      title: `Video from ${post.blog_name}`,
      stylesheets: ['/static/embed.css'],
      body: videoEmbedBody(embedded(post)),
      bodyClass: 'embed_page',
    });
  });

  r.get('/embedded-player', (c) => {
    const posts = (
      db
        .prepare("SELECT * FROM posts WHERE type = 'video' AND state = 'published' ORDER BY timestamp DESC, id DESC LIMIT 3")
        .all() as PostRow[]
    ).map(embedded);
    return sendPage(c, deps, {
      title: 'A page framing tumblelog’s player',
      stylesheets: ['/static/simple.css'],
      body: embeddedPlayerBody(posts.slice(0, 2), posts[2]),
      bodyClass: 'simple_page',
    });
  });

  return r;
}
