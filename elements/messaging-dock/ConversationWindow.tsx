import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { ErrorState } from '../../src/ui/ErrorState';
import { useStore } from '@nanostores/react';
import { useWidget } from '../../src/core/widget-context';
import { Events } from '../../src/core/events';
import { blockBlog } from '../../src/api/block';
import { deleteConversation } from '../../src/messaging/api';
import { BLOCK_CONFIRM_NOTE, BLOCK_SENDER_CONFIRM, BLOCK_SENDER_NOTE, blockConfirmText } from '../../src/models/blog';
import { $blocked } from '../../src/stores/blocks';
import { badgeText } from '../../src/models/badge';
import {
  CANNOT_RECEIVE,
  otherParticipants,
  participantNames,
  RETRYING_LABEL,
  type ConversationMessage,
} from '../../src/messaging/model/conversation';
import {
  DELETE_CONVERSATION_CONFIRM,
  DELETE_CONVERSATION_OK,
  DELETE_MESSAGE_CONFIRM,
  MARK_AS_SPAM,
  NEVERMIND,
  SPAM_CONFIRM_OK,
  spamConfirmText,
  spamPrompt,
} from './model/moderation';
import { hasUnsent, unreadAction, windowTarget, windowUnread, WINDOW_MOTION_MS, type DockWindow } from './model/dock';
import { buildImageMessage, buildImagePostMessage, buildTextMessage, type OutgoingMessage } from '../../src/messaging/model/send-queue';
import type { GifMedia } from '../../src/models/gif-search';
import {
  canAttach,
  dragHasFiles,
  FLUSH_AFTER_PREVIEW_MS,
  GIF_MESSAGE_CONTEXT,
  GIF_NOT_SENDABLE,
  gifSendable,
  IMAGE_UPLOAD_CONTEXT,
  lastFile,
  previewSize,
  transferFiles,
} from './model/attachment';
import { dockFeature } from './model/features';
import { $session } from '../../src/session/session';
import { FileThumbnail } from './FileThumbnail';
import { useAttachment } from './use-attachment';
import { safeLinkUrl } from '../../src/models/urls';
import { Avatar } from '../../src/ui/Avatar';
import { prefersReducedMotion } from '../../src/ui/reduced-motion';
import { Loader } from '../../src/ui/Loader';
import { MenuButton, type MenuItem } from '../../src/ui/MenuButton';
import { useConfirm } from '../../src/ui/ConfirmQueue';
import { $inboxAnchor } from '../../src/stores/inbox';
import { deepActiveElement } from '../../src/ui/deep-active-element';
import { $focusedWindow, $online, $outgoing, $sendingElsewhere, $unread } from './state/stores';
import type { ShownOutgoing } from './model/sending-elsewhere';
import { askNotificationPermission } from './state/alerts';
import { conversationStore, updateConversation } from './state/conversations';
import { deleteOneMessage, forgetConversation, markAsSpam, revealImages } from './state/moderation';
import { hideWindow, removeWindow, showWindow, takeContinuedWindow } from './state/windows';
import { outgoingKey, queueMessages } from './state/send-queue';
import { pollerInput } from './state/lifecycle';
import { fetchNewest, loadConversation, loadOlder } from './state/load-messages';
import { MessageList, type MessageControl, type MessageListHandle } from './MessageList';
import { ComposeBox } from './ComposeBox';
import { useSay } from '../../src/ui/use-say';
import { arrivalsSpoken, newArrivals } from './model/spoken';

/**
 * What opened each window, by the window's key, to give the focus back to when it closes. Outside
 * the component: a window that learns its conversation's id (a conversation opened by blog name) is
 * mounted again under that key (`aliasKey` is the one it had), by then with the focus on <body>.
 */
const openers = new Map<string, HTMLElement>();

/** An open conversation window (spec §2 Conversation windows, §4 Conversation window and flags). */
export function ConversationWindow({ win }: { win: DockWindow }) {
  const { announce, shadowRoot } = useWidget();
  const confirm = useConfirm();
  const sectionRef = useRef<HTMLElement>(null);
  const data = useStore(conversationStore(win.key));
  const [continued] = useState(() => takeContinuedWindow(win.key));
  const outgoingAll = useStore($outgoing);
  const unread = useStore($unread);
  const listRef = useRef<MessageListHandle>(null);
  const [pill, setPill] = useState(0);
  /** The messages there were when the pill appeared: what arrives from others after them counts in it. */
  const pillBase = useRef<readonly ConversationMessage[] | null>(null);
  const clearPill = () => {
    pillBase.current = null;
    setPill(0);
  };
  const unreadCount = windowUnread(unread, win);
  const previousUnread = useRef(unreadCount);
  const names = participantNames(win.participants.map((p) => p.name));
  const titleId = `conversation-${win.key.replace(/[^a-zA-Z0-9_-]/g, '_')}`;

  // A window opened here (not by another tab) takes the focus at once, before its compose box can
  // (that waits for the messages): whatever opened it — an inbox row that has just closed with
  // its popover — would otherwise leave the focus on <body> until then. A layout effect, so the
  // box of a window already loaded, focused in its own effect, still wins. What held the focus
  // before is what opened the window (a page's "Message bob" link): closing gives it the focus back.
  useLayoutEffect(() => {
    const handedOver = win.aliasKey === undefined ? undefined : openers.get(win.aliasKey);
    if (win.aliasKey !== undefined) openers.delete(win.aliasKey);
    if (win.quiet) return;
    const before = deepActiveElement();
    if (before instanceof HTMLElement && before !== document.body) openers.set(win.key, before);
    else if (handedOver) openers.set(win.key, handedOver);
    else openers.delete(win.key); // an inbox row or a minimized tab, gone by now: closing falls back to the dock
    sectionRef.current?.focus({ preventScroll: true });
  }, []);

  // Spec §4: unminimizing before the first fetch fetches; with unread messages they are fetched and the list scrolls down.
  useEffect(() => {
    announce(Events.conversationOpen, { key: win.key, blogNames: win.participants.map((p) => p.name) });
    if (!data.fetched) void loadConversation(win);
    else if (unreadCount > 0) void fetchNewest(win, unreadCount).then(() => listRef.current?.scrollToBottom());
    // mount only: the window was just opened or unminimized
  }, []);

  // Spec §4 Unread handling: at the bottom, new messages are fetched; otherwise a pill shows the count.
  useEffect(() => {
    const previous = previousUnread.current;
    previousUnread.current = unreadCount;
    if (data.status !== 'ready') return;
    const action = unreadAction(previous, unreadCount, { minimized: false, atBottom: listRef.current?.atBottom() ?? true });
    if (action === 'fetch') void fetchNewest(win, unreadCount);
    else if (action === 'pill') {
      pillBase.current ??= data.messages;
      setPill((p) => Math.max(p, unreadCount));
      void fetchNewest(win, unreadCount);
    }
  }, [unreadCount]);

  // A message from others arriving while the window is open is said (#24): the list is a log, but
  // a virtualised one, whose rows come and go as it scrolls, so it is not itself live.
  const say = useSay();
  const heard = useRef<readonly ConversationMessage[] | null>(null);
  useEffect(() => {
    if (data.status !== 'ready') return;
    const before = heard.current;
    heard.current = data.messages;
    if (!before) return; // the first load is history, not news
    const arrived = newArrivals(before, data.messages, win.sender.uuid);
    if (arrived.length === 0) return;
    const name = (uuid: string) => win.participants.find((p) => p.uuid === uuid)?.name ?? '';
    say(arrivalsSpoken(participantNames([...new Set(arrived.map((m) => name(m.participant)))]) || 'someone', arrived));
  }, [data.messages, data.status]);

  const elsewhere = useStore($sendingElsewhere);
  const outgoing = useMemo(() => {
    const mine = (m: ShownOutgoing) => outgoingKey(m) === win.key || (win.aliasKey !== undefined && outgoingKey(m) === win.aliasKey);
    const own = outgoingAll.filter(mine);
    const ids = new Set(outgoingAll.map((m) => m.clientId));
    // what another tab is sending here too, once (a message this tab also holds is shown as this tab's)
    const others = Object.values(elsewhere)
      .flat()
      .filter((m) => mine(m) && !ids.has(m.clientId) && !data.messages.some((d) => d.client_id === m.clientId));
    return others.length > 0 ? [...own, ...others] : own;
  }, [outgoingAll, elsewhere, data.messages, win.key, win.aliasKey]);

  // The count is what arrived from others since the pill appeared, or the server's unread count
  // before they are fetched: a burst spread over several polls (some fetched, so read, between
  // them) is counted whole. An older page loaded by the scroll up is not among them.
  const base = pillBase.current;
  const arrivedSincePill = base ? newArrivals(base, data.messages, win.sender.uuid).length : 0;
  const pillCount = pill > 0 ? Math.max(pill, arrivedSincePill) : 0;

  const close = () => {
    const hadFocus = shadowRoot.activeElement !== null && sectionRef.current?.contains(shadowRoot.activeElement) === true;
    removeWindow(win.key);
    announce(Events.conversationClose, { key: win.key, blogNames: win.participants.map((p) => p.name) });
    // Focus must not fall to <body>: back to what opened the window if it is still there (it used to
    // go to the inbox button, far from the page's link), else the next open window's box, else the
    // inbox button (or the dock's own). Only while it is still lost by that frame: a loaded browser
    // may run the frame late, after another window or a menu opened and took the focus, and moving
    // it then closed that menu under the user (seen in WebKit, the fault matrix's deletes).
    const back = openers.get(win.key);
    openers.delete(win.key);
    if (hadFocus) {
      requestAnimationFrame(() => {
        const now = deepActiveElement();
        if (now && now !== document.body) return;
        if (back?.isConnected) {
          back.focus({ preventScroll: true });
          if (deepActiveElement() === back) return;
        }
        const next =
          shadowRoot.querySelector<HTMLElement>('.compose__text:not(:disabled)') ??
          shadowRoot.querySelector<HTMLElement>('[part="trigger"]');
        (next ?? ($inboxAnchor.get() as HTMLElement | null))?.focus();
      });
    }
  };

  const minimizing = useRef(false);
  const minimize = () => {
    if (minimizing.current) return;
    const section = sectionRef.current;
    const done = () => {
      hideWindow(win.key);
      // Keyboard users land on the tab that now stands for the window, unless focus has moved on
      // meanwhile (another window opened during the animation and took it).
      requestAnimationFrame(() => {
        const active = shadowRoot.activeElement;
        if (active && active.isConnected && !section?.contains(active)) return;
        shadowRoot.querySelector<HTMLElement>(`.tab[data-key="${CSS.escape(win.key)}"]`)?.focus();
      });
    };
    // Spec §4: minimizing animates (the window sinks into its tab, 250 ms like opening); none under reduced motion.
    if (!section || prefersReducedMotion() || typeof section.animate !== 'function') return done();
    minimizing.current = true;
    // A sinking window takes no input: its content turns inert. Not the window itself, which holds
    // the focus meanwhile (an inert Minimize would drop it to <body> for the whole animation).
    if (section.contains(shadowRoot.activeElement)) section.focus({ preventScroll: true });
    for (const child of section.children) (child as HTMLElement).inert = true;
    const sinking = section.animate(
      [
        { transform: 'none', opacity: 1 },
        { transform: 'translateY(24px)', opacity: 0 },
      ],
      { duration: WINDOW_MOTION_MS, easing: 'ease-in', fill: 'forwards' },
    );
    sinking.finished.then(done, done);
  };

  const [spamLine] = useState(() => spamPrompt());
  const attachment = useAttachment();
  const [dropping, setDropping] = useState(false);
  const photosEnabled = dockFeature($session.get().config, 'send_photos');
  // Spec §2: 'Minimize' only when enabled (config `messaging_minimize`).
  const minimizeEnabled = dockFeature($session.get().config, 'minimize');
  // Spec §5: a file is taken only with photos on, no preview yet, can_send and no error.
  const attachAllowed = () =>
    canAttach({ photosEnabled, hasPreview: attachment.attachment !== null, canSend: data.canSend, hasError: data.status !== 'ready' });
  const takeFile = (file: File) => {
    if (attachAllowed()) void attachment.attach(file);
  };

  // Spec §4 Message: the previewed image is sent first, then the text; all show as queued at
  // once and go out 150 ms after the preview closed.
  const send = (text: string) => {
    const target = windowTarget(win);
    const image = attachment.attachment;
    const msgs: OutgoingMessage[] = [];
    if (image)
      msgs.push(
        buildImageMessage(target, { file: image.file, width: image.width, height: image.height }, { context: IMAGE_UPLOAD_CONTEXT }),
      );
    if (text) msgs.push(buildTextMessage(target, text));
    if (msgs.length === 0) return;
    // the user's own action: the moment to ask, once, whether new messages may notify
    askNotificationPermission();
    queueMessages(msgs, image ? attachment.close() : Promise.resolve(), image ? FLUSH_AFTER_PREVIEW_MS : 0);
    pollerInput();
    listRef.current?.scrollToBottom();
  };

  // Spec §5: a GIF from the search goes as an image-post message (it needs its post id and blog uuid).
  const gifsEnabled = dockFeature($session.get().config, 'gif_search');
  const sendGif = (media: GifMedia) => {
    if (!gifSendable(media)) {
      attachment.showError(GIF_NOT_SENDABLE);
      return;
    }
    const target = windowTarget(win);
    queueMessages(
      [
        buildImagePostMessage(
          target,
          { postId: media.postId, blogUuid: media.postBlogUuid, mediaUrl: media.mediaUrl, width: media.width, height: media.height },
          { context: GIF_MESSAGE_CONTEXT },
        ),
      ],
      Promise.resolve(),
      0,
    );
    pollerInput();
    listRef.current?.scrollToBottom();
  };

  // Spec §4 the dropping-files flag, §5: a drag counts only when it carries files.
  const dragProps = {
    onDragEnter: (event: React.DragEvent) => {
      if (!dragHasFiles(event.dataTransfer.types) || !attachAllowed()) return;
      event.preventDefault();
      setDropping(true);
    },
    onDragOver: (event: React.DragEvent) => {
      if (!dragHasFiles(event.dataTransfer.types) || !attachAllowed()) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
      if (!dropping) setDropping(true);
    },
    onDragLeave: (event: React.DragEvent) => {
      if (!sectionRef.current?.contains(event.relatedTarget as Node | null)) setDropping(false);
    },
    onDrop: (event: React.DragEvent) => {
      setDropping(false);
      if (!dragHasFiles(event.dataTransfer.types)) return;
      // a file dropped here never navigates the page away, taken or not
      event.preventDefault();
      const file = lastFile(transferFiles<File>(event.dataTransfer));
      if (file) takeFile(file);
    },
  };

  /**
   * Spec §4 "Conversation window": blocking a participant (Actions popover or message controls)
   * closes the conversation. Authoring spec §9: from a message's controls it is the sender's block,
   * "Block messages from this sender?" with the IP-address note; from Actions, the blog's.
   */
  const block = (name: string, sender = false) => {
    void confirm({
      kind: 'confirm',
      message: sender ? BLOCK_SENDER_CONFIRM : blockConfirmText(name, win.sender.name),
      note: sender ? BLOCK_SENDER_NOTE : BLOCK_CONFIRM_NOTE,
      okText: 'Block',
      cancelText: NEVERMIND,
      danger: true,
    }).then(async (ok) => {
      if (!ok) return;
      try {
        await blockBlog(win.sender.name, name, sender ? 'messaging-sender' : 'messaging');
        $blocked.setKey(name, true);
        close();
      } catch {
        void confirm({ kind: 'alert', message: `Couldn't block ${name}. Try again in a moment.` });
      }
    });
  };

  /** Spec §8: 'Mark it spam' removes the conversation at once (the report is only logged). */
  const reportSpam = (context: string) => {
    void confirm({ kind: 'confirm', message: spamConfirmText(names), okText: SPAM_CONFIRM_OK, cancelText: NEVERMIND, danger: true }).then(
      (ok) => {
        if (!ok) return;
        close();
        markAsSpam(win, context);
      },
    );
  };

  const onControl = (control: MessageControl, message: ConversationMessage, senderName: string | undefined) => {
    if (control === 'block' && senderName) block(senderName, true);
    else if (control === 'report') reportSpam('message-controls');
    else if (control === 'delete') {
      void confirm({
        kind: 'confirm',
        message: DELETE_MESSAGE_CONFIRM,
        okText: DELETE_CONVERSATION_OK,
        cancelText: NEVERMIND,
        danger: true,
      }).then(async (ok) => {
        if (ok && !(await deleteOneMessage(win, message.id)))
          void confirm({ kind: 'alert', message: "Couldn't delete this message. Try again in a moment." });
      });
    }
  };

  const actions: MenuItem[] = [
    { id: 'sounds', label: 'Sound settings', href: '/settings/dashboard' },
    ...(win.conversationId
      ? [
          {
            id: 'delete',
            label: 'Delete conversation',
            danger: true,
            onSelect: () => {
              void confirm({
                kind: 'confirm',
                message: DELETE_CONVERSATION_CONFIRM,
                okText: DELETE_CONVERSATION_OK,
                cancelText: NEVERMIND,
                danger: true,
              }).then(async (ok) => {
                if (!ok || !win.conversationId) return;
                try {
                  await deleteConversation(win.conversationId, win.sender.uuid);
                  forgetConversation(win.sender.name, win.conversationId);
                  close();
                } catch {
                  void confirm({ kind: 'alert', message: "Couldn't delete this conversation. Try again in a moment." });
                }
              });
            },
          } satisfies MenuItem,
        ]
      : []),
    // Spec §2: one entry per participant who is not one of the user's own blogs.
    ...otherParticipants(
      win.participants,
      $session.get().channels.map((c) => c.uuid),
    ).map((p): MenuItem => ({ id: `block-${p.uuid}`, label: `Block ${p.name}`, danger: true, onSelect: () => block(p.name) })),
  ];

  const first = win.participants[0];
  const busy = data.status === 'loading' || data.status === 'idle';
  const errored = data.status === 'error';

  return (
    <section
      ref={sectionRef}
      className={`window${continued ? ' is-continued' : ''}`}
      part="window"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-key={win.key}
      {...dragProps}
      // the window in use here: another tab closing or minimizing it leaves it be (state/persistence.ts)
      onFocus={() => $focusedWindow.set(win.key)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null) && $focusedWindow.get() === win.key) $focusedWindow.set(null);
      }}
    >
      {dropping && (
        <p className="window__drop" part="drop-zone">
          Drop the photo to add it
        </p>
      )}
      <header className="window__header">
        {first && <Avatar name={first.name} size={28} avatar_url={first.avatar_url} shape={first.avatar_shape} decorative />}
        <h2 className="window__title" id={titleId}>
          <span className="tl-visually-hidden">Conversation with </span>
          <NameLinks participants={win.participants} />
        </h2>
        <MenuButton label="Actions" items={actions} className="window__button" part="actions" icon={<span aria-hidden="true">⋯</span>} />
        {minimizeEnabled && (
          <button
            type="button"
            className="window__button"
            part="minimize"
            aria-label={`Minimize conversation with ${names}`}
            title="Minimize"
            onClick={minimize}
          >
            <span aria-hidden="true">–</span>
          </button>
        )}
        <button
          type="button"
          className="window__button"
          part="close"
          aria-label={`Close conversation with ${names}`}
          title="Close"
          onClick={close}
        >
          <span aria-hidden="true">×</span>
        </button>
      </header>
      <div className="window__body">
        {busy && (
          <div className="window__state">
            <Loader label={`Loading conversation with ${names}`} />
          </div>
        )}
        {errored && data.error && (
          <ErrorState
            className="window__state window__error"
            message={data.error.message}
            onRetry={data.error.canRetry ? () => void loadConversation(win, { retry: true }) : undefined}
            retrying={data.retrying ? RETRYING_LABEL : false}
          />
        )}
        {!busy && !errored && (
          <MessageList
            ref={listRef}
            win={win}
            data={data}
            outgoing={outgoing}
            onReachTop={() => loadOlder(win)}
            onReachBottom={clearPill}
            onReveal={() => revealImages(win)}
            onControl={onControl}
          />
        )}
        {pillCount > 0 && !busy && !errored && (
          <button
            type="button"
            className="window__pill"
            part="unread-pill"
            onClick={() => {
              clearPill();
              // everything that arrived is shown at once: the reader asked for it
              updateConversation(win.key, { unrevealed: [] });
              listRef.current?.scrollToBottom(true);
            }}
          >
            {badgeText(pillCount)} new {pillCount === 1 ? 'message' : 'messages'}
          </button>
        )}
      </div>
      <footer className="window__footer">
        {data.possibleSpam && !busy && !errored && (
          <p className="window__spam" part="spam-notice">
            <span>{spamLine}</span>
            <button type="button" className="window__spam-button" onClick={() => reportSpam('inline')}>
              {MARK_AS_SPAM}
            </button>
          </p>
        )}
        {attachment.attachment && (
          <div className={`preview${attachment.leaving ? ' is-leaving' : ''}`} part="image-preview">
            <FileThumbnail
              source={attachment.attachment.bitmap}
              {...previewSize(attachment.attachment.width, attachment.attachment.height)}
              label="Photo to send"
              className="preview__image"
            />
            <button type="button" className="preview__remove" aria-label="Remove the photo" onClick={() => void attachment.close()}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
        )}
        {attachment.error && (
          <p className="attach-error" part="attachment-error" role="alert">
            {attachment.error}
            <button type="button" className="attach-error__close" aria-label="Dismiss" onClick={attachment.dismissError}>
              <span aria-hidden="true">×</span>
            </button>
          </p>
        )}
        {!data.canSend && !errored ? (
          <p className="window__notice" part="notice">
            {CANNOT_RECEIVE}
          </p>
        ) : (
          <ComposeBox
            windowKey={win.key}
            label={`Message to ${names}`}
            disabled={busy || errored}
            onSend={send}
            onEscapeEmpty={close}
            {...(photosEnabled ? { onFile: takeFile } : {})}
            {...(gifsEnabled ? { onGif: sendGif } : {})}
            hasAttachment={attachment.attachment !== null && !attachment.leaving}
            takesFocus={!win.quiet}
          />
        )}
      </footer>
    </section>
  );
}

function NameLinks({ participants }: { participants: DockWindow['participants'] }) {
  const n = participants.length;
  return (
    <>
      {participants.map((p, i) => (
        <span key={p.uuid}>
          <a href={safeLinkUrl(p.url) ?? `/blog/${encodeURIComponent(p.name)}`} className="window__name" target="_blank" rel="noopener">
            {p.name}
          </a>
          {i < n - 2 ? ', ' : i === n - 2 ? ' + ' : ''}
        </span>
      ))}
    </>
  );
}

/** A minimized window: the other participant's avatar and an unread badge (highlighted above 0). */
export function MinimizedTab({ win }: { win: DockWindow }) {
  const unread = useStore($unread);
  const outgoing = useStore($outgoing);
  const online = useStore($online);
  const count = windowUnread(unread, win);
  // A message of this conversation has not gone out: say so on the tab (it keeps trying by itself).
  const unsent = hasUnsent(outgoing, win.key, online);
  const previous = useRef(count);
  const [bump, setBump] = useState(false);
  const first = win.participants[0];
  const names = participantNames(win.participants.map((p) => p.name));
  const badge = badgeText(count);

  useEffect(() => {
    if (count > previous.current) {
      setBump(true);
      const timer = setTimeout(() => setBump(false), 600);
      previous.current = count;
      return () => clearTimeout(timer);
    }
    previous.current = count;
  }, [count]);

  return (
    <span className="tab-wrap">
      <button
        type="button"
        className={`tab${count > 0 ? ' has-unread' : ''}${bump ? ' is-bumped' : ''}`}
        part="minimized-tab"
        data-key={win.key}
        aria-label={`Open conversation with ${names}${count > 0 ? `, ${badge} unread` : ''}${unsent ? ', a message not sent' : ''}`}
        title={names}
        onClick={() => showWindow(win)}
      >
        {first ? <Avatar name={first.name} size={44} avatar_url={first.avatar_url} shape={first.avatar_shape} decorative /> : null}
        {badge && (
          <span className="tl-badge tab__badge" aria-hidden="true">
            {badge}
          </span>
        )}
        {unsent && (
          <span className="tab__unsent" part="unsent-mark" aria-hidden="true" title="Not sent">
            !
          </span>
        )}
      </button>
      <button type="button" className="tab__close" aria-label={`Close conversation with ${names}`} onClick={() => removeWindow(win.key)}>
        <span aria-hidden="true">×</span>
      </button>
    </span>
  );
}
