import {
  forwardRef,
  Suspense,
  type CSSProperties,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { PartBoundary, retryableLazy } from '../../src/ui/PartBoundary';
import { prefersReducedMotion } from '../../src/ui/reduced-motion';
import { useVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { useFocusedRowKept } from '../../src/ui/use-focused-row-kept';
import { MessageText } from './MessageText';
import { $session } from '../../src/session/session';
import { decorateMessages, type ConversationMessage } from '../../src/messaging/model/conversation';
import {
  hiddenBySafeMode,
  isFullWidth,
  NSFW_SETTINGS_URL,
  NSFW_TEXT,
  photoSize,
  POST_THUMB_WIDTH,
  postKind,
  scaledHeight,
  UNAVAILABLE_POST,
  type ImageSize,
  type PostKind,
} from '../../src/messaging/model/post-content';
import {
  INBOX_SCROLL_THRESHOLD_PX,
  isAtBottom,
  messageSummary,
  RENDER_BATCH_DELAY_MS,
  revealNextBatch,
  type DockWindow,
} from './model/dock';
import { headerTime } from './model/message-time';
import { sendButtonLabel, SEND_CLOSE_LABEL } from '../../src/messaging/model/send-queue';
import type { ShownOutgoing } from './model/sending-elsewhere';
import { safeImageUrl, safeLinkUrl } from '../../src/models/urls';
import { Avatar } from '../../src/ui/Avatar';
import { Loader } from '../../src/ui/Loader';
import { FileThumbnail } from './FileThumbnail';
import { MenuButton, type MenuItem } from '../../src/ui/MenuButton';
import { BLURRED_TEXT, isBlurred, messageControls } from './model/moderation';
import { discardMessage, retryMessage } from './state/send-queue';
import { updateConversation, type ConversationData } from './state/conversations';

/** The intro card is its own chunk: it brings the description sanitiser, needed only once a conversation's start shows. */
const IntroCard = retryableLazy(() => import('./IntroCard'));

export interface MessageListHandle {
  atBottom(): boolean;
  scrollToBottom(smooth?: boolean): void;
}

interface Row {
  key: string;
  ts: number;
  participant: string;
  message?: ConversationMessage;
  outgoing?: ShownOutgoing;
}

/** A one-line bubble with its gap; rows are measured as they render, this only sizes the unmeasured ones. */
const ESTIMATED_ROW_PX = 52;
/** Spec §9: image and post thumbnails are 210 px wide. */
const THUMB_WIDTH = 210;
/** Spec §9: the pill's scroll to the bottom takes 500 ms. */
const SMOOTH_SCROLL_MS = 500;

/**
 * The message list, virtualized (only the rows near the viewport are in the DOM, so a
 * conversation of 10,000 messages costs what one of 30 does), with timestamp headers, collapse
 * groups, failed and pending messages, older pages on scrolling up, and the newest messages
 * that polling fetched revealed 5 at a time every 100 ms.
 */
/** What the message controls popover asks the window to do (it confirms, then acts). */
export type MessageControl = 'block' | 'report' | 'delete';

export const MessageList = forwardRef<
  MessageListHandle,
  {
    win: DockWindow;
    data: ConversationData;
    outgoing: ShownOutgoing[];
    onReachTop: () => Promise<number>;
    onReachBottom: () => void;
    onReveal: () => void;
    onControl: (control: MessageControl, message: ConversationMessage, senderName: string | undefined) => void;
  }
>(function MessageList({ win, data, outgoing, onReachTop, onReachBottom, onReveal, onControl }, ref) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const autoScrollUntil = useRef(0);
  /** Where the list was at the last scroll event: a smaller scrollTop now means the reader moved up. */
  const lastScrollTop = useRef(0);
  const loadingOlder = useRef(false);
  // Rows and their decoration are rebuilt only when the messages change, not on every scroll frame.
  const { rows, decorations } = useMemo(() => {
    const hidden = new Set(data.unrevealed);
    const delivered = new Set(data.messages.map((m) => m.client_id).filter((id) => id !== undefined));
    const list: Row[] = [
      ...data.messages.filter((m) => !hidden.has(m.id)).map((m) => ({ key: m.id, ts: m.ts, participant: m.participant, message: m })),
      // what is not delivered yet, in the order it was written (a sent one is replaced by the server's copy)
      ...outgoing
        .filter((o) => !delivered.has(o.clientId))
        .map((o) => ({ key: `out-${o.clientId}`, ts: o.clientTs, participant: o.participant, outgoing: o })),
    ];
    return {
      rows: list,
      decorations: decorateMessages(list.map((r) => ({ ts: r.ts, participant: r.participant, batch: r.outgoing ? 'out' : 'in' }))),
    };
  }, [data.messages, data.unrevealed, outgoing]);

  // messages revealed from a batch in the last 500 ms animate in (a row scrolled into view does not)
  const revealedAt = useRef(new Map<string, number>());
  const previouslyHidden = useRef<readonly string[]>([]);
  if (previouslyHidden.current !== data.unrevealed) {
    const stillHidden = new Set(data.unrevealed);
    for (const id of previouslyHidden.current)
      if (!stillHidden.has(id) && !revealedAt.current.has(id)) revealedAt.current.set(id, performance.now());
    previouslyHidden.current = data.unrevealed;
  }
  const now = performance.now();
  const isNew = (id: string) => now - (revealedAt.current.get(id) ?? -Infinity) < 500;

  // The intro card (spec §2) opens the conversation once its beginning is loaded, no older page left (§4 "Unread handling").
  const intro = data.introReady && !data.previous && win.participants.length > 0 ? win.participants[0]! : null;
  const introRows = intro ? 1 : 0;

  // One function per list of rows, not per render: the virtualiser places every row again (all
  // 10,000 of a long conversation) whenever its getItemKey changes, on each scroll frame it renders.
  const rowKey = useCallback((index: number) => (index < introRows ? 'intro' : rows[index - introRows]?.key), [rows, introRows]);
  const itemKey = useCallback((index: number) => rowKey(index) ?? index, [rowKey]);
  // A focused link or control in a message scrolled out of view stays mounted (the focus stays in the window).
  const focusKept = useFocusedRowKept(rowKey);
  const virtualizer = useVirtualizer({
    count: rows.length + introRows,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: 8,
    getItemKey: itemKey,
    rangeExtractor: focusKept.rangeExtractor,
    // Re-rendering synchronously inside the ResizeObserver callback (the default) mounts rows whose
    // first size report then misses that frame: Firefox reports it as a ResizeObserver loop error.
    useFlushSync: false,
  });

  const scrollToBottom = (smooth = false) => {
    const el = scrollRef.current;
    if (!el || rows.length === 0) return;
    stickToBottom.current = true;
    const animate = smooth && !prefersReducedMotion();
    // the scroll events of our own animation must not count as the reader leaving the bottom
    if (animate) autoScrollUntil.current = performance.now() + SMOOTH_SCROLL_MS + 200;
    virtualizer.scrollToIndex(rows.length - 1 + introRows, { align: 'end', behavior: animate ? 'smooth' : 'auto' });
    // rows measured during the animation can leave it short of the end: finish at the real bottom
    if (animate) {
      setTimeout(() => {
        if (stickToBottom.current && scrollRef.current) scrollRef.current.scrollTop = scrollRef.current.scrollHeight;
      }, SMOOTH_SCROLL_MS + 250);
    }
  };

  useImperativeHandle(ref, () => ({
    atBottom: () => {
      const el = scrollRef.current;
      return !el || isAtBottom(el);
    },
    scrollToBottom,
  }));

  // Reveal what polling brought, a batch of 5 every 100 ms.
  useEffect(() => {
    if (data.unrevealed.length === 0) return;
    const timer = setTimeout(
      () => updateConversation(win.key, (d) => ({ unrevealed: revealNextBatch(d.unrevealed) })),
      RENDER_BATCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [data.unrevealed, win.key]);

  // Opened, or something new at the end while the reader was at the bottom: keep the newest in view.
  const lastKey = rows[rows.length - 1]?.key;
  const totalSize = virtualizer.getTotalSize();
  useLayoutEffect(() => {
    if (stickToBottom.current) {
      const el = scrollRef.current;
      if (el) el.scrollTop = el.scrollHeight;
    }
  }, [lastKey, totalSize]);

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    const bottom = isAtBottom(el);
    // Only the reader leaves the bottom, by moving up. A scroll event while rows are measured and
    // the list grows under a scrollTop that stayed put (or was pushed down) is not that: taking it
    // for the reader left a slow machine's freshly opened conversation a row short of its end.
    const movedUp = el.scrollTop < lastScrollTop.current - 1;
    lastScrollTop.current = el.scrollTop;
    if (bottom) stickToBottom.current = true;
    else if (movedUp && performance.now() > autoScrollUntil.current) stickToBottom.current = false;
    if (bottom) onReachBottom();
    if (el.scrollTop <= INBOX_SCROLL_THRESHOLD_PX && data.previous && !loadingOlder.current) {
      loadingOlder.current = true;
      const firstKey = rows[0]?.key;
      void onReachTop().then((added) => {
        loadingOlder.current = false;
        // keep the message that was at the top where it was
        if (added > 0 && firstKey) requestAnimationFrame(() => virtualizer.scrollToIndex(added, { align: 'start' }));
      });
    }
  };

  const listWidth = useListWidth(scrollRef);
  const channels = $session.get().channels;
  const own = channels.map((c) => c.uuid);
  const ownNames = channels.map((c) => c.name);
  const items = virtualizer.getVirtualItems();

  const renderRow = (item: VirtualItem) => {
    if (item.index < introRows) {
      return (
        <div key={item.key} data-index={item.index} ref={virtualizer.measureElement} className="row row--intro" style={keptStyle(item)}>
          <PartBoundary quiet>
            <Suspense fallback={null}>
              <IntroCard participant={intro!} isNew={!win.conversationId || data.messages.length === 0} />
            </Suspense>
          </PartBoundary>
        </div>
      );
    }
    const row = rows[item.index - introRows]!;
    const decoration = decorations[item.index - introRows]!;
    const mine = own.includes(row.participant);
    const sender = mine ? undefined : win.participants.find((p) => p.uuid === row.participant);
    return (
      <div
        key={item.key}
        data-index={item.index}
        data-id={row.key}
        ref={virtualizer.measureElement}
        className={`row${mine ? ' is-mine' : ''}${decoration.isCollapsed ? ' is-collapsed' : ''}${row.message && isNew(row.key) ? ' is-new' : ''}`}
        style={keptStyle(item)}
        part="message-row"
      >
        {decoration.tsHeader && <p className="row__time">{headerTime(row.ts)}</p>}
        <div className="row__body">
          {!mine && (
            <span className="row__avatar">
              {!decoration.isCollapsed && sender ? (
                <Avatar name={sender.name} size={24} avatar_url={sender.avatar_url} shape={sender.avatar_shape} decorative />
              ) : null}
            </span>
          )}
          {row.message ? (
            <Bubble
              message={row.message}
              who={mine ? 'You' : (sender?.name ?? 'They')}
              blurred={isBlurred(row.message, data, own)}
              onReveal={onReveal}
              listWidth={listWidth}
            />
          ) : (
            <OutgoingBubble msg={row.outgoing!} />
          )}
          {row.message && (
            <Controls
              message={row.message}
              senderName={mine ? channels.find((c) => c.uuid === row.participant)?.name : sender?.name}
              ownNames={ownNames}
              onControl={onControl}
            />
          )}
        </div>
      </div>
    );
  };
  // The rows in view are laid out in flow in one translated window. A row kept only because it holds
  // the focus (scrolled out of the range) stays in the same parent, or React would re-insert it and
  // the focus would drop, but out of flow, at its own place.
  const windowStart = items.find((item) => !focusKept.isOutside(item.index))?.start ?? 0;
  function keptStyle(item: VirtualItem): CSSProperties | undefined {
    if (!focusKept.isOutside(item.index)) return undefined;
    return { position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.start - windowStart}px)` };
  }

  return (
    <div
      ref={scrollRef}
      className="messages"
      part="messages"
      tabIndex={0}
      role="log"
      aria-label="Messages"
      // Not live: its rows mount and unmount as it scrolls. Arrivals are said by the window (useSay).
      aria-live="off"
      onScroll={onScroll}
    >
      {data.loadingOlder && (
        <div className="messages__older">
          <Loader label="Loading older messages" size={16} />
        </div>
      )}
      {rows.length === 0 && !intro && <p className="messages__empty">No messages yet. Say hi!</p>}
      <div
        className="messages__spacer"
        style={{ height: virtualizer.getTotalSize() }}
        onFocus={focusKept.onFocus}
        onBlur={focusKept.onBlur}
      >
        <div className="messages__window" style={{ transform: `translateY(${windowStart}px)` }}>
          {items.map(renderRow)}
        </div>
      </div>
    </div>
  );
});

/** The list's inner width, kept current (the 60 % full-width rule depends on it). */
function useListWidth(ref: React.RefObject<HTMLDivElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** A thumbnail's height at the spec's 210 px width, keeping the image's shape. */
function thumbHeight(width: number | undefined, height: number | undefined): number {
  return width && height && width > 0 ? Math.round((height / width) * THUMB_WIDTH) : THUMB_WIDTH;
}

/** Spec §2 Message controls popover: Block and Report for a known sender who is not the user; Delete always. */
function Controls({
  message,
  senderName,
  ownNames,
  onControl,
}: {
  message: ConversationMessage;
  senderName: string | undefined;
  ownNames: string[];
  onControl: (control: MessageControl, message: ConversationMessage, senderName: string | undefined) => void;
}) {
  const allowed = messageControls(senderName, ownNames);
  const items: MenuItem[] = [
    ...(allowed.block
      ? [{ id: 'block', label: `Block ${senderName!}`, danger: true, onSelect: () => onControl('block', message, senderName) }]
      : []),
    ...(allowed.report ? [{ id: 'report', label: 'Report', danger: true, onSelect: () => onControl('report', message, senderName) }] : []),
    { id: 'delete', label: 'Delete', danger: true, onSelect: () => onControl('delete', message, senderName) },
  ];
  return (
    <MenuButton
      label="Message options"
      items={items}
      className="row__controls"
      part="message-controls"
      icon={<span aria-hidden="true">⋯</span>}
      placement="top"
    />
  );
}

function Bubble({
  message,
  who,
  blurred,
  onReveal,
  listWidth,
}: {
  message: ConversationMessage;
  who: string;
  blurred: boolean;
  onReveal: () => void;
  listWidth: number;
}) {
  if (message.type === 'TEXT') {
    return (
      <p className="bubble" part="message">
        <span className="tl-visually-hidden">{who}: </span>
        <MessageText text={message.text ?? ''} links={message.links} />
      </p>
    );
  }
  if (message.type === 'IMAGE' && message.image) {
    const src = safeImageUrl(message.image.url);
    const height = thumbHeight(message.image.width, message.image.height);
    return (
      <div className={`bubble bubble--media${blurred ? ' is-blurred' : ''}`} part="message">
        {src ? (
          <img src={src} alt={`${who} sent a photo`} width={THUMB_WIDTH} height={height} loading="lazy" decoding="async" />
        ) : (
          <span>{messageSummary(message, who)}</span>
        )}
        {blurred && (
          <button type="button" className="bubble__reveal" part="reveal" onClick={onReveal}>
            {BLURRED_TEXT}
          </button>
        )}
      </div>
    );
  }
  return <PostBubble post={message.post} who={who} listWidth={listWidth} />;
}

const KIND_LABELS: Record<PostKind, string> = {
  photo: 'Photo',
  photoset: 'Photoset',
  gif: 'GIF',
  link: 'Link',
  quote: 'Quote',
  audio: 'Audio',
  video: 'Video',
  chat: 'Chat',
  post: 'Post',
};

/** Spec §3 Post message content by kind, §5 safe mode, §8 the unavailable post, §9 the 60 % rule. */
function PostBubble({ post, who, listWidth }: { post: ConversationMessage['post']; who: string; listWidth: number }) {
  if (!post || post.state === 'disabled') {
    return <p className="bubble bubble--unavailable" part="message">{`${who} ${UNAVAILABLE_POST}`}</p>;
  }
  const session = $session.get();
  if (hiddenBySafeMode(post, session.flags.safe_mode === true, session.user?.safe_mode === true)) {
    return (
      <p className="bubble bubble--nsfw" part="message post-nsfw">
        <span>{NSFW_TEXT}</span> <a href={NSFW_SETTINGS_URL}>Safe mode settings</a>
      </p>
    );
  }
  const kind = postKind(post);
  const href = safeLinkUrl(post.post_url);
  const photos = (post.photos ?? []).map((p) => photoSize(p, POST_THUMB_WIDTH)).filter((s): s is ImageSize => s !== undefined);
  const cover = kind === 'photo' || kind === 'gif' ? (photos[0] ?? post.thumbnail) : post.thumbnail;
  const coverUrl = safeImageUrl(cover?.url);
  const withImage = kind === 'photoset' ? photos.length > 0 : !!coverUrl;
  const full = withImage && isFullWidth(POST_THUMB_WIDTH, listWidth);
  const label = `${who} sent ${post.blog_name ? `a ${KIND_LABELS[kind].toLowerCase()} post by ${post.blog_name}` : 'a post'}`;
  return (
    <div
      className={`bubble bubble--post is-${kind}${full ? ' is-full' : ''}`}
      part="message"
      data-kind={kind}
      role="group"
      aria-label={label}
    >
      {kind === 'photoset' ? (
        <span className="bubble__photoset">
          {photos.slice(0, 4).map((p, i) => {
            const src = safeImageUrl(p.url);
            return src ? (
              <img key={i} src={src} alt="" width={POST_THUMB_WIDTH / 2} height={POST_THUMB_WIDTH / 2} loading="lazy" decoding="async" />
            ) : null;
          })}
        </span>
      ) : (
        coverUrl && (
          <span className="bubble__cover">
            <img
              src={coverUrl}
              alt=""
              width={POST_THUMB_WIDTH}
              height={kind === 'audio' ? POST_THUMB_WIDTH : scaledHeight(cover, POST_THUMB_WIDTH)}
              loading="lazy"
              decoding="async"
            />
            {kind === 'video' && (
              <span className="bubble__play" aria-hidden="true">
                ▶
              </span>
            )}
            {kind === 'gif' && <span className="bubble__badge">GIF</span>}
          </span>
        )
      )}
      <span className="bubble__post-text">
        <span className="bubble__post-blog">
          <span className="bubble__kind" aria-hidden="true">
            {KIND_LABELS[kind]}
          </span>{' '}
          {post.blog_name ?? 'A post'}
        </span>
        {post.summary && (
          <span className={`bubble__post-summary${kind === 'quote' ? ' is-quote' : kind === 'chat' ? ' is-chat' : ''}`}>
            {kind === 'quote' ? `“${post.summary}”` : post.summary}
          </span>
        )}
      </span>
      {href && (
        <a className="bubble__post-link" href={href} target="_blank" rel="noopener">
          Open post
        </a>
      )}
    </div>
  );
}

function OutgoingBubble({ msg }: { msg: ShownOutgoing }) {
  // Retry and Close belong to the tab that is sending it
  const label = msg.elsewhere ? null : sendButtonLabel(msg);
  return (
    <div className={`outgoing is-${msg.state}`} part={`message outgoing-${msg.state}`}>
      {msg.type === 'IMAGE' && msg.image?.file ? (
        <div className="bubble bubble--local">
          <FileThumbnail
            source={msg.image.file}
            width={THUMB_WIDTH}
            height={thumbHeight(msg.image.width, msg.image.height)}
            label="Your photo"
          />
        </div>
      ) : msg.type === 'POSTREF' && msg.post?.mediaUrl && safeImageUrl(msg.post.mediaUrl) ? (
        <div className="bubble bubble--local">
          <img
            src={safeImageUrl(msg.post.mediaUrl)}
            alt="Your GIF"
            width={THUMB_WIDTH}
            height={thumbHeight(msg.post.width, msg.post.height)}
          />
        </div>
      ) : (
        <p className="bubble">{msg.message ?? (msg.type === 'IMAGE' ? 'Photo' : 'Post')}</p>
      )}
      {msg.elsewhere && msg.state !== 'error' && <span className="outgoing__status">Sending from another tab…</span>}
      {!msg.elsewhere && msg.state === 'queued' && <span className="outgoing__status">Not sent yet</span>}
      {msg.state === 'error' && (
        // Not an alert: the dock's live region says the failure once, as it happens (not again after a reload).
        <span className="outgoing__status">
          {msg.errorLine}
          {msg.elsewhere && ' It can be tried again in the tab it was written in.'}
        </span>
      )}
      {label && (
        <span className="outgoing__actions">
          <button
            type="button"
            className="outgoing__button"
            aria-disabled={msg.state !== 'error' || !msg.canRetry}
            onClick={() => {
              if (msg.state === 'error' && msg.canRetry) retryMessage(msg.clientId);
            }}
          >
            {label}
          </button>
          {msg.state === 'error' && !msg.canRetry && (
            <button type="button" className="outgoing__button" onClick={() => discardMessage(msg.clientId)}>
              {SEND_CLOSE_LABEL}
            </button>
          )}
        </span>
      )}
    </div>
  );
}
