/**
 * The post share popover's panel (authoring spec §2, §4, §5, §9): the options the post allows and
 * the sub-views for e-mail, Twitter, Facebook, embed code and permalink. Escape in a sub-view goes
 * back, or closes once the share succeeded (the shell closes from the options).
 */
import { useEffect, useRef, useState } from 'react';
import { emailShareMode, escapeAction, mailtoUrl, shareOptions, type ShareData, type ShareOption, type ShareView } from './model/rules';
import { fetchFacebookStatus, shareByEmail, shareToNetwork } from './api';
import { canNativeShare, copyShortcut, copyText, nativeShare, openShareWindow, shareSwitches } from './external';
import { EmailForm, EmbedView, NetworkMessageForm, PermalinkView, POST_FLAVOUR } from './ShareForms';
import { useSend } from './use-send';

const LABELS: Record<ShareOption, string> = {
  native: 'Share via…',
  'copy-link': 'Copy link',
  email: 'E-mail',
  twitter: 'Twitter',
  facebook: 'Facebook',
  pinterest: 'Pinterest',
  reddit: 'Reddit',
  embed: 'Embed',
  permalink: 'Permalink',
  report: 'Report',
};

interface SharePanelProps {
  data: ShareData;
  /** "Send as a message" is offered (a user who can message). */
  canMessage: boolean;
  onMessageMode: () => void;
  onClose: (returnFocus: boolean) => void;
  onShared: (network: string) => void;
}

export function SharePanel({ data, canMessage, onMessageMode, onClose, onShared }: SharePanelProps) {
  const [view, setView] = useState<ShareView>('options');
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'refused'>('idle');
  const [facebookName, setFacebookName] = useState<string | null>(null);
  const [checkingFacebook, setCheckingFacebook] = useState(false);
  const [problem, setProblem] = useState('');
  const listRef = useRef<HTMLUListElement>(null);
  const refusedRef = useRef<HTMLInputElement>(null);
  const returnTo = useRef<ShareOption | null>(null);
  const send = useSend(POST_FLAVOUR, () => onClose(true));

  const options = shareOptions(data, shareSwitches(), canNativeShare(data.postUrl));
  // A blog share has no post to send as a message.
  const offerMessage = canMessage && !data.isPrivate && !data.blogShare;

  // Focus: the first option on open, and the option that opened a sub-view on the way back.
  useEffect(() => {
    if (view !== 'options') return;
    const target = returnTo.current ? listRef.current?.querySelector<HTMLElement>(`[data-option="${returnTo.current}"]`) : null;
    (target ?? listRef.current?.querySelector<HTMLElement>('button, a'))?.focus();
  }, [view]);

  useEffect(() => {
    if (copyState === 'refused') refusedRef.current?.select();
  }, [copyState]);

  const back = () => setView('options');
  const openView = (next: ShareView, from: ShareOption) => {
    returnTo.current = from;
    setProblem('');
    setView(next);
  };

  /** A network without a linked account: its own share page in a popup, and the share recorded. */
  const popup = async (network: 'twitter' | 'facebook' | 'pinterest' | 'reddit') => {
    openShareWindow(network, data.postUrl, data.pinterest);
    onShared(network);
    onClose(true);
    await shareToNetwork(network, { postId: data.postId, blogName: data.blogName, fallback: true }).catch((error: unknown) =>
      console.warn(`<share-popover>: the ${network} share was not recorded`, error),
    );
  };

  const choose = async (option: ShareOption) => {
    setProblem('');
    switch (option) {
      case 'native': {
        const result = await nativeShare({ url: data.postUrl, title: data.permalinkLabel || undefined });
        if (result === 'shared') {
          onShared('native');
          onClose(true);
        } else if (result === 'failed') setProblem('Your device could not share this. Try another option.');
        return;
      }
      case 'copy-link': {
        const ok = await copyText(data.postUrl);
        setCopyState(ok ? 'copied' : 'refused');
        if (ok) onShared('copy');
        return;
      }
      case 'email':
        return openView('email', option);
      case 'twitter':
        return data.twitterUsername ? openView('twitter', option) : popup('twitter');
      case 'facebook': {
        if (!data.hasFacebook) return popup('facebook');
        // Spec §7: a linked account is found through /svc/facebook_status.
        setCheckingFacebook(true);
        const name = await fetchFacebookStatus().catch(() => null);
        setCheckingFacebook(false);
        if (name) {
          setFacebookName(name);
          return openView('facebook', option);
        }
        return popup('facebook');
      }
      case 'pinterest':
      case 'reddit':
        return popup(option);
      case 'embed':
        return openView('embed', option);
      case 'permalink':
        return openView('permalink', option);
      case 'report':
        return; // a link
    }
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape' && view !== 'options') {
      event.preventDefault(); // the popover's own Escape would close it
      if (escapeAction(view, send.status) === 'close') onClose(true);
      else back();
      return;
    }
    if (view === 'options' && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      const items = [...(listRef.current?.querySelectorAll<HTMLElement>('button, a') ?? [])];
      const at = items.indexOf(event.target as HTMLElement);
      if (at < 0) return;
      event.preventDefault();
      items[(at + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
    }
  };

  const emailMode = emailShareMode(data);

  return (
    <div className={`panel${send.fading ? ' is-fading' : ''}`} onKeyDown={onKeyDown}>
      {view === 'options' && (
        <>
          {options.length === 0 && !offerMessage ? (
            <p className="empty" role="status">
              {data.isPrivate ? "This post is private, so it can't be shared." : "This post can't be shared."}
            </p>
          ) : (
            <ul className="options" part="options" ref={listRef} aria-label="Share options">
              {offerMessage && (
                <li>
                  <button type="button" className="option" part="option option-message" data-option="message" onClick={onMessageMode}>
                    <span className="option__icon" aria-hidden="true">
                      ✉
                    </span>
                    Send as a message
                  </button>
                </li>
              )}
              {options.map((option) => (
                <li key={option}>
                  {option === 'report' ? (
                    <a
                      className="option"
                      part={`option option-${option}`}
                      data-option={option}
                      href={data.abuseUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      <span className="option__icon" aria-hidden="true">
                        {ICONS[option]}
                      </span>
                      {LABELS[option]}
                    </a>
                  ) : option === 'email' && emailMode === 'mailto' ? (
                    <a
                      className="option"
                      part={`option option-${option}`}
                      data-option={option}
                      href={mailtoUrl(data.postUrl, data.permalinkLabel || `A post on ${data.blogName}`)}
                      onClick={() => onShared('email')}
                    >
                      <span className="option__icon" aria-hidden="true">
                        {ICONS[option]}
                      </span>
                      {LABELS[option]}
                    </a>
                  ) : (
                    <button
                      type="button"
                      className="option"
                      part={`option option-${option}`}
                      data-option={option}
                      aria-busy={option === 'facebook' && checkingFacebook}
                      disabled={option === 'facebook' && checkingFacebook}
                      onClick={() => void choose(option)}
                    >
                      <span className="option__icon" aria-hidden="true">
                        {ICONS[option]}
                      </span>
                      {option === 'copy-link' && copyState === 'copied' ? 'Copied' : LABELS[option]}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
          {copyState === 'refused' && (
            <label className="copy copy--inline">
              <span className="field__label">Press {copyShortcut()} to copy the link</span>
              <input
                ref={refusedRef}
                className="copy__value"
                type="text"
                readOnly
                value={data.postUrl}
                onFocus={(event) => event.currentTarget.select()}
              />
            </label>
          )}
          <p className="status" part="status" role="status">
            {copyState === 'copied' ? 'Copied' : ''}
          </p>
          {problem && (
            <p className="status is-error" role="alert">
              {problem}
            </p>
          )}
        </>
      )}
      {view === 'email' && (
        <EmailForm
          flavour={POST_FLAVOUR}
          hasUser={data.hasUser}
          status={send.status}
          onBack={back}
          onSend={(input) =>
            void send
              .run(() => shareByEmail({ ...input, postId: data.postId, blogName: data.blogName, blogShare: data.blogShare }))
              .then((ok) => ok && onShared('email'))
          }
        />
      )}
      {(view === 'twitter' || view === 'facebook') && (
        <NetworkMessageForm
          network={view}
          account={view === 'twitter' ? data.twitterUsername : (facebookName ?? '')}
          flavour={POST_FLAVOUR}
          status={send.status}
          initial={view === 'twitter' ? '[URL]' : ''}
          onBack={back}
          onSend={(message) =>
            void send
              .run(() => shareToNetwork(view, { postId: data.postId, blogName: data.blogName, message, fallback: false }))
              .then((ok) => ok && onShared(view))
          }
        />
      )}
      {view === 'embed' && <EmbedView data={data} onBack={back} onCopied={() => onShared('copy')} />}
      {view === 'permalink' && <PermalinkView data={data} onBack={back} onCopied={() => onShared('copy')} />}
    </div>
  );
}

/** Line icons drawn in currentColor (no icon font, nothing the page must load). */
function SvgIcon({ d }: { d: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
}

const ICONS: Record<ShareOption, React.ReactNode> = {
  native: <SvgIcon d="M12 15V3M7 8l5-5 5 5M5 13v7h14v-7" />,
  'copy-link': <SvgIcon d="M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1-1" />,
  email: '@',
  twitter: '𝕏',
  facebook: 'f',
  pinterest: 'P',
  reddit: 'r/',
  embed: '</>',
  permalink: '#',
  report: '⚑',
};
