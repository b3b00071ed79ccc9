/**
 * Search within the blog (messaging spec §2 "Blog search", §4, §9): the term with tag type-ahead
 * (the APG combobox pattern: a listbox of at most 20 tags, arrows to move, Enter to choose, Escape
 * to close, hidden 100 ms after focus leaves), the sort, type and role filters and the NSFW filter.
 * Any change starts the results over (use-drawer-list.ts).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { fetchBlogTags } from './api';
import { BLOG_SEARCH, matchTags, SEARCH_POST_TYPES, type SearchFilters, type SearchPostType } from './model/blog-search';
import { moveActive } from '../../src/models/listbox';

const TYPE_LABELS: Record<SearchPostType, string> = {
  ANY: 'All types',
  TEXT: 'Text',
  PHOTO: 'Photo',
  QUOTE: 'Quote',
  LINK: 'Link',
  CHAT: 'Chat',
  AUDIO: 'Audio',
  VIDEO: 'Video',
};

/** Tags per blog, fetched once per page. */
const tagCache = new Map<string, Promise<string[]>>();
function blogTags(blogName: string): Promise<string[]> {
  let p = tagCache.get(blogName);
  if (!p) {
    p = fetchBlogTags(blogName);
    tagCache.set(blogName, p);
    p.catch(() => tagCache.delete(blogName));
  }
  return p;
}

interface BlogSearchProps {
  blogName: string;
  filters: SearchFilters;
  onChange: (patch: Partial<SearchFilters>) => void;
  /** Focus the term field (after '/' or a tag click). */
  focusKey?: number;
}

export function BlogSearch({ blogName, filters, onChange, focusKey }: BlogSearchProps) {
  const id = useId();
  const listId = `${id}-tags`;
  const [term, setTerm] = useState(filters.term);
  const [tags, setTags] = useState<string[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // The field follows the filters when they change from outside (a tag clicked in a post).
  useEffect(() => setTerm(filters.term), [filters.term]);
  useEffect(() => {
    if (focusKey) inputRef.current?.focus();
  }, [focusKey]);
  useEffect(() => () => clearTimeout(hideTimer.current), []);

  const matches = open ? matchTags(tags, term) : [];
  const expanded = matches.length > 0;

  const choose = (tag: string) => {
    setTerm(tag);
    setOpen(false);
    setActive(-1);
    onChange({ term: tag });
  };

  return (
    <form
      className="search"
      part="search"
      role="search"
      aria-label={`Search ${blogName}`}
      onSubmit={(e) => {
        e.preventDefault();
        setOpen(false);
        onChange({ term: term.trim() });
      }}
    >
      <div className="search__row">
        <div className="combobox">
          <label className="tl-visually-hidden" htmlFor={`${id}-term`}>
            Search {blogName}
          </label>
          <input
            ref={inputRef}
            id={`${id}-term`}
            className="tl-input search__term"
            type="search"
            role="combobox"
            autoComplete="off"
            placeholder={`Search ${blogName}`}
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
            value={term}
            onFocus={() => {
              clearTimeout(hideTimer.current);
              void blogTags(blogName).then(setTags, () => setTags([]));
            }}
            onBlur={() => {
              hideTimer.current = setTimeout(() => setOpen(false), BLOG_SEARCH.typeaheadHideMs);
            }}
            onChange={(e) => {
              setTerm(e.target.value);
              setOpen(true);
              setActive(-1);
              if (!e.target.value.trim() && filters.term) onChange({ term: '' });
            }}
            onKeyDown={(e) => {
              if (e.nativeEvent.isComposing) return;
              if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
                e.preventDefault();
                if (!open) setOpen(true);
                setActive((a) => moveActive(a, e.key as 'ArrowDown' | 'ArrowUp', matchTags(tags, term).length));
              } else if (e.key === 'Enter' && expanded && active >= 0) {
                e.preventDefault();
                choose(matches[active]!);
              } else if (e.key === 'Escape' && expanded) {
                // Closes the list only; a second Escape reaches the drawer.
                e.preventDefault();
                e.stopPropagation();
                e.nativeEvent.stopImmediatePropagation();
                setOpen(false);
                setActive(-1);
              }
            }}
          />
          <ul id={listId} role="listbox" aria-label="Tags" className="typeahead" hidden={!expanded}>
            {matches.map((tag, i) => (
              <li
                key={tag}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className={`typeahead__option${i === active ? ' is-active' : ''}`}
                // Before the input's blur: the choice lands first.
                onPointerDown={(e) => e.preventDefault()}
                onClick={() => choose(tag)}
              >
                #{tag}
              </li>
            ))}
          </ul>
        </div>
        <button type="submit" className="tl-button">
          Search
        </button>
      </div>
      <div className="search__filters">
        <label>
          <span className="tl-visually-hidden">Sort</span>
          <select className="tl-select" value={filters.sort} onChange={(e) => onChange({ sort: e.target.value as SearchFilters['sort'] })}>
            <option value="CREATED_DESC">Newest</option>
            <option value="POPULARITY_DESC">Most popular</option>
          </select>
        </label>
        <label>
          <span className="tl-visually-hidden">Post type</span>
          <select
            className="tl-select"
            value={filters.post_type}
            onChange={(e) => onChange({ post_type: e.target.value as SearchPostType })}
          >
            {SEARCH_POST_TYPES.map((t) => (
              <option key={t} value={t}>
                {TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="tl-visually-hidden">Posts</span>
          <select
            className="tl-select"
            value={filters.post_role}
            onChange={(e) => onChange({ post_role: e.target.value as SearchFilters['post_role'] })}
          >
            <option value="ANY">All posts</option>
            <option value="ORIGINAL">Original posts</option>
          </select>
        </label>
        <label className="search__nsfw">
          <input type="checkbox" checked={filters.filter_nsfw} onChange={(e) => onChange({ filter_nsfw: e.target.checked })} /> Hide
          sensitive posts
        </label>
      </div>
    </form>
  );
}
