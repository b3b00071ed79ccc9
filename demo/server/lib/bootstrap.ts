/**
 * The `#tumblelog-bootstrap` JSON every page embeds:
 * { user: {...} | null, channels: [...], flags: {...}, apiBase: '', config: {} }
 * Flags can be overridden per request with `?flag_<name>=1|0` (e.g. ?flag_log=1).
 */
import type { Db } from '../db/index';
import { channelInfo, getBlog } from './blogs';
import type { SessionInfo } from './types';
import type { SessionUser } from '../../../src/session/types';

export const DEFAULT_FLAGS = {
  is_mobile_handset: false,
  responsive_help_docs: false,
  indash_blogs: true,
  ask_form: true,
  livephotos_web: false,
  // The drawer's ad slot (a local stand-in network, routes/indash.ts).
  lrec_on_blog_pages_peepr: true,
  // The drawer's single-post timeline variant (messaging spec §6).
  peepr_single_post_timeline: false,
  dashboard_refresh: false,
  // Behaviour logging: POST /services/cslog stores the batches (routes/log.ts); ?flag_log=0 turns it off.
  log: true,
  page_titles: true,
  // The share popover's feature switches (authoring spec §6): embed code and the link-sharing network.
  share_embed: true,
  share_reddit: true,
  // The site's safe-mode switch (messaging spec §5): with the user's setting, NSFW posts in messages are hidden.
  safe_mode: true,
};

export type Flags = typeof DEFAULT_FLAGS;

/** Spec §7: the messaging poll frequency (server config); pages may pass `?poll_ms=` (1000–60000) for demos and tests. */
export const MESSAGING_POLL_MS = 15000;

/** The bootstrap user is the SDK's session user, declared once in src/session/types.ts. */
export type BootstrapUser = SessionUser;

export interface Bootstrap {
  user: BootstrapUser | null;
  channels: ReturnType<typeof channelInfo>[];
  flags: Flags;
  apiBase: string;
  config: Record<string, unknown>;
}

export function flagsFor(query: Record<string, string>, mobile: boolean): Flags {
  const flags: Flags = { ...DEFAULT_FLAGS, is_mobile_handset: mobile };
  for (const key of Object.keys(flags) as (keyof Flags)[]) {
    const v = query[`flag_${key}`];
    if (v !== undefined) flags[key] = /^(1|true|on|yes)$/i.test(v);
  }
  return flags;
}

/** Messages to `blog` from others since it last read (or deleted) each conversation: the header's unread badge. */
export function unreadMessages(db: Db, blog: string): number {
  return (
    db
      .prepare(
        `SELECT COUNT(*) AS n FROM messages m JOIN conversation_participants p ON p.conversation_id = m.conversation_id
      WHERE p.blog_name = ? AND m.sender_blog != ? AND m.ts > MAX(p.last_read_ts, COALESCE(p.deleted_ts, 0))`,
      )
      .get(blog, blog) as { n: number }
  ).n;
}

/** Messaging spec §7 tutorial_seen: the first-time messaging tutorial shows until this is set. */
function tutorialSeen(db: Db, userName: string): boolean {
  return (
    (db.prepare('SELECT tutorial_seen FROM messaging_users WHERE user_name = ?').get(userName) as { tutorial_seen: number } | undefined)
      ?.tutorial_seen === 1
  );
}

/**
 * The page's bootstrap for the session. `extraConfig` is merged into `config` (the pages take
 * `?tab_sync=0` for `tab_sync: false`: each tab on its own, as before one poller per browser).
 */
export function buildBootstrap(
  db: Db,
  origin: string,
  session: SessionInfo,
  flags: Flags,
  pollFrequency = MESSAGING_POLL_MS,
  extraConfig: Record<string, unknown> = {},
): Bootstrap {
  const user = session.user;
  // The networks' share pages need the network: the demo's popups open its stand-in (routes/share.ts).
  const shareWindows = Object.fromEntries(
    ['twitter', 'facebook', 'reddit', 'pinterest'].map((n) => [n, `${origin}/__demo/share-window/${n}`]),
  );
  if (!user) return { user: null, channels: [], flags, apiBase: '', config: { share_windows: shareWindows, ...extraConfig } };
  const friendCount = (db.prepare('SELECT COUNT(*) AS n FROM follows WHERE follower_blog = ?').get(user.primary_blog) as { n: number }).n;
  const channels = session.blogs
    .map((name) => getBlog(db, name))
    .filter((b) => b !== undefined)
    .map((b) => ({
      ...channelInfo(origin, b, b.name === session.primaryBlog, user.can_message === 1),
      unread_count: unreadMessages(db, b.name),
    }));
  return {
    user: {
      name: user.name,
      primary: user.primary_blog,
      liked_post_count: user.liked_post_count,
      friend_count: friendCount,
      can_message: user.can_message === 1,
      is_sounds_enabled: user.is_sounds_enabled === 1,
      is_verified_email: user.is_verified_email === 1,
      language: user.language,
      polling_token: user.polling_token,
      messaging_tutorial_seen: tutorialSeen(db, user.name),
      safe_mode: user.safe_mode === 1,
      is_staff: user.is_staff === 1,
    },
    channels,
    flags,
    apiBase: '',
    config: { messaging_poll_frequency: pollFrequency, share_windows: shareWindows, ...extraConfig },
  };
}
