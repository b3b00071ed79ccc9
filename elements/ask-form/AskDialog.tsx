import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $session } from '../../src/session/session';
import { sendQuestion } from './api';
import { ApiError } from '../../src/errors';
import {
  ASK_MAX_LENGTH,
  ASK_THROTTLE_MS,
  askAccess,
  canSubmitQuestion,
  containsLink,
  ASK_LINK_ERROR,
  normalizeQuestion,
  questionCounter,
  sendAnonymously,
  validateQuestion,
} from './model/rules';
import { throttle } from '../../src/models/timing';
import type { BlogCardData } from '../../src/models/blog';
import { Dialog } from '../../src/ui/Dialog';
import { Avatar } from '../../src/ui/Avatar';
import { ErrorState } from '../../src/ui/ErrorState';
import { Loader } from '../../src/ui/Loader';

export type BlogInfo = { status: 'loading' } | { status: 'error' } | { status: 'ready'; blog: BlogCardData };

export interface Draft {
  text: string;
  anonymous: boolean;
}

interface AskDialogProps {
  blogName: string;
  info: BlogInfo;
  draft: Draft;
  onDraft: (draft: Draft) => void;
  onRetryInfo: () => void;
  onCancel: () => void;
  onSent: (sent: { question: string; anonymous: boolean }) => void;
}

/** What a failed send tells the user: the server's first error, or what went wrong on the way. */
export function sendErrorText(error: unknown, blogName: string): string {
  if (error instanceof ApiError) {
    if (error.serverMessage && error.kind !== 'server' && error.kind !== 'malformed') return error.serverMessage;
    if (error.kind === 'network' || error.kind === 'timeout')
      return "Your question didn't send: we couldn't reach the server. Check your connection and try again.";
    if (error.kind === 'not-found') return `${blogName} doesn't exist anymore.`;
    if (error.kind === 'unauthorized') return 'Log in again to ask a question.';
    if (error.kind === 'forbidden') return 'Your session ran out. Reload the page and try again.';
  }
  return "Your question didn't send. Something went wrong on our side; try again in a moment.";
}

const stopKeys = (event: ReactKeyboardEvent) => {
  // Page keyboard commands are suspended while the form is open: typed keys never reach
  // document-level shortcut handlers (Escape is handled by the <dialog> itself).
  if (event.key !== 'Escape') event.stopPropagation();
};

export function AskDialog({ blogName, info, draft, onDraft, onRetryInfo, onCancel, onSent }: AskDialogProps) {
  const session = useStore($session);
  const loggedIn = session.user !== null;
  const id = useId();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [phase, setPhase] = useState<'open' | 'submitting' | 'error'>('open');
  const [errors, setErrors] = useState<string[]>([]);
  // The counter and the live link check follow the text at most every 100 ms (spec §9 throttle).
  const [checked, setChecked] = useState(draft.text);
  const updateChecked = useMemo(() => throttle((text: string) => setChecked(text), ASK_THROTTLE_MS), []);
  useEffect(() => () => updateChecked.cancel(), [updateChecked]);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const ready = info.status === 'ready';
  useEffect(() => {
    if (ready) textRef.current?.focus();
  }, [ready]);

  const blog = info.status === 'ready' ? info.blog : null;
  const access = blog ? askAccess(blog, loggedIn) : null;
  const counter = questionCounter(checked);
  const liveLinkError = containsLink(checked) ? ASK_LINK_ERROR : null;
  const submitting = phase === 'submitting';
  const canType = access !== null && access !== 'closed' && access !== 'login';
  const submitEnabled = canType && !submitting && canSubmitQuestion(draft.text);
  const shown = errors.length ? errors : liveLinkError ? [liveLinkError] : [];

  const submit = async () => {
    if (!blog || !access || submitting) return;
    updateChecked.flush();
    const invalid = validateQuestion(draft.text);
    if (invalid) {
      setErrors([invalid]);
      setPhase('error');
      textRef.current?.focus();
      return;
    }
    const question = draft.text.trim();
    const anonymous = sendAnonymously(access, draft.anonymous);
    setPhase('submitting');
    setErrors([]);
    controller.current = new AbortController();
    try {
      const result = await sendQuestion({ recipient: blog.name, anonymous, question }, controller.current.signal);
      if (result.errors.length) {
        setErrors([result.errors[0]!]);
        setPhase('error');
        return;
      }
      onSent({ question, anonymous });
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'aborted') return;
      setErrors([sendErrorText(error, blog.name)]);
      setPhase('error');
    }
  };

  const cancel = () => {
    if (!submitting) onCancel(); // a question on its way cannot be called back
  };
  const titleId = `${id}-title`;
  const asker = session.currentChannel ?? session.user?.primary ?? '';

  return (
    <Dialog open onCancel={cancel} labelledBy={titleId} className="ask-dialog" dismissOnBackdrop={!submitting}>
      <form
        className="ask"
        part="form"
        noValidate
        onKeyDown={stopKeys}
        onKeyUp={stopKeys}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        aria-busy={submitting || undefined}
      >
        <header className="ask__header">
          {blog && (
            <Avatar
              name={blog.name}
              size={40}
              shape={blog.global_theme_params.avatar_shape}
              decorative
              avatar_url={blog.avatar_url}
              avatar_url_48={blog.avatar_url_48}
              avatar_url_128={blog.avatar_url_128}
            />
          )}
          <h2 id={titleId} className="ask__title">
            Ask {blogName} a question
          </h2>
          <button type="button" className="ask__close" aria-label="Close" onClick={cancel} disabled={submitting}>
            <span aria-hidden="true">×</span>
          </button>
        </header>

        {info.status === 'loading' && (
          <div className="ask__state">
            <Loader label={`Loading ${blogName}`} />
          </div>
        )}
        {info.status === 'error' && (
          <ErrorState
            className="ask__state"
            part={null}
            message={`Couldn't load ${blogName}. Check your connection.`}
            onRetry={onRetryInfo}
          />
        )}
        {access === 'closed' && (
          <div className="ask__state" part="closed">
            <p>{blogName} isn't taking questions right now.</p>
          </div>
        )}
        {access === 'login' && (
          <div className="ask__state" part="login">
            <p>{blogName} only takes questions from people who are logged in.</p>
            <a className="tl-button" href="/login">
              Log in to ask
            </a>
          </div>
        )}

        {canType && (
          <>
            <label htmlFor={`${id}-q`} className="tl-visually-hidden">
              Your question for {blogName}
            </label>
            <textarea
              ref={textRef}
              id={`${id}-q`}
              className="ask__text"
              part="textarea"
              rows={4}
              maxLength={ASK_MAX_LENGTH}
              placeholder={`Ask ${blogName} anything…`}
              value={draft.text}
              readOnly={submitting}
              aria-invalid={shown.length > 0 || undefined}
              aria-describedby={`${id}-meta${shown.length ? ` ${id}-errors` : ''}`}
              onChange={(event) => {
                const text = normalizeQuestion(event.target.value);
                onDraft({ ...draft, text });
                updateChecked(text);
                if (phase === 'error') {
                  setPhase('open');
                  setErrors([]);
                }
              }}
              onKeyDown={(event) => {
                // Newlines are stripped, so Enter sends (Shift+Enter too: there is nothing else it could do).
                if (event.key === 'Enter') {
                  event.preventDefault();
                  void submit();
                }
              }}
            />
            <div className="ask__meta" id={`${id}-meta`}>
              {access === 'choice' && (
                <label className="ask__anon">
                  <input
                    type="checkbox"
                    checked={draft.anonymous}
                    disabled={submitting}
                    onChange={(event) => onDraft({ ...draft, anonymous: event.target.checked })}
                  />
                  Ask anonymously
                </label>
              )}
              {access === 'anonymous-only' && <span className="ask__who">You're not logged in, so this goes anonymously.</span>}
              {access === 'named' && (
                <span className="ask__who">
                  Asking as {asker}. {blogName} doesn't take anonymous questions.
                </span>
              )}
              {access === 'choice' && !draft.anonymous && <span className="ask__who">Asking as {asker}</span>}
              {counter && (
                <span
                  className={`ask__counter ask__counter--${counter.level}`}
                  part="counter"
                  data-level={counter.level}
                  aria-live="polite"
                >
                  <span aria-hidden="true">{counter.remaining}</span>
                  <span className="tl-visually-hidden">{counter.remaining} characters left</span>
                </span>
              )}
            </div>
            <div role="alert" id={`${id}-errors`}>
              <ul className="ask__errors" part="errors" hidden={shown.length === 0}>
                {shown.map((e) => (
                  <li key={e}>{e}</li>
                ))}
              </ul>
            </div>
          </>
        )}

        <footer className="ask__actions">
          <button type="button" className="tl-button is-secondary" onClick={cancel} disabled={submitting}>
            {canType ? 'Cancel' : 'Close'}
          </button>
          {canType && (
            <button type="submit" className="tl-button" part="submit" disabled={!submitEnabled}>
              {submitting ? 'Asking…' : 'Ask'}
            </button>
          )}
        </footer>
      </form>
    </Dialog>
  );
}
