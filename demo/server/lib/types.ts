/** Row shapes and the Hono environment shared by every route module. */
import type { Db } from '../db/index';
import type { SeedMode } from '../db/xss-seed';
import type { FaultStore } from './faults';
import type { PollCounter } from './poll-counter';

export interface UserRow {
  name: string;
  primary_blog: string;
  is_verified_email: number;
  can_message: number;
  is_sounds_enabled: number;
  language: string;
  polling_token: string;
  liked_post_count: number;
  friend_count: number;
  safe_mode: number;
  is_staff: number;
}

export interface BlogRow {
  name: string;
  uuid: string;
  title: string;
  description_sanitized: string;
  cname: string | null;
  asks: number;
  anonymous_asks: number;
  submissions: number;
  can_receive_messages: number;
  messages_from_followed_only: number;
  is_messaging_bot: number;
  is_nsfw: number;
  is_spam: number;
  is_adult: number;
  is_uniblocked: number;
  is_suspended: number;
  twitter_send_posts: number;
  facebook_opengraph_send_posts: number;
  theme: string;
  tags: string;
  created_ts: number;
}

export interface PostRow {
  id: number;
  blog_name: string;
  type: string;
  state: string;
  timestamp: number;
  note_count: number;
  reblog_key: string;
  slug: string;
  summary: string;
  tags: string;
  content: string;
  is_nsfw: number;
  publish_on: string;
  options: string;
  reblog_of: number | null;
}

export interface SessionInfo {
  /** The signed-in user, or null when logged out. */
  user: UserRow | null;
  /** User name, or 'anonymous'. */
  name: string;
  /** The blog the user acts as (follows, blocks, messages): the primary blog. */
  primaryBlog: string | null;
  /** Every blog the user owns, primary first. */
  blogs: string[];
  /** HMAC of the name with the app's secret; required on every POST/DELETE. */
  formKey: string;
}

export type BodyData = Record<string, unknown>;

/** What route modules get from createApp. */
export interface Deps {
  db: Db;
  /** The server's seed mode (DEMO_SEED): what POST /__demo/reset without a body seeds. */
  seedMode: SeedMode;
  dataDir: string;
  distDir: string;
  /** demo/pages/static */
  staticDir: string;
  faults: FaultStore;
  /** Polls per user (GET /__demo/polls). */
  polls: PollCounter;
  secret: Buffer;
  /** Callbacks run after POST /__demo/reset (clear in-memory state, timers…). */
  onReset: Set<() => void>;
  /** Callbacks run by close(). */
  onClose: Set<() => void>;
}

export interface AppEnv {
  Variables: {
    session: SessionInfo;
    body: BodyData;
  };
}
