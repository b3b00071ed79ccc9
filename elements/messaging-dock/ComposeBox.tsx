import { useEffect, useId, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import {
  clampComposeText,
  composePlaceholder,
  composeValid,
  escapeAction,
  isSubmitKey,
  MESSAGE_MAX_LENGTH,
} from '../../src/messaging/model/conversation';
import { ACCEPTED_IMAGE_TYPES, GIF_MESSAGE_CONTEXT, lastFile, transferFiles } from './model/attachment';
import type { GifMedia } from '../../src/models/gif-search';
import { Events } from '../../src/core/events';
import { useRegistration } from '../../src/ui/use-registration';
import { FileButton } from '../../src/ui/FileButton';
import { $online } from './state/stores';
import { drafts } from './state/conversations';
import { pollerTyping } from './state/lifecycle';

/** Show how much room is left once this little remains. */
const COUNTER_FROM = 200;

/**
 * The compose box (spec §4 Compose box, §5): a random placeholder ('Currently offline' while
 * offline), 4096 characters, Enter sends, Shift+Enter is a new line, Escape closes the window
 * when empty or clears it. The draft lives outside the component, so minimizing keeps it.
 * With `onFile`, a photo can be added by its button or by pasting one; with `hasAttachment` the
 * box may be sent with no text (the photo goes alone).
 */
export function ComposeBox({
  windowKey,
  label,
  disabled,
  onSend,
  onEscapeEmpty,
  onFile,
  onGif,
  hasAttachment = false,
  takesFocus = true,
}: {
  windowKey: string;
  label: string;
  disabled: boolean;
  onSend: (text: string) => void;
  onEscapeEmpty: () => void;
  /** A photo was chosen or pasted (absent: photos are off here). */
  onFile?: (file: File) => void;
  /** A GIF was chosen in <gif-search> (absent: GIF search is off here). */
  onGif?: (media: GifMedia) => void;
  hasAttachment?: boolean;
  /** Focus the box once it can be used (false: the window was opened by another tab). */
  takesFocus?: boolean;
}) {
  const online = useStore($online);
  const [text, setText] = useState(() => drafts.get(windowKey) ?? '');
  const [placeholder] = useState(() => composePlaceholder(false));
  const [submitted, setSubmitted] = useState(false);
  const ref = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const sendable = hasAttachment || composeValid(text);
  const gifRef = useRef<HTMLElementTagNameMap['gif-search']>(null);
  const onGifRef = useRef(onGif);
  onGifRef.current = onGif;
  // <gif-search> is its own element: its code comes the first time a box offers it
  useRegistration(() => import('../gif-search/index'), !!onGif);
  useEffect(() => {
    const el = gifRef.current;
    if (!el) return;
    const chosen = (event: Event) => onGifRef.current?.((event as CustomEvent<GifMedia>).detail);
    el.addEventListener(Events.gifSelect, chosen);
    return () => el.removeEventListener(Events.gifSelect, chosen);
  }, [!!onGif]);

  useEffect(() => {
    if (!disabled && takesFocus) ref.current?.focus({ preventScroll: true });
  }, [disabled]);

  // Focus never falls out with the plugins area: from its (now hidden) button to the text box. Firefox
  // drops focus from an element as soon as it turns inert, so focus already gone counts too.
  const pluginsRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const plugins = pluginsRef.current;
    if (!hasAttachment || !plugins) return;
    const active = (plugins.getRootNode() as ShadowRoot | Document).activeElement;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if ((active && plugins.contains(active)) || lost) ref.current?.focus({ preventScroll: true });
  }, [hasAttachment]);

  const update = (value: string) => {
    const next = clampComposeText(value);
    setText(next);
    if (next) drafts.set(windowKey, next);
    else drafts.delete(windowKey);
  };

  const submit = () => {
    if (disabled || !sendable) return;
    onSend(composeValid(text) ? text : '');
    update('');
    setSubmitted(true);
    setTimeout(() => setSubmitted(false), 250);
  };

  const remaining = MESSAGE_MAX_LENGTH - text.length;

  return (
    <form
      className={`compose${submitted ? ' is-submitted' : ''}`}
      part="compose-box"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor={`${id}-text`} className="tl-visually-hidden">
        {label}
      </label>
      <textarea
        ref={ref}
        id={`${id}-text`}
        className="compose__text"
        part="compose-input"
        rows={1}
        value={text}
        placeholder={online ? placeholder : composePlaceholder(true)}
        maxLength={MESSAGE_MAX_LENGTH}
        disabled={disabled}
        aria-describedby={remaining <= COUNTER_FROM ? `${id}-count` : undefined}
        onChange={(event) => {
          update(event.target.value);
          pollerTyping();
        }}
        onPaste={(event) => {
          // Spec §5: a pasted file (the last one) becomes the attachment; text pastes as text.
          const file = lastFile(transferFiles<File>(event.clipboardData));
          if (!file || !onFile || disabled) return;
          event.preventDefault();
          onFile(file);
        }}
        onKeyDown={(event) => {
          if (isSubmitKey(event.nativeEvent)) {
            event.preventDefault();
            submit();
          } else if (event.key === 'Escape') {
            const action = escapeAction(text);
            if (action === 'ignore') return;
            event.preventDefault();
            event.stopPropagation();
            if (action === 'close') onEscapeEmpty();
            else update('');
          }
        }}
      />
      {remaining <= COUNTER_FROM && (
        <span className={`compose__count${remaining <= 20 ? ' is-low' : ''}`} id={`${id}-count`} aria-live="polite">
          {remaining} left
        </span>
      )}
      {(onFile || (onGif && !disabled)) && (
        // Spec §4 "a plugins area can hide and show with animation", §9 in 200 ms, out 300 ms: the
        // photo and GIF buttons step aside while a photo is previewed (one attachment per message).
        <div
          ref={pluginsRef}
          className="compose__plugins"
          part="plugins"
          data-state={hasAttachment ? 'hidden' : 'shown'}
          inert={hasAttachment}
        >
          {onFile && (
            // The last file chosen is the attachment (one per message).
            <FileButton
              accept={ACCEPTED_IMAGE_TYPES}
              className="compose__attach"
              part="attach"
              aria-label="Add a photo"
              title="Add a photo"
              disabled={disabled || hasAttachment}
              onFiles={(files) => onFile(lastFile(files)!)}
            >
              <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
                <path
                  fill="currentColor"
                  d="M4 5h3l2-2h6l2 2h3a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm8 3a4.5 4.5 0 1 0 0 9 4.5 4.5 0 0 0 0-9zm0 2a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5z"
                />
              </svg>
            </FileButton>
          )}
          {onGif && !disabled && (
            <gif-search ref={gifRef} className="compose__gif" context={GIF_MESSAGE_CONTEXT} placement="top-start" part="gif">
              GIF
            </gif-search>
          )}
        </div>
      )}
      <button type="submit" className="compose__send" part="send" disabled={disabled || !sendable} aria-label="Send">
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
          <path fill="currentColor" d="M3 20.5 21 12 3 3.5l.01 6.6L15 12 3.01 13.9z" />
        </svg>
      </button>
    </form>
  );
}
