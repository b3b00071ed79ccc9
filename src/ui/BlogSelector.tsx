import { useEffect, useId, useRef, useState } from 'react';
import { Avatar } from './Avatar';
import { Popover, preloadOnIntent } from './Popover';
import { badgeText } from '../models/badge';
import { isTypeAheadKey, moveActive, typeAhead, typeAheadBuffer, type ListboxKey } from '../models/listbox';
import { usePartStyles } from './use-part-styles';
import partCss from './blog-selector.css';

export interface SelectableBlog {
  name: string;
  title?: string | undefined;
  avatar_url?: string | undefined;
  unread_count?: number | undefined;
}

interface BlogSelectorProps {
  blogs: readonly SelectableBlog[];
  value: string;
  onChange: (name: string) => void;
  /** Accessible name of the button, e.g. "Choose a blog for activity". */
  label: string;
  /** Show each blog's unread badge (messaging). */
  showUnread?: boolean;
  part?: string;
}

/**
 * The blog selector dropdown (spec: only for users with more than one blog):
 * a button that opens a listbox (APG select-only pattern). Arrows, Home/End,
 * type-ahead, Enter/Space choose, Escape and Tab close.
 */
export function BlogSelector({ blogs, value, onChange, label, showUnread, part }: BlogSelectorProps) {
  usePartStyles('blog-selector', partCss);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const typed = useRef({ text: '', at: 0 });
  const id = useId();
  const current = blogs.find((b) => b.name === value) ?? blogs[0];

  useEffect(() => {
    if (open) listRef.current?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active]);

  if (blogs.length < 2 || !current) return null;

  const openList = (at?: number) => {
    setActive(
      at ??
        Math.max(
          0,
          blogs.findIndex((b) => b.name === value),
        ),
    );
    setOpen(true);
  };
  const close = (focusButton = true) => {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  };
  const choose = (index: number) => {
    const blog = blogs[index];
    close();
    if (blog && blog.name !== value) onChange(blog.name);
  };

  const onListKey = (event: React.KeyboardEvent) => {
    const key = event.key;
    if (key === 'ArrowDown' || key === 'ArrowUp' || key === 'Home' || key === 'End') {
      event.preventDefault();
      setActive((i) => moveActive(i, key as ListboxKey, blogs.length));
    } else if (key === 'Enter' || key === ' ') {
      event.preventDefault();
      choose(active);
    } else if (key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (key === 'Tab') {
      close(false);
    } else if (isTypeAheadKey(event)) {
      typed.current = typeAheadBuffer(typed.current, key, performance.now());
      setActive((i) =>
        typeAhead(
          blogs.map((b) => b.name),
          i,
          typed.current.text,
        ),
      );
    }
  };

  const currentBadge = showUnread ? badgeText(blogs.reduce((n, b) => n + (b.name === value ? 0 : (b.unread_count ?? 0)), 0)) : null;

  return (
    <span className="tl-blog-selector" part={part}>
      <button
        ref={buttonRef}
        type="button"
        className="tl-blog-selector__button"
        aria-haspopup="listbox"
        aria-expanded={open}
        {...preloadOnIntent}
        onClick={() => (open ? close() : openList())}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            openList(event.key === 'ArrowUp' ? blogs.length - 1 : undefined);
          }
        }}
      >
        <Avatar name={current.name} size={24} avatar_url={current.avatar_url} decorative />
        {/* The accessible name contains the visible text (WCAG 2.5.3): "<label>: <name> <n> unread on your other blogs". */}
        <span className="tl-visually-hidden">{label}: </span>
        <span className="tl-blog-selector__name">{current.name}</span>
        {currentBadge && (
          <>
            {' '}
            <span className="tl-badge">{currentBadge}</span>
            <span className="tl-visually-hidden"> unread on your other blogs</span>
          </>
        )}
        <span aria-hidden="true" className="tl-blog-selector__caret">
          ▾
        </span>
      </button>
      {open && (
        <Popover
          open
          anchor={buttonRef.current}
          placement="bottom-start"
          onDismiss={() => setOpen(false)}
          className="tl-blog-selector__popover"
        >
          <ul
            ref={listRef}
            id={`${id}-list`}
            role="listbox"
            tabIndex={-1}
            aria-label={label}
            aria-activedescendant={`${id}-opt-${active}`}
            className="tl-blog-selector__list"
            onKeyDown={onListKey}
            onBlur={(event) => {
              if (!event.currentTarget.contains(event.relatedTarget as Node | null) && event.relatedTarget !== buttonRef.current)
                setOpen(false);
            }}
          >
            {blogs.map((blog, index) => {
              const badge = showUnread ? badgeText(blog.unread_count ?? 0) : null;
              return (
                <li
                  key={blog.name}
                  id={`${id}-opt-${index}`}
                  data-index={index}
                  role="option"
                  aria-selected={blog.name === value}
                  className={`tl-blog-selector__option${index === active ? ' is-active' : ''}`}
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => setActive(index)}
                  onClick={() => choose(index)}
                >
                  <Avatar name={blog.name} size={32} avatar_url={blog.avatar_url} decorative />
                  <span className="tl-blog-selector__text">
                    <span className="tl-blog-selector__option-name">{blog.name}</span>
                    {blog.title && blog.title !== blog.name && <span className="tl-blog-selector__title">{blog.title}</span>}
                  </span>
                  {badge && (
                    <span className="tl-badge" aria-label={`${badge} unread`}>
                      {badge}
                    </span>
                  )}
                  {blog.name === value && (
                    <span className="tl-blog-selector__check" aria-hidden="true">
                      ✓
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </Popover>
      )}
    </span>
  );
}
