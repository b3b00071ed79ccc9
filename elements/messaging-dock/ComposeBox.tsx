import { useEffect, useId, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { clampComposeText, composePlaceholder, composeValid, escapeAction, isSubmitKey, MESSAGE_MAX_LENGTH } from '../../src/models/messaging/conversation';
import { $online, drafts, pollerTyping } from './state';

/** Show how much room is left once this little remains. */
const COUNTER_FROM = 200;

/**
 * The compose box (spec §4 Compose box, §5): a random placeholder ('Currently offline' while
 * offline), 4096 characters, Enter sends, Shift+Enter is a new line, Escape closes the window
 * when empty or clears it. The draft lives outside the component, so minimizing keeps it.
 */
export function ComposeBox({ windowKey, label, disabled, onSend, onEscapeEmpty }: { windowKey: string; label: string; disabled: boolean; onSend: (text: string) => void; onEscapeEmpty: () => void }) {
  const online = useStore($online);
  const [text, setText] = useState(() => drafts.get(windowKey) ?? '');
  const [placeholder] = useState(() => composePlaceholder(false));
  const [submitted, setSubmitted] = useState(false);
  const ref = useRef<HTMLTextAreaElement>(null);
  const id = useId();

  useEffect(() => {
    if (!disabled) ref.current?.focus({ preventScroll: true });
  }, [disabled]);

  const update = (value: string) => {
    const next = clampComposeText(value);
    setText(next);
    if (next) drafts.set(windowKey, next);
    else drafts.delete(windowKey);
  };

  const submit = () => {
    if (disabled || !composeValid(text)) return;
    onSend(text);
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
      <button type="submit" className="compose__send" part="send" disabled={disabled || !composeValid(text)} aria-label="Send">
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
          <path fill="currentColor" d="M3 20.5 21 12 3 3.5l.01 6.6L15 12 3.01 13.9z" />
        </svg>
      </button>
    </form>
  );
}
