/** Type-specific post markup shared by the dashboard and the blog theme (all values escaped). */
import { html, raw, type SafeHtml } from './html';
import { looksLikeHtml, renderPostBody } from '../server/lib/post-html';
import { SAMPLE_MEDIA } from '../server/lib/media';

export interface PostView {
  id: string;
  blog: string;
  type: string;
  timestamp: number;
  note_count: number;
  tags: string[];
  content: Record<string, unknown>;
  post_url: string;
  reblog_key: string;
  is_nsfw: boolean;
  summary: string;
  /** published, draft, queued, scheduled, private … */
  state?: string;
  /** The app it was posted from ("via …"), until its blogger removes it. */
  app_attribution?: string;
}

export const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** Only same-site paths and http(s)/mailto URLs become links; anything else becomes '#'. */
export function safeHref(url: unknown): string {
  const u = str(url).trim();
  if (u.startsWith('/') && !u.startsWith('//')) return u;
  return /^(https?:\/\/|mailto:)/i.test(u) ? u : '#';
}

function paragraphs(text: string, className: string): SafeHtml {
  const parts = text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  return html`<div class="${className}">${parts.map((p) => html`<p>${p}</p>`)}</div>`;
}

function caption(text: string): SafeHtml | '' {
  return text ? paragraphs(text, 'post_caption') : '';
}

export interface ContentOptions {
  /** 'player': a <video-player> element; 'poster': a still picture (pages that place players elsewhere). */
  video: 'player' | 'poster';
}

export function postContentHtml(p: PostView, opts: ContentOptions): SafeHtml {
  const from = str(p.content.reblogged_from);
  if (!from) return ownContentHtml(p, opts);
  // A reblog: the reblogged post as it was, then what the reblogger added; with the tree removed
  // (remove_reblog_tree), only the addition under the line that says where it came from.
  const comment = str(p.content.comment);
  const fromLine = html`<p class="reblog_from"><span aria-hidden="true">↻</span> reblogged from <a href="/blog/${from}" data-blog-card="${from}" data-peepr="${from}">${from}</a></p>`;
  const added = comment ? paragraphs(comment, 'reblog_comment') : '';
  if (p.content.reblog_tree_removed === true) return html`${fromLine}${added}`;
  return html`${fromLine}<div class="reblog_source">${ownContentHtml(p, opts)}</div>${added}`;
}

function ownContentHtml(p: PostView, opts: ContentOptions): SafeHtml {
  const c = p.content;
  switch (p.type) {
    case 'text': {
      const body = str(c.body);
      const rich = str(c.editor_type) === 'markdown' || looksLikeHtml(body);
      return html`${str(c.title) ? html`<h2 class="post_title">${str(c.title)}</h2>` : ''}${rich ? html`<div class="post_body">${raw(renderPostBody(body, str(c.editor_type)))}</div>` : paragraphs(body, 'post_body')}`;
    }
    case 'photo': {
      const photos = Array.isArray(c.photos) ? (c.photos as Record<string, unknown>[]) : [];
      return html`<div class="post_photos post_photos_${photos.length > 1 ? 'set' : 'single'}">${photos.map((ph) =>
        str(ph.livephoto_url)
          ? // A live photo on a page without the SDK: its video, with the still as the poster, played on request.
            html`<figure class="post_livephoto"><video class="post_photo" src="${safeHref(ph.livephoto_url)}" poster="${safeHref(ph.url)}" width="${str(ph.width) || '640'}" height="${str(ph.height) || '480'}" controls muted playsinline preload="none" aria-label="${str(ph.alt) ? `Live photo: ${str(ph.alt)}` : 'Live photo'}"></video><figcaption class="post_livephoto_badge">LIVE</figcaption></figure>`
          : html`<img class="post_photo" src="${safeHref(ph.url)}" alt="${str(ph.alt)}" width="${str(ph.width) || '640'}" height="${str(ph.height) || '480'}" loading="lazy">`,
      )}</div>${caption(str(c.caption))}`;
    }
    case 'quote':
      return html`<blockquote class="post_quote"><p class="quote_text">“${str(c.text)}”</p></blockquote>${
        str(c.source) ? html`<p class="quote_source">— ${str(c.source)}</p>` : ''
      }`;
    case 'link':
      return html`<div class="post_link">${str(c.thumbnail_url) ? html`<img class="link_thumbnail" src="${safeHref(c.thumbnail_url)}" alt="" width="640" height="480" loading="lazy">` : ''}<a class="link_title" href="${safeHref(c.url)}" rel="noopener nofollow">${str(c.title)} <span class="link_arrow">→</span></a><span class="link_host">${hostOf(str(c.url))}</span></div>${caption(str(c.description))}`;
    case 'chat': {
      const lines = Array.isArray(c.dialogue) ? (c.dialogue as Record<string, unknown>[]) : [];
      return html`${str(c.title) ? html`<h2 class="post_title">${str(c.title)}</h2>` : ''}<ul class="post_chat">${lines.map(
        (l, i) =>
          html`<li class="chat_line chat_line_${i % 2 ? 'even' : 'odd'}"><strong class="chat_label">${str(l.label)}</strong> ${str(l.phrase)}</li>`,
      )}</ul>`;
    }
    case 'audio':
      return html`<div class="post_audio"><img class="audio_art" src="${str(c.album_art) ? safeHref(c.album_art) : `/assets/post/${p.id}.svg`}" alt="" width="96" height="96" loading="lazy"><div class="audio_meta"><span class="audio_track">${str(c.track_name)}</span><span class="audio_artist">${str(c.artist)}</span><span class="audio_album">${str(c.album)}</span><span class="audio_plays">${str(c.plays)} plays</span></div></div>${str(c.audio_url) ? html`<audio class="audio_player" controls preload="none" src="${safeHref(c.audio_url)}"></audio>` : ''}${caption(str(c.caption))}`;
    case 'video': {
      // The demo's own sample service is framed (same origin, sandboxed: no scripts, no navigation).
      const frame = /^(?:https?:\/\/[^/\s]+)?(\/demotube\/embed\/[\w-]+)$/.exec(str(c.embed_src))?.[1];
      if (frame && !str(c.video_url)) {
        return html`<div class="post_video post_video_frame"><iframe src="${frame}" title="Embedded video" sandbox="" allowfullscreen loading="lazy" width="640" height="360"></iframe></div>${caption(str(c.caption))}`;
      }
      if (str(c.embed_src) && !str(c.video_url)) {
        // Pasted embed code: the page does not frame other sites (CSP), so it links to the video.
        return html`<div class="post_video post_video_embed"><a class="video_embed_link" href="${safeHref(c.embed_src)}" rel="noopener nofollow">▶ Watch the video <span class="link_host">${hostOf(str(c.embed_src))}</span></a></div>${caption(str(c.caption))}`;
      }
      if (opts.video === 'player') {
        // Seeded posts have no video files: they play the local sample (SD + HD, filmstrip), muted autoplay + loop like a dashboard.
        const sample = !str(c.video_url);
        return html`<div class="post_video"><video-player src="${sample ? SAMPLE_MEDIA.sd : str(c.video_url)}" hd-url="${sample ? SAMPLE_MEDIA.hd : str(c.hd_url)}" poster="${sample ? SAMPLE_MEDIA.poster : str(c.thumbnail_url) ? safeHref(c.thumbnail_url) : ''}" filmstrip="${sample ? JSON.stringify(SAMPLE_MEDIA.filmstrip) : ''}" post-id="${p.id}" blog-name="${p.blog}" autoplay loop width="${str(c.width) || '640'}" height="${str(c.height) || '360'}"></video-player></div>${caption(str(c.caption))}`;
      }
      return html`<div class="post_video post_video_poster"><img src="${safeHref(c.thumbnail_url)}" alt="Video still" width="640" height="360" loading="lazy"><span class="video_badge">▶ ${str(c.duration)}s</span></div>${caption(str(c.caption))}`;
    }
    case 'answer': {
      const asker = str(c.asking_name) || 'Anonymous';
      const askerUrl = str(c.asking_url);
      return html`<div class="post_question"><span class="question_asker">${askerUrl ? html`<a href="${safeHref(askerUrl)}" data-blog-card="${asker}">${asker}</a>` : asker} asked:</span><p class="question_text">${str(c.question)}</p></div>${paragraphs(str(c.answer), 'post_answer')}`;
    }
    default:
      return html`<p class="post_body">${p.summary}</p>`;
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}
