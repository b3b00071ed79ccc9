/**
 * tumblelog's embedded player and a page that frames it (the message bridge, messaging spec
 * "Other"; elements/video-player/model/message-bridge.ts):
 *   /video/embed/{post}   the player page a theme or another page puts in an <iframe>
 *   /embedded-player      a page framing two of them beside a <video-player> of its own
 */
import { html, type SafeHtml } from './html';
import { SAMPLE_MEDIA } from '../server/lib/media';

export interface EmbeddedVideo {
  id: number;
  blog: string;
  caption: string;
  width: number;
  height: number;
}

/**
 * The player alone, filling its frame; `iframe-post-data` makes it talk to the page around it. It
 * loops, as the dashboard's players do: the sample is 8 s long.
 */
export function videoEmbedBody(video: EmbeddedVideo): SafeHtml {
  const post = JSON.stringify({ post_id: String(video.id), blog: video.blog });
  // Its heading is for assistive technology only: the frame shows the video and nothing else. It
  // names the landmark too: a reader lists the frame's <main> beside the framing page's own.
  return html`<main class="embed_player" aria-labelledby="embed-title"><h1 class="visually_hidden" id="embed-title">Video from ${video.blog}</h1><video-player iframe-post-data="${post}" src="${SAMPLE_MEDIA.sd}" hd-url="${SAMPLE_MEDIA.hd}" poster="${SAMPLE_MEDIA.poster}" filmstrip="${JSON.stringify(SAMPLE_MEDIA.filmstrip)}" loop width="${video.width}" height="${video.height}"></video-player></main>`;
}

const frame = (video: EmbeddedVideo) =>
  html`<figure class="embedded_video"><iframe class="embedded_player" src="/video/embed/${video.id}" title="Video from ${video.blog}" width="${video.width}" height="${video.height}" allow="autoplay; fullscreen; picture-in-picture"></iframe><figcaption>${video.caption || `A video post by ${video.blog}`} — <a href="/blog/${video.blog}">${video.blog}</a></figcaption></figure>`;

const FILLER = [
  'Below the frames the article goes on, long enough to scroll: dock a video, then keep reading while it plays at the side.',
  'A docked frame stays where it is in the page (a frame that moves loads again) and is fixed to the side by its style; its title bar, with Return and Close, is the player’s own, inside the frame.',
  'Docking the page’s own player puts a docked frame back in its place, paused: one docked video at a time.',
  'Return puts a video back in its post, playing on; Close (or Escape in the title bar) pauses it there.',
];

export function embeddedPlayerBody(frames: EmbeddedVideo[], own: EmbeddedVideo | undefined): SafeHtml {
  return html`<main class="simple embedded_page">
  <h1>A page framing tumblelog’s player</h1>
  <p>Each video below is tumblelog’s embedded player in an <code>&lt;iframe&gt;</code> (<a href="/video/embed/${frames[0]?.id ?? 0}">its page</a>). It talks to this page through the message bridge: JSON messages with a method, its arguments and a callback id. The frame tells the page the video’s size (the frame takes its shape), asks it to dock the frame to the side of the page, and the page plays and pauses it. Messages from anywhere else are dropped.</p>
  ${frames.map(frame)}
  ${own ? html`<h2>And one of the page’s own</h2><div class="post_video"><video-player src="${SAMPLE_MEDIA.sd}" hd-url="${SAMPLE_MEDIA.hd}" poster="${SAMPLE_MEDIA.poster}" post-id="${own.id}" blog-name="${own.blog}" width="${own.width}" height="${own.height}"></video-player></div>` : ''}
  ${FILLER.map((text) => html`<p>${text}</p>`)}
  <p><a href="/dashboard">Back to the dashboard</a></p>
</main>`;
}
