import { useEffect, useId, useRef, useState } from 'react';
import type { SessionChannel } from '../session/types';
import { fetchFavourites, ParticipantSearch } from './api';
import { ApiError } from '../errors';
import { emptySearchLine, SEARCH_DEBOUNCE_MS, type Participant } from './model/conversation';
import { moveActive, type ListboxKey } from '../models/listbox';
import { Avatar } from '../ui/Avatar';
import { LoadingBar, LOADING_BAR_DELAY_MS } from '../ui/LoadingBar';
import { $session } from '../session/session';
import { usePartStyles } from '../ui/use-part-styles';
import partCss from './recipient-picker.css';

/** Favourites are fetched once per sending blog while the page lives. */
const favouritesCache = new Map<string, Participant[]>();

type Results = { kind: 'favourites'; items: Participant[] } | { kind: 'search'; query: string; items: Participant[] } | { kind: 'error' };

interface RecipientPickerProps {
  /** The sending blog: favourites and search results are its. */
  sender: SessionChannel;
  onPick: (p: Participant) => void;
  /** The visible label before the box ('To:' in the inbox); without it the placeholder names the box. */
  label?: string;
  placeholder?: string;
  /** Parts on the wrapper and the input. */
  part?: string;
  inputPart?: string;
  autoFocus?: boolean;
  className?: string;
}

/**
 * Choosing a blog to message, shared by the inbox's compose mode and the send-a-post popover
 * (messaging spec §2, §4, §5): a combobox. Empty: 'Favorites'. Typed: a search debounced 250 ms,
 * cached per query, a new one cancelling the one in flight, with a loading bar only after 250 ms.
 * Enter picks the active row, or the only result. The user's own blogs are never offered.
 */
export function RecipientPicker({
  sender,
  onPick,
  label,
  placeholder = 'Blog name',
  part = 'compose',
  inputPart = 'to-input',
  autoFocus = true,
  className,
}: RecipientPickerProps) {
  usePartStyles('recipient-picker', partCss);
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<Results | null>(null);
  const [searching, setSearching] = useState(false);
  const [active, setActive] = useState(-1);
  const [emptyLine, setEmptyLine] = useState('');
  // Retry after a failed search: the same query again would not search (it has not changed).
  const [attempt, setAttempt] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const searchRef = useRef<ParticipantSearch | null>(null);
  const lastEmptyLine = useRef<string | undefined>(undefined);
  const id = useId();
  searchRef.current ??= new ParticipantSearch();

  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);
  useEffect(() => () => searchRef.current?.cancel(), []);

  const trimmed = query.trim();
  useEffect(() => {
    setActive(-1);
    const search = searchRef.current!;
    if (trimmed === '') {
      search.cancel();
      setSearching(false);
      const cached = favouritesCache.get(sender.uuid);
      if (cached) {
        setResults({ kind: 'favourites', items: cached.filter((p) => !ownUuids().includes(p.uuid)) });
        return;
      }
      const controller = new AbortController();
      setSearching(true);
      fetchFavourites({ participant: sender.uuid, signal: controller.signal }).then(
        (items) => {
          favouritesCache.set(sender.uuid, items);
          setResults({ kind: 'favourites', items: items.filter((p) => !ownUuids().includes(p.uuid)) });
          setSearching(false);
        },
        (error: unknown) => {
          if (error instanceof ApiError && error.kind === 'aborted') return;
          setResults({ kind: 'favourites', items: [] });
          setSearching(false);
        },
      );
      return () => controller.abort();
    }
    setSearching(true);
    const timer = setTimeout(() => {
      search.search(trimmed, sender.uuid).then(
        (items) => {
          setResults({ kind: 'search', query: trimmed, items: items.filter((p) => !ownUuids().includes(p.uuid)) });
          setSearching(false);
          if (items.length === 0) {
            const line = emptySearchLine(Math.random, lastEmptyLine.current);
            lastEmptyLine.current = line;
            setEmptyLine(line);
          }
        },
        (error: unknown) => {
          if (error instanceof ApiError && error.kind === 'aborted') return;
          setResults({ kind: 'error' });
          setSearching(false);
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [trimmed, sender.uuid, attempt]);

  const items = results && results.kind !== 'error' ? results.items : [];
  const listId = `${id}-list`;

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    const key = event.key;
    if ((key === 'ArrowDown' || key === 'ArrowUp') && items.length > 0) {
      event.preventDefault();
      setActive((i) => (i < 0 ? (key === 'ArrowDown' ? 0 : items.length - 1) : moveActive(i, key as ListboxKey, items.length)));
    } else if (key === 'Enter') {
      event.preventDefault();
      // Spec §5: the hovered or selected row, or the only result when exactly one exists — of the
      // current query (results of an earlier query still on screen while a search runs do not count).
      const current = trimmed === '' ? results?.kind === 'favourites' : results?.kind === 'search' && results.query === trimmed;
      if (!current) return;
      const chosen = active >= 0 ? items[active] : items.length === 1 ? items[0] : undefined;
      if (chosen) onPick(chosen);
    }
  };

  const showEmpty = results?.kind === 'search' && results.query === trimmed && items.length === 0 && !searching;

  return (
    <div className={`tl-picker${className ? ` ${className}` : ''}`} part={part}>
      <div className="tl-picker__field">
        {label && (
          <label htmlFor={`${id}-to`} className="tl-picker__label">
            {label}
          </label>
        )}
        <input
          ref={inputRef}
          id={`${id}-to`}
          className="tl-picker__input"
          part={inputPart}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={items.length > 0}
          aria-controls={listId}
          aria-activedescendant={active >= 0 ? `${id}-opt-${active}` : undefined}
          placeholder={placeholder}
          aria-label={label ? undefined : placeholder}
          value={query}
          maxLength={100}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onKeyDown}
        />
      </div>
      <LoadingBar loading={searching && trimmed !== ''} delayMs={LOADING_BAR_DELAY_MS} label="Searching" className="tl-picker__bar" />
      {trimmed === '' && items.length > 0 && <h3 className="tl-picker__section">Favorites</h3>}
      {showEmpty && (
        <p className="tl-picker__empty" role="status">
          {emptyLine}
        </p>
      )}
      {results?.kind === 'error' && (
        <p className="tl-picker__empty" role="alert">
          Couldn't search right now. Try again in a moment.{' '}
          <button type="button" className="tl-button is-secondary" onClick={() => setAttempt((n) => n + 1)}>
            Retry
          </button>
        </p>
      )}
      <ul className="tl-picker__list" id={listId} role="listbox" aria-label={trimmed === '' ? 'Favorites' : 'Blogs'}>
        {items.map((p, index) => (
          <li
            key={p.uuid}
            id={`${id}-opt-${index}`}
            role="option"
            aria-selected={index === active}
            className={`tl-picker__option${index === active ? ' is-active' : ''}`}
            data-href={`/conversation/new/${encodeURIComponent(p.name)}`}
            onMouseMove={() => setActive(index)}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onPick(p)}
          >
            <Avatar name={p.name} size={32} avatar_url={p.avatar_url} shape={p.avatar_shape} decorative />
            <span className="tl-picker__text">
              <span className="tl-picker__name">{p.name}</span>
              {p.title && p.title !== p.name && <span className="tl-picker__title">{p.title}</span>}
            </span>
            {!p.can_receive_messages && <span className="tl-picker__note">Can't receive messages</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}

function ownUuids(): string[] {
  return $session.get().channels.map((c) => c.uuid);
}
