/**
 * What the unread poll asks about (messaging spec §7 "/services/poll": "non-bot mention keys";
 * §3 Blog: mention_key, is_messaging_bot). Pure.
 *
 * Each messaging blog of the user is asked about by its mention key (its name when the server sent
 * none); a bot's blog is left out: a bot answers its messages itself, nobody reads its inbox, and a
 * badge for it would never go. The answer is keyed by mention key; the rest of messaging keys unread
 * counts by blog name, so `unreadByBlog` turns it back.
 */
import type { UnreadData } from '../../../src/messaging/model/conversation';

export interface PollableBlog {
  name: string;
  mention_key?: string | undefined;
  is_messaging_bot?: boolean | undefined;
}

export interface PollKeys {
  keys: string[];
  /** mention key → blog name */
  blogOf: ReadonlyMap<string, string>;
}

export function pollKeys(blogs: readonly PollableBlog[]): PollKeys {
  const blogOf = new Map<string, string>();
  for (const blog of blogs) {
    if (blog.is_messaging_bot === true) continue;
    const key = typeof blog.mention_key === 'string' && blog.mention_key.trim() ? blog.mention_key.trim() : blog.name;
    if (!blogOf.has(key)) blogOf.set(key, blog.name);
  }
  return { keys: [...blogOf.keys()], blogOf };
}

/** The poll's unread data keyed by blog name; keys it did not ask about are dropped. */
export function unreadByBlog(unread: UnreadData, blogOf: ReadonlyMap<string, string>): UnreadData {
  const out: UnreadData = {};
  for (const [key, counts] of Object.entries(unread)) {
    const name = blogOf.get(key);
    if (name !== undefined) out[name] = counts;
  }
  return out;
}
