/** Shapes of the bootstrap data a page embeds in `#tumblelog-bootstrap`. */

export interface ThemeParams {
  background_color?: string;
  link_color?: string;
  title_color?: string;
  title_font?: string;
  title_font_weight?: string;
  header_image_focused?: string;
  header_image_dimens?: unknown;
  header_stretch?: boolean;
  show_header_image?: boolean;
  show_avatar?: boolean;
  avatar_shape?: 'circle' | 'square' | string;
  show_title?: boolean;
  show_description?: boolean;
}

export interface SessionUser {
  name: string;
  primary: string;
  liked_post_count: number;
  friend_count: number;
  can_message: boolean;
  is_sounds_enabled: boolean;
  is_verified_email: boolean;
  language: string;
  polling_token?: string;
  /** The messaging tutorial was seen (server state); absent when the page does not say. */
  messaging_tutorial_seen?: boolean;
  /** The user's safe-mode setting (NSFW posts hidden where the site's safe_mode flag is on too). */
  safe_mode?: boolean;
  /**
   * Staff may flip a blog's staff flags (spam, nsfw, adult, uniblock, suspended; authoring spec
   * §6): the blog card shows them their toggles. Absent or false for everyone else.
   */
  is_staff?: boolean;
}

export interface SessionChannel {
  name: string;
  uuid: string;
  title?: string;
  url?: string;
  avatar_url?: string;
  is_current?: boolean;
  unread_count?: number;
  can_send_messages?: boolean;
  global_theme_params?: ThemeParams;
  /** The key the poll asks about (messaging spec §3 Blog, §7 "/services/poll"); the name when absent. */
  mention_key?: string;
  /** A messaging bot's blog: not polled (its messages are the bot's to answer, nobody reads them). */
  is_messaging_bot?: boolean;
}

export type FeatureFlag =
  | 'is_mobile_handset'
  | 'responsive_help_docs'
  | 'indash_blogs'
  | 'ask_form'
  | 'livephotos_web'
  | 'lrec_on_blog_pages_peepr'
  | 'peepr_single_post_timeline'
  | 'dashboard_refresh'
  | 'log'
  | 'page_titles'
  | 'share_embed'
  | 'share_reddit'
  | 'safe_mode';

export interface Session {
  user: SessionUser | null;
  channels: SessionChannel[];
  /** Name of the blog the user currently acts as (follows, messages, blocks). */
  currentChannel: string | null;
  flags: Partial<Record<FeatureFlag | string, boolean>>;
  /** Prefix for every API path; '' means same origin. */
  apiBase: string;
  config: Record<string, unknown>;
  formKey: string;
}

export type SessionInput = Partial<Omit<Session, 'user' | 'channels'>> & {
  user?: Partial<SessionUser> | null;
  channels?: Partial<SessionChannel>[];
};
