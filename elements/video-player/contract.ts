import { attribute, defineContract, event } from '../../src/core/contract';
import { themeProperties } from '../../src/core/theme-properties';
import type { VideoErrorName, VideoStateName } from './model/state-machine';
import type { DockChange } from './model/gutter';

/** <video-player>: its public contract, declared once (see src/core/contract.ts). */
export const contract = defineContract({
  tag: 'video-player',
  summary:
    'A video player for dashboards and third-party themes: autoplay (muted, click to unmute), loop rules, an HD toggle that keeps the position, HLS (native, or hls.js loaded only when needed), media-chrome’s control set with keyboard shortcuts while focused, an error overlay, playback logging and the conversion log. Reserves its box (16:9, or width/height) before anything loads.',
  attributes: {
    src: attribute('string', 'The video (SD) source: an MP4, or an HLS playlist (.m3u8).'),
    hdUrl: attribute(
      'string',
      'The HD source. When set, an HD button swaps between `src` and `hd-url`, keeping the position (after 300 ms).',
    ),
    poster: attribute('string', 'Still picture shown before playback.'),
    filmstrip: attribute<'json', { url: string; width: number; height: number; frames?: number }>(
      'json',
      'A sprite of frames laid out left to right (`width`×`height` each) previewed above the scrubber on hover. Bad JSON warns once and is ignored.',
    ),
    autoplay: attribute(
      'flag',
      'Plays muted while at least half visible; leaving the viewport pauses it. Never on handsets (`is_mobile_handset` or a phone user agent), nor under `prefers-reduced-motion: reduce`. A click unmutes it.',
      { default: 'off' },
    ),
    muted: attribute(
      'string',
      'Muted by default (or the viewer’s remembered choice); `muted="false"` starts with sound when the viewer presses play. Autoplay is always muted.',
      { default: 'muted' },
    ),
    loop: attribute(
      'flag',
      'Starts again at the end — only when the video is longer than the minimum loop duration; an autoplaying video loops at most 10 times.',
      { default: 'off' },
    ),
    duration: attribute('number', 'Known duration, used for the loop rule and the time display until the media reports its own.'),
    minLoopDuration: attribute('number', 'At or below this duration the video does not loop.', { default: '1 (60 with livestream)' }),
    livestream: attribute('flag', 'A live stream: no scrubber or speed menu, a LIVE badge, log type `live`, 60 s minimum loop duration.', {
      default: 'off',
    }),
    autoheight: attribute(
      'flag',
      'The box follows the video’s own aspect ratio once its metadata has loaded (instead of width/height or 16:9).',
      { default: 'off' },
    ),
    hlsService: attribute(
      'string',
      'An HLS playlist for this video. Played natively where the browser can, else with hls.js (loaded on demand); `src` is the MP4 fallback where neither works.',
    ),
    iframePostData: attribute<'json', { post_id?: string; blog?: string }>(
      'json',
      'Post of an embedded player: its `post_id` and `blog` fill `post-id` and `blog-name` when those are absent.',
    ),
    forceHd: attribute('flag', 'Start with the HD source.', { default: 'off' }),
    postId: attribute('string', 'Logged as `post_id`; sent with the conversion log.'),
    rootPostId: attribute('string', 'Logged as `root_post_id` (the original post of a reblog).', { default: 'post-id' }),
    blogUuid: attribute('string', 'Logged as `blog_uuid` (defaults to the uuid of `blog-name` when it is one of the viewer’s blogs).'),
    blogName: attribute('string', 'The blog the video belongs to: the accessible name becomes “Video from {blog}”.'),
    vendor: attribute('string', 'Logged as `vendor`.', { default: 'tumblelog' }),
    width: attribute('number', 'With `height`: the aspect ratio of the reserved box (default 16:9).'),
    height: attribute('number', 'With `width`: the aspect ratio of the reserved box.'),
    label: attribute('string', 'Accessible name of the player (default “Video”, or “Video from {blog-name}”).'),
  },
  events: {
    'tl-video-state': event<{ states: VideoStateName[]; postId: string; playerId: string }>(
      'The playback state changed. `playerId` tells two players of one post apart.',
    ),
    'tl-video-error': event<{ code: number | null; name: VideoErrorName; postId: string }>(
      'The video failed: playback, loop and autoplay stop and the error overlay shows.',
    ),
    'tl-video-quality': event<{ hd: boolean; postId: string }>('The viewer switched between SD and HD.'),
    'tl-video-dock': event<{ docked: boolean; reason: DockChange; postId: string; playerId: string }>(
      'The player docked into the page’s gutter (`docked: true`), or left it: `return` (back to its post, playing on), `close` (Close or Escape: paused, back in its post) or `evicted` (another player docked: paused, back in its post). A player whose post has left the page (the drawer it came from closed) is removed instead of going back.',
    ),
  },
  parts: {
    player: 'The focusable player box (keyboard shortcuts work while focus is inside it).',
    video: 'The <video> element.',
    'big-play-button': 'The large centred Play / Replay button.',
    'unmute-button': '“Tap to unmute” badge of an autoplaying video.',
    loading: 'The buffering spinner.',
    error: 'The error overlay (title per MediaError code).',
    'retry-button': 'The error overlay’s Try again button.',
    controls: 'The control bar.',
    control: 'Every button of the control bar (also has its own part).',
    'play-button': 'Play / Pause / Replay.',
    volume: 'Mute button and volume slider together.',
    'mute-button': 'Mute / Unmute.',
    'volume-range': 'The volume slider.',
    'time-range': 'The scrubber (or the LIVE badge of a livestream).',
    filmstrip: 'The hover preview above the scrubber (frame and time).',
    'live-badge': 'LIVE badge of a livestream.',
    'time-display': 'Elapsed / total time; pressing it shows the remaining time.',
    'playback-rate-button': 'Opens the speed menu.',
    'playback-rate-menu': 'The speed menu (0.5× to 2×).',
    'hd-button': 'HD toggle (aria-pressed), only with `hd-url`.',
    'pip-button': 'Picture in picture, where the engine has it.',
    'fullscreen-button': 'Fullscreen / Exit fullscreen.',
    'dock-button': '“Dock video to the side”: moves the player into the page’s gutter (not on handsets).',
    'dock-bar': 'The docked player’s title bar: the player’s name, Return and Close.',
    'return-button': '“Return video to its post” (docked, while its post is on the page): back in place, playing on.',
    'dock-close-button': '“Close docked video”: pauses it and puts it back in its post (Escape does the same).',
  },
  cssProperties: {
    '--tl-video-aspect-ratio': { default: '16 / 9', description: 'Aspect ratio of the reserved box (overrides width/height).' },
    '--tl-video-background': { default: '#000', description: 'Behind the picture (letterboxing).' },
    '--tl-video-control-color': { default: '#fff', description: 'Icons, text and slider thumbs.' },
    '--tl-video-controls-background': { default: 'a dark gradient', description: 'Background of the control bar.' },
    '--tl-video-progress-color': {
      default: 'var(--tl-color-accent)',
      description: 'Played part of the scrubber and volume, focus rings, HD on.',
    },
    '--tl-video-radius': { default: '0px', description: 'Corner radius of the player.' },
    '--tl-right-column': {
      default: 'unset',
      description:
        'Set by the page (on `:root` or `body`, in a media query if its layout changes): `none` when the page has no right column: the docked player’s 300 px gutter then sits at -65 px from the right edge instead of 17 px, and the view is the 235 px of it on screen.',
    },
    '--tl-gutter-top': { default: '16px', description: 'Distance of the docked player from the top of the window (below a fixed header).' },
    ...themeProperties(['font'], { accent: 'Default progress colour; Try again button.', accentContrast: 'Text of the Try again button.' }),
  },
});
