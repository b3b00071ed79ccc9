/**
 * Sharing rules, no DOM (authoring spec §3 "Share popover data", §5 "Share rules", §6, §9;
 * messaging-and-browsing spec §3 "External share data", §5 e-mail / short-message rules, §9).
 * The first piece of <share-popover> (#14): the data, which options show, and the two forms' rules.
 * The two specs count a short-message link differently (24 in the post share popover, 23 in the
 * send-a-post popover); both are here, each named for its popover.
 */

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

export const SHARE_LIMITS = {
  emailAddress: 100,
  emailMessage: 255,
  tweet: 140,
  /** Post share popover: each [URL] counts 24. */
  tweetUrlWeight: 24,
  /** Send-a-post popover: each URL placeholder counts 23. */
  shortMessageUrlWeight: 23,
  /** The remaining count turns to a warning below this. */
  warnBelow: 10,
  /** Spec §9: keep at least this far from the container edge. */
  edgeDistance: 10,
} as const;

/** Popup windows (messaging spec §7 "Other"). */
export const SHARE_WINDOWS = {
  twitter: { width: 550, height: 420 },
  facebook: { width: 626, height: 436 },
  reddit: { width: 860, height: 600 },
} as const;

export interface ShareData {
  postId: string;
  blogName: string;
  /** The post's blog uuid (a sent-post message names it); '' when the data lacks it. */
  blogUuid: string;
  postUrl: string;
  tinyUrl: string;
  embedCode: string;
  abuseUrl: string;
  permalinkLabel: string;
  twitterUsername: string;
  hasFacebook: boolean;
  hasUser: boolean;
  isPrivate: boolean;
  blogShare: boolean;
  pinterest: { url: string; name: string; width: number; height: number } | null;
  show: {
    email: boolean;
    twitter: boolean;
    facebook: boolean;
    pinterest: boolean;
    reddit: boolean;
    embed: boolean;
    permalink: boolean;
    flagging: boolean;
    reportingLinks: boolean;
  };
}

/** The share data, from `response.share_popover_data` or the object itself; null when it names no post. */
export function parseShareData(raw: unknown): ShareData | null {
  const outer = isObject(raw) && isObject(raw.response) ? raw.response : raw;
  const d = isObject(outer) && isObject(outer.share_popover_data) ? outer.share_popover_data : outer;
  if (!isObject(d)) return null;
  const postId = str(d.post_id);
  const blogName = str(d.tumblelog_name);
  // Spec: valid when post_id and tumblelog_name are non-empty.
  if (!postId || !blogName) return null;
  const pw = isObject(d.pinterest_share_window) ? d.pinterest_share_window : null;
  const dims = pw && typeof pw.dimensions === 'string' ? /^(\d+)x(\d+)$/.exec(pw.dimensions) : null;
  const flag = (k: string) => d[k] === true || d[k] === 1 || d[k] === '1';
  return {
    postId,
    blogName,
    blogUuid: str(d.tumblelog_uuid),
    postUrl: str(d.post_url),
    tinyUrl: str(d.post_tiny_url),
    embedCode: str(d.embed_code),
    abuseUrl: str(d.abuse_url),
    permalinkLabel: str(d.permalink_label),
    twitterUsername: str(d.twitter_username),
    hasFacebook: flag('has_facebook'),
    hasUser: flag('has_user'),
    isPrivate: flag('is_private'),
    blogShare: flag('tumblelog_share'),
    pinterest:
      pw && str(pw.url)
        ? { url: str(pw.url), name: str(pw.name), width: Number(dims?.[1] ?? 750), height: Number(dims?.[2] ?? 550) }
        : null,
    show: {
      email: flag('show_email'),
      twitter: flag('show_twitter'),
      facebook: flag('show_facebook'),
      pinterest: flag('show_pinterest'),
      reddit: flag('show_reddit'),
      embed: flag('show_embed'),
      permalink: flag('show_permalink'),
      flagging: flag('show_flagging'),
      reportingLinks: flag('show_reporting_links'),
    },
  };
}

export type ShareOption =
  'native' | 'copy-link' | 'email' | 'twitter' | 'facebook' | 'pinterest' | 'reddit' | 'embed' | 'permalink' | 'report';

export interface ShareSwitches {
  /** Feature switch for embed code. */
  embed: boolean;
  /** Feature switch for the link-sharing network. */
  reddit: boolean;
}

/**
 * The options in order. Private posts show none; each network needs its show flag (and the embed
 * and link-sharing options their feature switch); "Share via…" only where the browser has a share
 * sheet; reporting only when flagged on.
 */
export function shareOptions(data: ShareData, switches: ShareSwitches, canNativeShare: boolean): ShareOption[] {
  if (data.isPrivate) return [];
  const out: ShareOption[] = [];
  if (canNativeShare && data.postUrl) out.push('native');
  if (data.postUrl) out.push('copy-link');
  if (data.show.email) out.push('email');
  if (data.show.twitter) out.push('twitter');
  if (data.show.facebook) out.push('facebook');
  if (data.show.pinterest && data.pinterest) out.push('pinterest');
  if (data.show.reddit && switches.reddit) out.push('reddit');
  if (data.show.embed && switches.embed && data.embedCode) out.push('embed');
  if (data.show.permalink && data.postUrl) out.push('permalink');
  if ((data.show.flagging || data.show.reportingLinks) && data.abuseUrl) out.push('report');
  return out;
}

/** The send-a-post popover's external networks row, in order. */
export const SEND_POST_NETWORKS = ['twitter', 'facebook', 'pinterest', 'reddit', 'email'] as const;
export type SendPostNetwork = (typeof SEND_POST_NETWORKS)[number];

/**
 * Messaging spec §6: in the send-a-post popover "external sharing rows (e-mail, Facebook, Twitter,
 * Pinterest, Reddit) appear only when external sharing is enabled; permalink, embed and report always
 * appear". The switch is the server config's `messaging_external_sharing` (like the dock's
 * `messaging_*` switches, only an explicit false turns it off). "Always" is read as: whatever the
 * switch and the show flags say, as long as the post has what each needs (an address, an embed code,
 * an abuse address); a private post still shows nothing.
 */
export function sendPostShareRows(
  data: ShareData,
  switches: ShareSwitches,
  config: Record<string, unknown>,
): { networks: SendPostNetwork[]; extras: ('permalink' | 'embed' | 'report')[] } {
  if (data.isPrivate) return { networks: [], extras: [] };
  const external = config.messaging_external_sharing !== false;
  const offered = shareOptions(data, switches, false);
  return {
    networks: external ? SEND_POST_NETWORKS.filter((n) => offered.includes(n)) : [],
    extras: [
      ...(data.postUrl ? (['permalink'] as const) : []),
      ...(data.embedCode ? (['embed'] as const) : []),
      ...(data.abuseUrl ? (['report'] as const) : []),
    ],
  };
}

// ---- e-mail ----

/** Post share popover: text, an at sign, text, a dot, text; at most 100 characters. */
export function isShareEmail(address: string): boolean {
  const a = address.trim();
  return a.length > 0 && a.length <= SHARE_LIMITS.emailAddress && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(a);
}
/** Send-a-post popover: letters, digits and . _ + - before @; a domain starting alphanumeric; a 2–20 letter ending. */
export function isPopoverEmail(address: string): boolean {
  return /^[A-Za-z0-9._+-]+@[A-Za-z0-9][A-Za-z0-9.-]*\.[A-Za-z]{2,20}$/.test(address.trim());
}
export function isShareMessage(message: string): boolean {
  return message.length <= SHARE_LIMITS.emailMessage;
}
/** Logged out, or not a blog share: the e-mail option falls back to a mailto link (spec §6). */
export function emailShareMode(data: Pick<ShareData, 'hasUser' | 'blogShare'>): 'form' | 'mailto' {
  return data.hasUser || data.blogShare ? 'form' : 'mailto';
}
export function mailtoUrl(postUrl: string, subject: string): string {
  return `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(postUrl)}`;
}

// ---- the short-message network ----

const URL_TOKEN = /\[URL\]/g;

/** Post share popover: 140 with each [URL] counting 24; a warning below 10; invalid over the limit or with all 140 left. */
export function tweetState(message: string): { remaining: number; warning: boolean; valid: boolean } {
  const urls = message.match(URL_TOKEN)?.length ?? 0;
  const length = message.replace(URL_TOKEN, '').length + urls * SHARE_LIMITS.tweetUrlWeight;
  const remaining = SHARE_LIMITS.tweet - length;
  return { remaining, warning: remaining < SHARE_LIMITS.warnBelow, valid: remaining >= 0 && remaining !== SHARE_LIMITS.tweet };
}

/** Send-a-post popover: each URL counts 23; more than 0 and at most 140; exceeded below 0 left. */
export function shortMessageState(message: string): { remaining: number; exceeded: boolean; valid: boolean } {
  const length = message.replace(/\bhttps?:\/\/\S+/gi, 'x'.repeat(SHARE_LIMITS.shortMessageUrlWeight)).length;
  const remaining = SHARE_LIMITS.tweet - length;
  return { remaining, exceeded: remaining < 0, valid: length > 0 && remaining >= 0 };
}

/**
 * The popup URL for a network without a linked account. `base` replaces the network's own share
 * page (the page's config can point the popups elsewhere; the demo serves stand-ins).
 */
export function shareWindowUrl(network: 'twitter' | 'facebook' | 'reddit', postUrl: string, text = '', base?: string): string {
  const u = encodeURIComponent(postUrl);
  switch (network) {
    case 'twitter':
      return `${base ?? 'https://twitter.com/intent/tweet'}?url=${u}${text ? `&text=${encodeURIComponent(text)}` : ''}`;
    case 'facebook':
      return `${base ?? 'https://www.facebook.com/sharer/sharer.php'}?u=${u}`;
    case 'reddit':
      return `${base ?? 'https://www.reddit.com/submit'}?url=${u}`;
  }
}

/** `window.open` features for a popup of this size, centred on the screen the page is on. */
export function popupFeatures(
  size: { width: number; height: number },
  screen: { left: number; top: number; width: number; height: number },
): string {
  const left = Math.max(0, Math.round(screen.left + (screen.width - size.width) / 2));
  const top = Math.max(0, Math.round(screen.top + (screen.height - size.height) / 2));
  return `popup=yes,width=${size.width},height=${size.height},left=${left},top=${top}`;
}

// ---- the popover's views ----

export type ShareView = 'options' | 'email' | 'twitter' | 'facebook' | 'embed' | 'permalink';
export type SendStatus = 'idle' | 'sending' | 'sent' | 'error';

/** Spec: Escape in a sub-view goes back to the options, or closes once the share succeeded; on the options it closes. */
export function escapeAction(view: ShareView | 'message-email' | 'message-short', status: SendStatus): 'close' | 'back' {
  return view === 'options' || status === 'sent' ? 'close' : 'back';
}

/** Spec: Cancel returns to the options, or first clears a typed e-mail address. */
export function cancelAction(view: ShareView, typedEmail: string): 'clear-email' | 'back' {
  return view === 'email' && typedEmail !== '' ? 'clear-email' : 'back';
}

/** The post share popover's words (authoring spec §8) and the send-a-post popover's (messaging spec §4, §8). */
export const SHARE_TEXT = {
  sent: 'Sent!',
  failed: 'Error!',
  shared: 'Post shared!',
  screwy: 'Something went screwy.',
  sending: 'Sending...',
  closeWithoutSending: 'Close without sending?',
} as const;

/** After a successful send the popover fades out after 1250 ms (spec §9), plus a 150 ms fade (§4 "Share popover"). */
export const SHARE_FADE_DELAY_MS = 1250;
export const SHARE_FADE_MS = 150;
/** Messaging spec §9: the send-a-post popover closes 3000 ms after an external share. */
export const SHARE_EXTERNAL_CLOSE_MS = 3000;

// ---- the share preference cookie (spec §9: one year) ----

export const SHARE_PREF_COOKIE = 'tl_share_pref';
export const SHARE_PREF_MAX_AGE_S = 31536000;

export interface SharePreference {
  /** The e-mail form's reply-to switch, as last set. */
  replyTo: boolean;
}

export function readSharePreference(cookies: string): SharePreference {
  const raw = cookies
    .split(/;\s*/)
    .find((c) => c.startsWith(`${SHARE_PREF_COOKIE}=`))
    ?.slice(SHARE_PREF_COOKIE.length + 1);
  let replyTo = true;
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(decodeURIComponent(raw));
      if (isObject(parsed) && typeof parsed.replyTo === 'boolean') replyTo = parsed.replyTo;
    } catch {
      // a cookie someone else wrote: the default stands
    }
  }
  return { replyTo };
}

export function sharePreferenceCookie(pref: SharePreference): string {
  return `${SHARE_PREF_COOKIE}=${encodeURIComponent(JSON.stringify(pref))}; Max-Age=${SHARE_PREF_MAX_AGE_S}; Path=/; SameSite=Lax`;
}

// ---- sending a post as a message ----

/** Spec: blocked while a send runs, while the popover is disabled, and to the sender's own blog. */
export function canSendPostMessage(state: {
  sending: boolean;
  disabled: boolean;
  senderUuid: string | null;
  recipientUuid: string | null;
}): boolean {
  return (
    !state.sending &&
    !state.disabled &&
    state.senderUuid !== null &&
    state.recipientUuid !== null &&
    state.recipientUuid !== state.senderUuid
  );
}
