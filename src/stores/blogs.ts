/**
 * One cache of blog data for the page (`/svc/tumblelog_popover`), shared by every element that
 * shows a blog: the card, the ask form, messaging, and next the drawer and the share popover.
 *   - One request per blog at a time: callers asking while it runs share it.
 *   - A result is kept BLOG_CACHE_MS; a failure is not kept (Retry asks again).
 *   - A caller's AbortSignal detaches that caller only; the request goes on for the others and
 *     still fills the cache.
 *   - A change of session (user, current blog, form key) empties it: follow state and ask
 *     settings depend on who is asking.
 */
import { fetchBlogPopover } from '../api/blogs';
import { ApiError } from '../errors';
import { BLOG_CACHE_MS, type BlogCardData } from '../models/blog';
import { $session } from '../session/session';
import type { Session } from '../session/types';

interface Entry {
  data?: BlogCardData;
  at?: number;
  pending?: Promise<BlogCardData>;
}

const entries = new Map<string, Entry>();
const sessionKey = (s: Session) => `${s.user?.name ?? ''}\n${s.currentChannel ?? ''}\n${s.formKey}`;
let currentKey = sessionKey($session.get());
$session.subscribe((session) => {
  const key = sessionKey(session);
  if (key !== currentKey) entries.clear();
  currentKey = key;
});

/** The blog's data if it was loaded less than BLOG_CACHE_MS ago. */
export function cachedBlog(name: string, now = Date.now()): BlogCardData | undefined {
  const entry = entries.get(name);
  return entry?.data && entry.at !== undefined && now - entry.at < BLOG_CACHE_MS ? entry.data : undefined;
}

/** The blog's data: from the cache, from the request already running, or from a new one. */
export function loadBlog(name: string, signal?: AbortSignal): Promise<BlogCardData> {
  const fresh = cachedBlog(name);
  if (fresh) return Promise.resolve(fresh);
  let entry = entries.get(name);
  if (!entry?.pending) {
    const mine: Entry = entry ?? {};
    const pending = fetchBlogPopover(name);
    mine.pending = pending;
    entries.set(name, mine);
    pending.then(
      (data) => {
        if (entries.get(name) !== mine) return; // the session changed meanwhile
        mine.data = data;
        mine.at = Date.now();
        mine.pending = undefined;
      },
      () => {
        if (entries.get(name) === mine) entries.delete(name);
      },
    );
    entry = mine;
  }
  const pending = entry.pending!;
  if (!signal) return pending;
  if (signal.aborted) return Promise.reject(new ApiError('aborted', 0, 'Request aborted'));
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new ApiError('aborted', 0, 'Request aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    pending.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
