import { useId, useState, type KeyboardEvent } from 'react';
import { addTags } from '../model/post';

interface TagsInputProps {
  tags: string[];
  onChange: (tags: string[]) => void;
}

/** Tags as chips: Enter or a comma makes a chip, Backspace in an empty box removes the last one, duplicates are ignored. */
export function TagsInput({ tags, onChange }: TagsInputProps) {
  const [text, setText] = useState('');
  const id = useId();
  const commit = (value: string) => {
    const next = addTags(tags, value);
    if (next.length !== tags.length) onChange(next);
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Enter' || event.key === ',') {
      if (text.trim() === '') {
        if (event.key === ',') event.preventDefault();
        return; // Enter in an empty box does nothing (it does not post).
      }
      event.preventDefault();
      commit(text);
    } else if (event.key === 'Backspace' && text === '' && tags.length > 0) {
      event.preventDefault();
      onChange(tags.slice(0, -1));
    }
  };
  return (
    <div className="tags" part="tags">
      <label className="tl-visually-hidden" htmlFor={id}>
        Tags
      </label>
      <ul className="tags__list" aria-label="Tags">
        {tags.map((tag) => (
          <li key={tag} className="tags__chip">
            <span>#{tag}</span>
            <button
              type="button"
              className="tags__remove"
              aria-label={`Remove tag ${tag}`}
              onClick={() => onChange(tags.filter((t) => t !== tag))}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <input
        id={id}
        className="tags__input"
        value={text}
        placeholder={tags.length ? '' : '#tags'}
        aria-describedby={`${id}-hint`}
        autoComplete="off"
        onChange={(e) => {
          const value = e.target.value;
          // A pasted "a, b, c" becomes chips at once; the last part stays in the box.
          if (value.includes(',')) {
            const parts = value.split(',');
            const last = parts.pop() ?? '';
            const next = addTags(tags, parts.join(','));
            if (next.length !== tags.length) onChange(next);
            setText(last);
          } else setText(value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          if (text.trim()) commit(text);
        }}
      />
      <span id={`${id}-hint`} className="tl-visually-hidden">
        Press Enter or type a comma to add a tag; Backspace removes the last one.
      </span>
    </div>
  );
}
