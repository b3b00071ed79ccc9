/**
 * Sending a post as a message (messaging spec §2 "Send-a-post-as-message popover", §4, §5, §9):
 * 'Message to...' with favourites and a debounced search, the external networks row, the message
 * box and the sender blog selector. Choosing a recipient shows the message box and hides the
 * networks; removing the recipient reverses that. Sending hands the post and the optional text to
 * <messaging-dock> (its send queue keeps them across reloads and delivers each once) and opens the
 * conversation there; this popover closes.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $session } from '../../src/session/session';
import { request } from '../../src/core/requests';
import { currentSender, messagingChannels } from '../../src/messaging/sender';
import {
  canSendPostMessage,
  emailShareMode,
  escapeAction,
  mailtoUrl,
  sendPostShareRows,
  type SendPostNetwork,
  type ShareData,
} from './model/rules';
import { MESSAGE_MAX_LENGTH } from '../../src/messaging/model/send-queue';
import { openConversationError, type Participant } from '../../src/messaging/model/conversation';
import type { SendPostRequest } from '../../src/messaging/model/send-post';
import { shareByEmail, shareToNetwork } from './api';
import { Avatar } from '../../src/ui/Avatar';
import { BlogSelector } from '../../src/ui/BlogSelector';
import { Confetti } from '../../src/ui/Confetti';
import { RecipientPicker } from '../../src/messaging/RecipientPicker';
import { openShareWindow, shareSwitches } from './external';
import { EmailForm, EmbedView, MESSAGE_FLAVOUR, NetworkMessageForm, PermalinkView, StatusLine } from './ShareForms';
import { useSend } from './use-send';
import { bringElement } from '../../src/core/bring-element';
import { Requests } from '../../src/core/events';

type Network = SendPostNetwork;
const NETWORK_LABELS: Record<Network, string> = {
  twitter: 'Twitter',
  facebook: 'Facebook',
  pinterest: 'Pinterest',
  reddit: 'Reddit',
  email: 'E-mail',
};

export function SendPostPanel({
  data,
  onClose,
  onDirty,
  onShared,
}: {
  data: ShareData;
  onClose: (returnFocus: boolean) => void;
  onDirty: (dirty: boolean) => void;
  onShared: (network: string) => void;
}) {
  const session = useStore($session);
  const channels = messagingChannels(session.channels);
  const [senderName, setSenderName] = useState(() => currentSender()?.name ?? channels[0]?.name ?? '');
  const sender = channels.find((c) => c.name === senderName) ?? channels[0] ?? null;
  const [recipient, setRecipient] = useState<Participant | null>(null);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [view, setView] = useState<'send' | 'message-email' | 'message-short' | 'embed' | 'permalink'>('send');
  const external = useSend(MESSAGE_FLAVOUR, () => onClose(true));
  const lastNetwork = useRef<Network | null>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const id = useId();

  useEffect(() => onDirty(text.trim() !== ''), [text, onDirty]);
  useEffect(() => {
    if (recipient) textRef.current?.focus();
  }, [recipient]);

  const recipientProblem = recipient ? openConversationError(recipient) : null;
  const canSend = canSendPostMessage({
    sending,
    // Disabled: the post cannot be named in a message, or the recipient cannot receive one.
    disabled: !data.blogUuid || recipientProblem !== null || text.length > MESSAGE_MAX_LENGTH,
    senderUuid: sender?.uuid ?? null,
    recipientUuid: recipient?.uuid ?? null,
  });

  const send = () => {
    if (!canSend || !sender || !recipient) return;
    setSending(true);
    // The dock answers the send; a page without one gets one (it is where the conversation opens).
    bringElement('messaging-dock', Requests.messagingSendPost, () => import('../messaging-dock/index'));
    const detail: SendPostRequest = {
      sender: sender.name,
      recipient,
      postId: data.postId,
      postBlogUuid: data.blogUuid,
      ...(text.trim() ? { text } : {}),
    };
    request(Requests.messagingSendPost, detail);
    onShared('message');
    onDirty(false);
    onClose(false);
  };

  const { networks, extras } = sendPostShareRows(data, shareSwitches(), session.config);

  /** An external share: start, then success (confetti, 'Post shared!', closing after 3000 ms) or failure. */
  const shareExternally = (network: Network) => {
    if (network === 'email') {
      if (emailShareMode(data) === 'mailto') {
        window.location.href = mailtoUrl(data.postUrl, data.permalinkLabel || `A post on ${data.blogName}`);
        return;
      }
      setView('message-email');
      return;
    }
    if (network === 'twitter' && data.twitterUsername) {
      setView('message-short');
      return;
    }
    lastNetwork.current = network;
    openShareWindow(network, data.postUrl, data.pinterest);
    void external
      .run(() => shareToNetwork(network, { postId: data.postId, blogName: data.blogName, fallback: true }))
      .then((ok) => ok && onShared(network));
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    if (view !== 'send') {
      event.preventDefault();
      if (escapeAction(view, external.status) === 'close') onClose(true);
      else setView('send');
    } else if (external.status === 'sent') {
      event.preventDefault();
      onClose(true);
    }
  };

  const celebrating = external.status === 'sent';

  // The permalink and embed sub-views; Back returns focus to what opened them.
  const extraReturn = useRef<'embed' | 'permalink' | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const openExtra = (extra: 'embed' | 'permalink') => {
    extraReturn.current = extra;
    setView(extra);
  };
  useEffect(() => {
    if (view !== 'send' || !extraReturn.current) return;
    panelRef.current?.querySelector<HTMLElement>(`[data-extra="${extraReturn.current}"]`)?.focus();
    extraReturn.current = null;
  }, [view]);

  return (
    <div ref={panelRef} className={`panel panel--send${external.fading ? ' is-fading' : ''}`} onKeyDown={onKeyDown}>
      {celebrating && <Confetti />}
      {view === 'message-email' && (
        <EmailForm
          flavour={MESSAGE_FLAVOUR}
          hasUser={data.hasUser}
          status={external.status}
          onBack={() => setView('send')}
          onSend={(input) =>
            void external
              .run(() => shareByEmail({ ...input, postId: data.postId, blogName: data.blogName, blogShare: data.blogShare }))
              .then((ok) => ok && onShared('email'))
          }
        />
      )}
      {view === 'message-short' && (
        <NetworkMessageForm
          network="twitter"
          account={data.twitterUsername}
          flavour={MESSAGE_FLAVOUR}
          status={external.status}
          initial={data.postUrl ? `${data.postUrl} ` : ''}
          onBack={() => setView('send')}
          onSend={(message) =>
            void external
              .run(() => shareToNetwork('twitter', { postId: data.postId, blogName: data.blogName, message, fallback: false }))
              .then((ok) => ok && onShared('twitter'))
          }
        />
      )}
      {view === 'embed' && <EmbedView data={data} onBack={() => setView('send')} onCopied={() => onShared('copy')} />}
      {view === 'permalink' && <PermalinkView data={data} onBack={() => setView('send')} onCopied={() => onShared('copy')} />}
      {view === 'send' && (
        <>
          <div className="send__head">
            <h2 className="view__title">Send this post</h2>
            {channels.length > 1 && sender && (
              <BlogSelector
                blogs={channels}
                value={sender.name}
                onChange={setSenderName}
                label={`Send as ${sender.name}; choose a blog to send as`}
                part="sender"
              />
            )}
          </div>
          {recipient ? (
            <div className="send__to">
              <span className="send__label" id={`${id}-to`}>
                To
              </span>
              <span className="chip" aria-labelledby={`${id}-to`}>
                <Avatar name={recipient.name} size={24} avatar_url={recipient.avatar_url} shape={recipient.avatar_shape} decorative />
                <span className="chip__name">{recipient.name}</span>
                <button type="button" className="chip__remove" aria-label={`Remove ${recipient.name}`} onClick={() => setRecipient(null)}>
                  ×
                </button>
              </span>
            </div>
          ) : (
            sender && (
              <RecipientPicker
                sender={sender}
                placeholder="Message to..."
                part="recipient"
                inputPart="recipient-input"
                onPick={setRecipient}
                className="send__picker"
              />
            )
          )}
          {recipient ? (
            <form
              className="send__form"
              onSubmit={(event) => {
                event.preventDefault();
                send();
              }}
            >
              <label className="tl-visually-hidden" htmlFor={`${id}-text`}>
                Message (optional)
              </label>
              <textarea
                ref={textRef}
                id={`${id}-text`}
                className="send__text"
                part="message"
                rows={3}
                maxLength={MESSAGE_MAX_LENGTH}
                placeholder="Say something (optional)"
                value={text}
                onChange={(event) => setText(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                    event.preventDefault();
                    send();
                  }
                }}
              />
              {recipientProblem && (
                <p className="status is-error" role="alert">
                  {recipientProblem}
                </p>
              )}
              <div className="view__buttons">
                <button type="submit" className="tl-button" disabled={!canSend}>
                  Send
                </button>
              </div>
            </form>
          ) : (
            networks.length > 0 && (
              <div className="networks" part="networks" role="group" aria-label="Share elsewhere">
                {networks.map((n) => (
                  <button
                    key={n}
                    type="button"
                    className={`network network--${n}`}
                    disabled={external.status === 'sending' || celebrating}
                    onClick={() => shareExternally(n)}
                  >
                    {NETWORK_LABELS[n]}
                  </button>
                ))}
              </div>
            )
          )}
          {external.status !== 'idle' && (
            <StatusLine
              status={external.status}
              flavour={MESSAGE_FLAVOUR}
              idle={external.status === 'sending' ? (MESSAGE_FLAVOUR.sending ?? '') : ''}
            />
          )}
          {external.status === 'error' && (
            <p className="status__retry">
              <button
                type="button"
                className="tl-button is-secondary"
                onClick={() => lastNetwork.current && shareExternally(lastNetwork.current)}
              >
                Retry
              </button>
            </p>
          )}
          {extras.length > 0 && (
            <p className="send__extras" part="extras">
              {extras.map((extra) =>
                extra === 'report' ? (
                  <a key={extra} href={data.abuseUrl} target="_blank" rel="noopener noreferrer" data-extra={extra}>
                    Report
                  </a>
                ) : (
                  <button key={extra} type="button" className="send__extra" data-extra={extra} onClick={() => openExtra(extra)}>
                    {extra === 'embed' ? 'Embed' : 'Permalink'}
                  </button>
                ),
              )}
            </p>
          )}
        </>
      )}
    </div>
  );
}
