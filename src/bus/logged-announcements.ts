/**
 * Which announcements are also behaviour-log events (messaging spec §1, §9 "behaviour logging"), and
 * what each one logs. The sink (src/bus/log.ts) hears them on `document`, so every record also names
 * the element that announced (`surface`): the same `tl-follow-change` is `blog-card` from a card and
 * `peepr-drawer` from the drawer's header. The log event is the announcement's name without `tl-`,
 * in snake case (`tl-ask-sent` → `ask_sent`).
 *
 * What a user wrote never goes into a log: an ask logs its blog and whether it was anonymous, not the
 * question; a message logs its conversation, not its text.
 *
 * docs/logging.md lists these with the events elements log directly (`logEvent()`);
 * src/bus/logged-announcements.test.ts keeps the two in step.
 */
import type { AnnouncementName, Announcements } from '../core/announcements';
import { Events } from '../core/events';

type DataOf<N extends AnnouncementName> = (detail: Announcements[N]) => Record<string, unknown>;

/** `tl-ask-sent` → `ask_sent`. */
export const logEventName = (announcement: string): string => announcement.replace(/^tl-/, '').replace(/-/g, '_');

const blog = (d: { blogName: string }) => ({ blog: d.blogName });

export const LOGGED_ANNOUNCEMENTS: { [N in AnnouncementName]?: DataOf<N> } = {
  // messaging (<messaging-dock>, and the header's inbox button)
  [Events.inboxToggle]: (d) => ({ open: d.open }),
  [Events.conversationOpen]: (d) => ({ blogs: d.blogNames }),
  [Events.conversationClose]: (d) => ({ blogs: d.blogNames }),
  [Events.messageSent]: (d) => ({ conversation_id: d.conversationId ?? null }),
  // the drawer
  [Events.peeprOpen]: (d) => ({ blog: d.blogName, post_id: d.postId ?? null }),
  [Events.peeprClose]: blog,
  [Events.postAction]: (d) => ({ action: d.action, post_id: d.postId, outcome: d.outcome }),
  // the blog card and the drawer's header
  [Events.blogCardOpen]: blog,
  [Events.followChange]: (d) => ({ blog: d.blogName, following: d.following }),
  [Events.subscriptionChange]: (d) => ({ blog: d.blogName, subscribed: d.subscribed }),
  [Events.blockChange]: (d) => ({ blog: d.blogName, blocked: d.blocked }),
  // the ask form
  [Events.askFormOpen]: blog,
  [Events.askSent]: (d) => ({ blog: d.blogName, anonymous: d.anonymous }),
  // sharing
  [Events.shareOpen]: (d) => ({ post_id: d.postId, blog: d.blogName, mode: d.mode }),
  [Events.share]: (d) => ({ network: d.network, post_id: d.postId, blog: d.blogName }),
};
