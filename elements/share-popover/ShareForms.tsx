/**
 * The forms of the share sub-views, for both popovers: the e-mail form, a network's message form
 * (Twitter's counter, Facebook's 255 characters) and the copy field (embed code, permalink, a link
 * the clipboard refused). Each popover passes its own rules and words (a `ShareFlavour`).
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  SHARE_EXTERNAL_CLOSE_MS,
  SHARE_FADE_DELAY_MS,
  SHARE_LIMITS,
  SHARE_TEXT,
  isPopoverEmail,
  isShareEmail,
  readSharePreference,
  shortMessageState,
  sharePreferenceCookie,
  tweetState,
  type SendStatus,
  type ShareData,
} from './model/rules';
import { copyShortcut, copyText } from './external';

export interface CounterState {
  remaining: number;
  /** The warning (post popover, under 10) or exceeded (send-a-post popover, under 0) style. */
  warn: boolean;
  valid: boolean;
}

/** One popover's rules and words. */
export interface ShareFlavour {
  kind: 'post' | 'message';
  emailValid: (address: string) => boolean;
  tweet: (message: string) => CounterState;
  sent: string;
  failed: string;
  /** The submit button's text while sending, if it changes. */
  sending: string | null;
  /** How long the success shows before the popover closes. */
  closeAfterMs: number;
}

/** The post share popover (authoring spec §4, §5, §8, §9). */
export const POST_FLAVOUR: ShareFlavour = {
  kind: 'post',
  emailValid: isShareEmail,
  tweet: (m) => {
    const t = tweetState(m);
    return { remaining: t.remaining, warn: t.warning, valid: t.valid };
  },
  sent: SHARE_TEXT.sent,
  failed: SHARE_TEXT.failed,
  sending: null,
  closeAfterMs: SHARE_FADE_DELAY_MS,
};

/** The send-a-post popover (messaging spec §4, §5, §8, §9). */
export const MESSAGE_FLAVOUR: ShareFlavour = {
  kind: 'message',
  emailValid: isPopoverEmail,
  tweet: (m) => {
    const t = shortMessageState(m);
    return { remaining: t.remaining, warn: t.exceeded, valid: t.valid };
  },
  sent: SHARE_TEXT.shared,
  failed: SHARE_TEXT.screwy,
  sending: SHARE_TEXT.sending,
  closeAfterMs: SHARE_EXTERNAL_CLOSE_MS,
};

export function StatusLine({ status, flavour, idle }: { status: SendStatus; flavour: ShareFlavour; idle?: string }) {
  const text = status === 'sent' ? flavour.sent : status === 'error' ? flavour.failed : (idle ?? '');
  return (
    <p
      className={`status${status === 'error' ? ' is-error' : status === 'sent' ? ' is-sent' : ''}`}
      part="status"
      role={status === 'error' ? 'alert' : 'status'}
    >
      {text}
    </p>
  );
}

function Counter({ state, id }: { state: CounterState; id: string }) {
  return (
    <span id={id} className={`counter${state.warn ? ' is-warning' : ''}`} aria-live="polite">
      {state.remaining}
      <span className="tl-visually-hidden"> characters left</span>
    </span>
  );
}

interface FormShellProps {
  title: string;
  status: SendStatus;
  flavour: ShareFlavour;
  canSend: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
  sendLabel?: string;
}

function FormShell({ title, status, flavour, canSend, onSubmit, onCancel, children, sendLabel = 'Send' }: FormShellProps) {
  const titleId = useId();
  const busy = status === 'sending';
  return (
    <form
      className="view"
      part="view"
      aria-labelledby={titleId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (canSend && !busy && status !== 'sent') onSubmit();
      }}
    >
      <h2 className="view__title" id={titleId}>
        {title}
      </h2>
      {children}
      <StatusLine status={status} flavour={flavour} />
      <div className="view__buttons">
        <button type="button" className="tl-button is-secondary" onClick={onCancel} disabled={status === 'sent'}>
          Cancel
        </button>
        <button
          type="submit"
          className="tl-button"
          disabled={!canSend || busy || status === 'sent'}
          aria-disabled={!canSend || busy || status === 'sent'}
        >
          {busy && flavour.sending ? flavour.sending : sendLabel}
        </button>
      </div>
    </form>
  );
}

/** Spec §5: the address (the popover's rule, at most 100) and a message of at most 255; §6: the reply-to switch only with a user. */
export function EmailForm(props: {
  flavour: ShareFlavour;
  hasUser: boolean;
  status: SendStatus;
  onSend: (input: { email: string; message: string; allowReplyTo: boolean }) => void;
  onBack: () => void;
}) {
  const { flavour, hasUser, status } = props;
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [replyTo, setReplyTo] = useState(() => readSharePreference(document.cookie).replyTo);
  const emailRef = useRef<HTMLInputElement>(null);
  const id = useId();
  useEffect(() => emailRef.current?.focus(), []);
  const emailOk = flavour.emailValid(email) && email.trim().length <= SHARE_LIMITS.emailAddress;
  const messageOk = message.length <= SHARE_LIMITS.emailMessage;
  const showEmailError = email.trim() !== '' && !emailOk;
  return (
    <FormShell
      title="Share by e-mail"
      status={status}
      flavour={flavour}
      canSend={emailOk && messageOk}
      onSubmit={() => props.onSend({ email: email.trim(), message, allowReplyTo: hasUser && replyTo })}
      onCancel={() => {
        // Spec: Cancel first clears a typed address, then goes back.
        if (email !== '') {
          setEmail('');
          emailRef.current?.focus();
        } else props.onBack();
      }}
    >
      <label className="field">
        <span className="field__label">E-mail address</span>
        <input
          ref={emailRef}
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={SHARE_LIMITS.emailAddress}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={showEmailError}
          aria-describedby={showEmailError ? `${id}-email-error` : undefined}
        />
      </label>
      {showEmailError && (
        <p className="field__error" id={`${id}-email-error`}>
          Enter an address like name@example.com.
        </p>
      )}
      <label className="field">
        <span className="field__label">Message (optional)</span>
        <textarea
          rows={3}
          maxLength={SHARE_LIMITS.emailMessage}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          aria-describedby={`${id}-left`}
        />
      </label>
      <p className="field__hint" id={`${id}-left`}>
        {SHARE_LIMITS.emailMessage - message.length} characters left
      </p>
      {hasUser && (
        <label className="switch">
          <input
            type="checkbox"
            checked={replyTo}
            onChange={(event) => {
              setReplyTo(event.target.checked);
              // Spec §9: the preference cookie lives a year.
              document.cookie = sharePreferenceCookie({ replyTo: event.target.checked });
            }}
          />
          <span>Let them reply to me by e-mail</span>
        </label>
      )}
    </FormShell>
  );
}

/** Twitter's message (its counter) or Facebook's (at most 255), for a linked account. */
export function NetworkMessageForm(props: {
  network: 'twitter' | 'facebook';
  account: string;
  flavour: ShareFlavour;
  status: SendStatus;
  initial: string;
  onSend: (message: string) => void;
  onBack: () => void;
}) {
  const { network, flavour, status } = props;
  const [message, setMessage] = useState(props.initial);
  const ref = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  useEffect(() => {
    const el = ref.current;
    el?.focus();
    el?.setSelectionRange(el.value.length, el.value.length);
  }, []);
  const counter: CounterState =
    network === 'twitter'
      ? flavour.tweet(message)
      : {
          remaining: SHARE_LIMITS.emailMessage - message.length,
          warn: SHARE_LIMITS.emailMessage - message.length < SHARE_LIMITS.warnBelow,
          valid: message.length <= SHARE_LIMITS.emailMessage,
        };
  return (
    <FormShell
      title={network === 'twitter' ? `Tweet as @${props.account}` : `Post to Facebook as ${props.account}`}
      status={status}
      flavour={flavour}
      canSend={counter.valid}
      sendLabel={network === 'twitter' ? 'Tweet' : 'Post'}
      onSubmit={() => props.onSend(message)}
      onCancel={props.onBack}
    >
      <label className="field">
        <span className="field__label">{network === 'twitter' ? 'Tweet' : 'Say something about this (optional)'}</span>
        <textarea
          ref={ref}
          rows={4}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          aria-describedby={`${id}-count`}
          aria-invalid={!counter.valid && message !== ''}
        />
      </label>
      <p className="field__hint">
        {network === 'twitter'
          ? flavour.kind === 'post'
            ? '[URL] stands for the link to the post. '
            : 'Links count as 23 characters. '
          : ''}
        <Counter state={counter} id={`${id}-count`} />
      </p>
    </FormShell>
  );
}

/**
 * A value to copy (embed code, permalink): Copy puts it on the clipboard and says "Copied"; where
 * the clipboard is refused the value is selected, with the keys to press.
 */
export function CopyField({
  label,
  value,
  multiline,
  autoFocus,
  onCopied,
}: {
  label: string;
  value: string;
  multiline?: boolean;
  autoFocus?: boolean;
  onCopied?: () => void;
}) {
  const [note, setNote] = useState('');
  const fieldRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const id = useId();
  useEffect(() => {
    if (autoFocus) {
      fieldRef.current?.focus();
      fieldRef.current?.select();
    }
  }, [autoFocus]);
  const copy = async () => {
    if (await copyText(value)) {
      setNote('Copied');
      onCopied?.();
    } else {
      fieldRef.current?.focus();
      fieldRef.current?.select();
      setNote(`Press ${copyShortcut()} to copy`);
    }
  };
  const common = {
    ref: fieldRef,
    id: `${id}-value`,
    readOnly: true,
    value,
    className: 'copy__value',
    onFocus: (event: React.FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => event.currentTarget.select(),
    'aria-describedby': `${id}-note`,
  };
  return (
    <div className="copy">
      <label className="field__label" htmlFor={`${id}-value`}>
        {label}
      </label>
      <div className="copy__row">
        {multiline ? <textarea rows={4} spellCheck={false} {...common} /> : <input type="text" spellCheck={false} {...common} />}
        <button type="button" className="tl-button" onClick={() => void copy()}>
          Copy
        </button>
      </div>
      <p className="copy__note" id={`${id}-note`} role="status">
        {note}
      </p>
    </div>
  );
}

/** The embed code sub-view: the code to copy, and Back. */
export function EmbedView({ data, onBack, onCopied }: { data: ShareData; onBack: () => void; onCopied: () => void }) {
  return (
    <div className="view" part="view" role="group" aria-label="Embed code">
      <h2 className="view__title">Embed this post</h2>
      <CopyField label="Embed code" value={data.embedCode} multiline autoFocus onCopied={onCopied} />
      <div className="view__buttons">
        <button type="button" className="tl-button is-secondary" onClick={onBack}>
          Back
        </button>
      </div>
    </div>
  );
}

/** The permalink sub-view: the address to copy, Open and Back. */
export function PermalinkView({ data, onBack, onCopied }: { data: ShareData; onBack: () => void; onCopied: () => void }) {
  return (
    <div className="view" part="view" role="group" aria-label="Permalink">
      <h2 className="view__title">Permalink</h2>
      <CopyField label={data.permalinkLabel || 'Link to this post'} value={data.postUrl} autoFocus onCopied={onCopied} />
      <div className="view__buttons">
        <a className="tl-button is-secondary" href={data.postUrl} target="_blank" rel="noopener noreferrer">
          Open
        </a>
        <button type="button" className="tl-button is-secondary" onClick={onBack}>
          Back
        </button>
      </div>
    </div>
  );
}
