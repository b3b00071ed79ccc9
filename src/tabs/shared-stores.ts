/**
 * The page's shared stores kept in step across the user's tabs (README, "Many tabs, one user"): a
 * like, a follow, a subscription or a block made in one tab shows in the others at once. Each
 * change of a key is posted with its new value; a tab applies what it hears without posting it
 * back. Values are checked like any untrusted input (any script of the origin can post).
 *
 * A block is the current blog's: it is applied only in tabs acting as the same blog.
 */
import type { MapStore } from 'nanostores';
import { $session } from '../session/session';
import { isRecord } from '../models/record';
import { $postMarks, type PostMarks } from '../post-actions/marks';
import { $following, $subscribed } from '../stores/follows';
import { $blocked } from '../stores/blocks';
import { tabChannel, TabMessages, type TabChannel } from './tab-channel';

const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const isMarks = (v: unknown): v is PostMarks => isRecord(v) && isBoolean(v.liked) && isBoolean(v.reblogged);

interface Shared<V> {
  name: string;
  store: MapStore<Record<string, V>>;
  valid: (v: unknown) => v is V;
  /** Who the value belongs to (the current blog for blocks); a tab acting for someone else ignores it. */
  scope?: () => string | null;
}

function share<V>(channel: TabChannel, { name, store, valid, scope }: Shared<V>): () => void {
  let applying = false;
  const stopListening = store.listen((value, _old, key) => {
    if (applying || key === undefined) return;
    channel.post(TabMessages.storeSet, { store: name, key, value: value[key], scope: scope?.() ?? null });
  });
  const stopHearing = channel.on(TabMessages.storeSet, (m) => {
    if (m.store !== name || typeof m.key !== 'string' || !valid(m.value)) return;
    if (scope && m.scope !== scope()) return;
    if (store.get()[m.key] === m.value && !isRecord(m.value)) return;
    applying = true;
    try {
      store.setKey(m.key, m.value);
    } finally {
      applying = false;
    }
  });
  return () => {
    stopListening();
    stopHearing();
  };
}

let stop: (() => void) | null = null;
let sharedFor: TabChannel | null = null;
let following = false;

function start(): void {
  const channel = tabChannel();
  if (channel === sharedFor) return;
  stop?.();
  stop = null;
  sharedFor = channel;
  if (!channel) return;
  const stops = [
    share(channel, { name: 'post-marks', store: $postMarks, valid: isMarks }),
    share(channel, { name: 'following', store: $following, valid: isBoolean }),
    share(channel, { name: 'subscribed', store: $subscribed, valid: isBoolean }),
    share(channel, { name: 'blocked', store: $blocked, valid: isBoolean, scope: () => $session.get().currentChannel }),
  ];
  stop = () => {
    for (const s of stops) s();
  };
}

/** Once per page (the runtime): shares on the logged-in user's channel, following the session. */
export function shareStoresAcrossTabs(): void {
  if (following) return;
  following = true;
  $session.subscribe(start);
}
