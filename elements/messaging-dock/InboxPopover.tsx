import { useEffect, useRef, useState } from 'react';
import { ErrorState } from '../../src/ui/ErrorState';
import { useRemote } from '../../src/ui/use-remote';
import { useStore } from '@nanostores/react';
import { $session } from '../../src/session/session';
import { setInboxOpen } from '../../src/stores/inbox';
import { fetchFavourites, fetchInbox } from '../../src/messaging/api';
import {
  emptyInboxGrid,
  INBOX_FAVOURITES_LIMIT,
  isUnread,
  otherParticipants,
  participantNames,
  shouldAppendFavourites,
  extraFavourites,
  type Conversation,
  type Participant,
} from '../../src/messaging/model/conversation';
import { conversationPreview, hasUnsent, INBOX_SCROLL_THRESHOLD_PX, mergeInboxPage } from './model/dock';
import { Avatar } from '../../src/ui/Avatar';
import { BlogSelector } from '../../src/ui/BlogSelector';
import { Loader } from '../../src/ui/Loader';
import { Popover } from '../../src/ui/Popover';
import { $inboxCache, $online, $outgoing, $pollStopped, $unread, setInboxCache } from './state/stores';
import { chooseSender, currentSender, messagingChannels } from '../../src/messaging/sender';
import { openConversation, openWithParticipant } from './state/windows';
import { restartPolling } from './state/lifecycle';
import { RecipientPicker } from '../../src/messaging/RecipientPicker';
import { shortTime } from './model/message-time';

/** For the dock, which loads this chunk: the placement code too, so the inbox opens placed (MessagingDock.tsx). */
export { preloadPopoverPosition } from '../../src/ui/Popover';

/**
 * The inbox in a popover anchored to the header's inbox button (or the dock's own trigger). A press
 * outside both the panel and the anchor closes it, and so does Escape (focus goes back to the
 * anchor): the Popover's light dismiss.
 */
export function InboxPopover({ anchor }: { anchor: Element }) {
  return (
    <Popover
      open
      anchor={anchor}
      placement="bottom-end"
      className="inbox-popover"
      part="inbox"
      role="dialog"
      aria-label="Inbox"
      onDismiss={(reason) => {
        setInboxOpen(false);
        if (reason === 'escape') (anchor as HTMLElement).focus?.();
      }}
    >
      <div className="inbox-popover__inner">
        <InboxPanel />
      </div>
    </Popover>
  );
}

type Status = 'idle' | 'loading' | 'ready' | 'error';

function InboxPanel() {
  const session = useStore($session);
  const cache = useStore($inboxCache);
  const unread = useStore($unread);
  const pollStopped = useStore($pollStopped);
  const [composing, setComposing] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [favourites, setFavourites] = useState<Participant[] | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const channels = messagingChannels(session.channels);
  const sender = currentSender();
  const senderName = sender?.name ?? '';
  const own = session.channels.map((c) => c.uuid);
  const entry = cache[senderName];
  const conversations = entry?.conversations ?? [];
  const unreadSignature = JSON.stringify(unread[senderName] ?? {});

  useEffect(() => headingRef.current?.focus(), []);

  // Fetch on open, on a blog switch, on Retry, and when polling says this blog's unread changed.
  const inbox = useRemote(
    sender ? `${sender.uuid}\n${sender.name}\n${unreadSignature}` : null,
    (key, signal) => {
      const [uuid, name] = key.split('\n') as [string, string];
      return fetchInbox({ participant: uuid, signal }).then((page) => {
        if (signal.aborted) return page;
        const previous = $inboxCache.get()[name];
        // A refetch after older pages were loaded keeps them: the first page is merged in, not swapped.
        const keepOlder = previous?.fetched && previous.conversations.length > page.items.length && page.next !== undefined;
        setInboxCache(
          name,
          keepOlder
            ? { conversations: mergeInboxPage(previous.conversations, page.items), next: previous.next, fetched: true }
            : { conversations: page.items, next: page.next, fetched: true },
        );
        return page;
      });
    },
    {
      onError: () => {
        if (!sender) return;
        const previous = $inboxCache.get()[sender.name];
        setInboxCache(sender.name, { conversations: previous?.conversations ?? [], next: previous?.next, fetched: true });
      },
    },
  );
  const status: Status = sender ? inbox.status : 'idle';

  const empty = status !== 'loading' && status !== 'error' && entry?.fetched === true && conversations.length === 0;
  const wantFavourites =
    !composing && (empty || (status === 'ready' && shouldAppendFavourites(conversations.length, Boolean(entry?.next))));

  useEffect(() => {
    if (!sender || !wantFavourites) return;
    const controller = new AbortController();
    setFavourites(null);
    fetchFavourites({ participant: sender.uuid, limit: INBOX_FAVOURITES_LIMIT, signal: controller.signal }).then(setFavourites, () =>
      setFavourites([]),
    );
    return () => controller.abort();
  }, [senderName, wantFavourites]);

  if (!sender) {
    return (
      <section className="inbox" part="inbox-panel">
        <p className="inbox__state">None of your blogs can send messages.</p>
      </section>
    );
  }

  const loadMore = () => {
    const next = entry?.next;
    if (!next || loadingMore) return;
    setLoadingMore(true);
    fetchInbox({ participant: sender.uuid, href: next }).then(
      (page) => {
        const current = $inboxCache.get()[sender.name]?.conversations ?? [];
        const seen = new Set(current.map((c) => c.id));
        setInboxCache(sender.name, {
          conversations: [...current, ...page.items.filter((c) => !seen.has(c.id))],
          next: page.next,
          fetched: true,
        });
        setLoadingMore(false);
      },
      () => setLoadingMore(false),
    );
  };

  const openFavourite = (p: Participant) => {
    openWithParticipant(p, sender);
  };

  // Spec: the loader shows while fetching and not composing — over an empty cache only; a cached list stays visible while it refreshes.
  const showLoader = !composing && status === 'loading' && conversations.length === 0;

  return (
    <section className="inbox" part="inbox-panel" aria-labelledby="inbox-title">
      <header className="inbox__header">
        <h2 className="inbox__title" id="inbox-title" tabIndex={-1} ref={headingRef}>
          {composing ? 'New message' : 'Inbox'}
        </h2>
        <BlogSelector blogs={channels} value={sender.name} onChange={chooseSender} label="Message as" showUnread part="blog-selector" />
        <button
          type="button"
          className="tl-button is-secondary inbox__toggle"
          part="compose-toggle"
          aria-pressed={composing}
          onClick={() => setComposing(!composing)}
        >
          {composing ? 'Nevermind' : 'Compose message'}
        </button>
      </header>
      {pollStopped && (
        <p className="inbox__poll-stopped" role="status">
          New messages stopped arriving.{' '}
          <button type="button" className="inbox__link-button" onClick={restartPolling}>
            Check again
          </button>
        </p>
      )}
      {composing ? (
        <div className="inbox__compose" part="inbox-compose">
          <RecipientPicker sender={sender} label="To:" onPick={(p) => openWithParticipant(p, sender)} />
        </div>
      ) : (
        <div
          className="inbox__body"
          aria-busy={status === 'loading'}
          onScroll={(event) => {
            const el = event.currentTarget;
            if (el.scrollHeight - el.scrollTop - el.clientHeight <= INBOX_SCROLL_THRESHOLD_PX) loadMore();
          }}
        >
          {showLoader && (
            <div className="inbox__state">
              <Loader label={`Loading messages for ${sender.name}`} />
            </div>
          )}
          {status === 'error' && (
            <ErrorState className="inbox__state" part="inbox-error" message="Couldn't load your messages." onRetry={inbox.retry} />
          )}
          {empty && <EmptyInbox favourites={favourites} onPick={openFavourite} />}
          {conversations.length > 0 && (
            <ul className="inbox__list" part="conversation-list" aria-label={`Conversations of ${sender.name}`}>
              {conversations.map((c) => (
                <ConversationRow
                  key={c.id}
                  conversation={c}
                  own={own}
                  unreadCount={unread[sender.name]?.[c.id]}
                  onOpen={() => openConversation(c, sender)}
                />
              ))}
            </ul>
          )}
          {entry?.next && (
            <div className="inbox__more">
              {loadingMore ? (
                <Loader label="Loading more conversations" size={18} />
              ) : (
                <button type="button" className="inbox__link-button" onClick={loadMore}>
                  Load older conversations
                </button>
              )}
            </div>
          )}
          {!empty && wantFavourites && favourites && favourites.length > 0 && (
            <FavouritesBlock favourites={favourites} onPick={openFavourite} own={own} conversations={conversations} />
          )}
        </div>
      )}
    </section>
  );
}

function ConversationRow({
  conversation,
  own,
  unreadCount,
  onOpen,
}: {
  conversation: Conversation;
  own: string[];
  unreadCount: number | undefined;
  onOpen: () => void;
}) {
  const others = otherParticipants(conversation.participants, own);
  const first = others[0];
  const names = participantNames(others.map((p) => p.name));
  const unread = (unreadCount ?? 0) > 0 || isUnread(conversation);
  const preview = conversationPreview(conversation, own);
  const when = shortTime(conversation.last_modified_ts, Date.now());
  const outgoing = useStore($outgoing);
  const online = useStore($online);
  // A message of this conversation has not gone out (it keeps trying by itself): marked on the row.
  const unsent = hasUnsent(outgoing, conversation.id, online);
  return (
    <li className={`inbox__row${unread ? ' is-unread' : ''}${unsent ? ' has-unsent' : ''}`} part="conversation-row">
      <a
        className="inbox__row-link"
        href={first ? `/messaging/conversation/${encodeURIComponent(first.name)}` : '#'}
        onClick={(event) => {
          event.preventDefault();
          onOpen();
        }}
      >
        {first ? (
          <Avatar name={first.name} size={40} avatar_url={first.avatar_url} shape={first.avatar_shape} decorative />
        ) : (
          <span className="inbox__row-avatar" />
        )}
        <span className="inbox__row-text">
          <span className="inbox__row-top">
            <span className="inbox__row-name">{names || 'Conversation'}</span>
            {when && (
              <time className="inbox__row-time" dateTime={new Date(conversation.last_modified_ts).toISOString()}>
                {when}
              </time>
            )}
          </span>
          <span className="inbox__row-preview">{preview}</span>
        </span>
        {unsent && (
          <span className="inbox__unsent" part="unsent-mark" role="img" aria-label="Not sent" title="Not sent">
            !
          </span>
        )}
        {unread && <span className="inbox__unread-dot" role="img" aria-label="Unread" />}
      </a>
    </li>
  );
}

function EmptyInbox({ favourites, onPick }: { favourites: Participant[] | null; onPick: (p: Participant) => void }) {
  const grid = emptyInboxGrid(extraFavourites(favourites ?? [], new Set()));
  return (
    <div className="inbox__empty" part="empty">
      <h3 className="inbox__empty-title">Talk to a Tumblr</h3>
      {favourites === null ? (
        <Loader label="Loading suggestions" size={18} />
      ) : grid.length > 0 ? (
        <ul className="inbox__grid" aria-label="Suggested blogs">
          {grid.map((p) => (
            <li key={p.uuid}>
              <a
                href={`/messaging/conversation/${encodeURIComponent(p.name)}`}
                title={p.name}
                aria-label={`Message ${p.name}`}
                onClick={(event) => {
                  event.preventDefault();
                  onPick(p);
                }}
              >
                <Avatar name={p.name} size={40} avatar_url={p.avatar_url} shape={p.avatar_shape} decorative />
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="inbox__hint">Press Compose message and type a blog's name.</p>
      )}
    </div>
  );
}

function FavouritesBlock({
  favourites,
  onPick,
  own,
  conversations,
}: {
  favourites: Participant[];
  onPick: (p: Participant) => void;
  own: string[];
  conversations: Conversation[];
}) {
  // Blogs already in the list, the user's own and those that cannot receive are not suggested.
  const exclude = new Set([...own, ...conversations.flatMap((c) => otherParticipants(c.participants, own).map((p) => p.uuid))]);
  const shown = extraFavourites(favourites, exclude);
  if (shown.length === 0) return null;
  return (
    <section className="inbox__favourites" part="favourites" aria-labelledby="inbox-more-title">
      <h3 className="inbox__section-title" id="inbox-more-title">
        More Tumblrs to talk to
      </h3>
      <ul className="inbox__list">
        {shown.map((p) => (
          <li key={p.uuid} className="inbox__row">
            <a
              className="inbox__row-link"
              href={`/conversation/new/${encodeURIComponent(p.name)}`}
              onClick={(event) => {
                event.preventDefault();
                onPick(p);
              }}
            >
              <Avatar name={p.name} size={32} avatar_url={p.avatar_url} shape={p.avatar_shape} decorative />
              <span className="inbox__row-text">
                <span className="inbox__row-name">{p.name}</span>
                {p.title && <span className="inbox__row-preview">{p.title}</span>}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
