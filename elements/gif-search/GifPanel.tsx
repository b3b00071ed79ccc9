import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { searchGifs } from './api';
import { ApiError } from '../../src/errors';
import { sanitizeGifMessage } from './message';
import { ErrorState } from '../../src/ui/ErrorState';
import { useRemote } from '../../src/ui/use-remote';
import {
  GIF_CONTAINER_WIDTH,
  GIF_GAP,
  GIF_INPUT_DEBOUNCE_MS,
  GIF_INVALID_RESPONSE,
  GIF_PLACEHOLDER,
  GIF_PRELOAD_POLL_MS,
  GIF_RENDER_BATCH_DELAY_MS,
  GIF_VIRTUALIZE_DEBOUNCE_MS,
  GifSearchCache,
  columnsFor,
  masonryLayout,
  moveInGrid,
  nextToPreload,
  noResultsLine,
  normalizeQuery,
  outsideBand,
  renderedCount,
  shortLink,
  visibleTags,
  visibleTiles,
  type GifMedia,
  type GifSearchResult,
  type GridKey,
} from '../../src/models/gif-search';
import { debounce } from '../../src/models/timing';
import { Loader } from '../../src/ui/Loader';

/** One cache for the page: every <gif-search> shares it (spec: per-query cache, 300000 ms). */
export const gifCache = new GifSearchCache();

const splitKey = (key: string): [string, string] => {
  const at = key.indexOf('\n');
  return [key.slice(0, at), key.slice(at + 1)];
};

const SUGGESTIONS = ['cat', 'dance', 'yes', 'coffee', 'wow', 'thank you'];

type SearchState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'results'; result: GifSearchResult; revealed: boolean; emptyLine: string }
  | { status: 'error'; message: string };

function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.kind === 'malformed') return GIF_INVALID_RESPONSE;
    if (error.kind === 'network' || error.kind === 'timeout') return "Couldn't reach the GIF search. Check your connection.";
  }
  return "GIF search isn't working right now.";
}

interface GifPanelProps {
  input: string;
  onInput: (value: string) => void;
  context: string | undefined;
  loadFull: boolean;
  onSelect: (media: GifMedia, query: string) => void;
  onEscape: () => void;
}

export function GifPanel({ input, onInput, context, loadFull, onSelect, onEscape }: GifPanelProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const [query, setQuery] = useState(() => normalizeQuery(input));
  const lastEmptyLine = useRef<string | undefined>(undefined);
  const [active, setActive] = useState(-1);
  const [activeByKeyboard, setActiveByKeyboard] = useState(false);
  const [selecting, setSelecting] = useState(-1);
  const [selectError, setSelectError] = useState('');
  const [batches, setBatches] = useState(1);
  const [width, setWidth] = useState(0);
  const [view, setView] = useState({ top: 0, height: 420 });

  const updateQuery = useMemo(() => debounce((value: string) => setQuery(normalizeQuery(value)), GIF_INPUT_DEBOUNCE_MS), []);
  useEffect(() => () => updateQuery.cancel(), [updateQuery]);
  useEffect(() => inputRef.current?.focus(), []);

  // A query change cancels the pending request and starts a new one; an answer for an older query
  // is dropped (useRemote). The page-wide per-query cache answers at once.
  const key = query ? `${context ?? ''}\n${query}` : null;
  const search = useRemote<GifSearchResult>(
    key,
    (k, signal) => {
      const [ctx, q] = splitKey(k);
      return searchGifs(q, { signal, ...(ctx ? { context: ctx } : {}) }).then((found) => {
        // An answer for a query the user has left (its abort came too late) lands in no cache.
        if (!signal.aborted) gifCache.set(found);
        return found;
      });
    },
    { cached: (k) => gifCache.get(splitKey(k)[1]) },
  );
  const found = search.status === 'ready' ? search.data : null;
  // Each new result starts at the top, with a fresh "no results" line (never the same twice in a row).
  const [revealedFor, setRevealedFor] = useState<GifSearchResult | null>(null);
  // Picked once per result, as it arrives (so it is there in the first render that shows it).
  const emptyLine = useMemo(() => {
    if (!found) return '';
    const line = noResultsLine(Math.random, lastEmptyLine.current);
    if (found.media.length === 0) lastEmptyLine.current = line;
    return line;
  }, [found]);
  useEffect(() => {
    setActive(-1);
    setSelectError('');
    if (!found) return;
    setBatches(1);
    scrollerRef.current?.scrollTo({ top: 0 });
    setView((v) => ({ ...v, top: 0 }));
  }, [found, key]);
  const state: SearchState = !key
    ? { status: 'idle' }
    : search.status === 'loading'
      ? { status: 'loading' }
      : search.status === 'error'
        ? { status: 'error', message: errorText(search.error) }
        : { status: 'results', result: search.data, revealed: !search.data.message || revealedFor === search.data, emptyLine };

  const result = state.status === 'results' ? state.result : null;
  // Sanitised before the test, so markup that sanitises to nothing renders no box (and no '' in a sink).
  const messageHeader = result?.message?.header ? sanitizeGifMessage(result.message.header) : '';
  const messageBody = result?.message?.body ? sanitizeGifMessage(result.message.body) : '';
  const media = useMemo(() => (state.status === 'results' && state.revealed ? state.result.media : []), [state]);

  // Render in batches of 50 every 5 ms (spec §9).
  const rendered = renderedCount(media.length, batches);
  useEffect(() => {
    if (rendered >= media.length) return;
    const timer = setTimeout(() => setBatches((b) => b + 1), GIF_RENDER_BATCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [rendered, media.length]);

  const hasMedia = media.length > 0;
  useLayoutEffect(() => {
    const el = scrollerRef.current;
    if (!el) return;
    const measure = () => {
      setWidth(el.clientWidth);
      setView((v) => (v.height === el.clientHeight ? v : { ...v, height: el.clientHeight }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasMedia]);

  const columns = columnsFor(Math.max(0, width - 2 * GIF_GAP));
  const layout = useMemo(() => masonryLayout(media.slice(0, rendered), columns), [media, rendered, columns]);
  const offsetX = Math.max(0, Math.floor((width - (columns * GIF_CONTAINER_WIDTH + (columns - 1) * GIF_GAP)) / 2));
  const overscan = view.height;
  // The active tile stays mounted when the grid scrolls it away: the grid's aria-activedescendant
  // names it, and the arrow keys move on from it.
  const mounted = useMemo(() => {
    const inView = visibleTiles(layout.tiles, view.top, view.height, overscan);
    return active >= 0 && active < layout.tiles.length && !inView.includes(active) ? [...inView, active] : inView;
  }, [layout, view, overscan, active]);

  // Virtualised by scroll position: recomputed 250 ms after scrolling stops, or at once when
  // the viewport leaves the band that is mounted.
  const settleView = useMemo(() => debounce((top: number, height: number) => setView({ top, height }), GIF_VIRTUALIZE_DEBOUNCE_MS), []);
  useEffect(() => () => settleView.cancel(), [settleView]);
  const onScroll = () => {
    const el = scrollerRef.current;
    if (!el) return;
    const band = { from: view.top - overscan, to: view.top + view.height + overscan };
    if (outsideBand(band, el.scrollTop, el.clientHeight)) {
      settleView.cancel();
      setView({ top: el.scrollTop, height: el.clientHeight });
    } else {
      settleView(el.scrollTop, el.clientHeight);
    }
  };

  // Preload in page order on a 1 s poll.
  useEffect(() => {
    if (media.length === 0) return;
    const done = new Set<string>();
    const urls = media.map((m) => m.mediaUrl);
    const timer = setInterval(() => {
      const next = nextToPreload(urls, done);
      if (next.length === 0) return clearInterval(timer);
      for (const url of next) {
        done.add(url);
        const img = new Image();
        img.decoding = 'async';
        img.src = url;
      }
    }, GIF_PRELOAD_POLL_MS);
    return () => clearInterval(timer);
  }, [media]);

  const reveal = (index: number) => {
    const tile = layout.tiles[index];
    const el = scrollerRef.current;
    if (!tile || !el) return;
    let top = el.scrollTop;
    if (tile.y < top) top = Math.max(0, tile.y - GIF_GAP);
    else if (tile.y + tile.height > top + el.clientHeight) top = tile.y + tile.height - el.clientHeight + GIF_GAP;
    if (top !== el.scrollTop) el.scrollTop = top;
    settleView.cancel();
    setView({ top, height: el.clientHeight });
  };

  const move = (key: GridKey) => {
    const next = moveInGrid(layout.tiles, active, key);
    if (next < 0) return;
    setActive(next);
    setActiveByKeyboard(true);
    reveal(next);
  };

  const select = useCallback(
    (index: number) => {
      const item = media[index];
      if (!item || selecting >= 0) return;
      setSelectError('');
      if (!loadFull) return onSelect(item, query);
      // Optionally load the full image first, with a loader, then emit.
      setSelecting(index);
      const img = new Image();
      img.onload = () => {
        setSelecting(-1);
        onSelect(item, query);
      };
      img.onerror = () => {
        setSelecting(-1);
        setSelectError("Couldn't load that GIF. Try another one.");
      };
      img.src = item.mediaUrl;
    },
    [media, selecting, loadFull, onSelect, query],
  );

  const onKeys = (event: ReactKeyboardEvent, inGrid: boolean) => {
    const key = event.key;
    const gridKeys: string[] = inGrid ? ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End'] : ['ArrowUp', 'ArrowDown'];
    if (gridKeys.includes(key) && layout.tiles.length) {
      event.preventDefault();
      move(key as GridKey);
    } else if (key === 'Enter') {
      event.preventDefault();
      if (active >= 0) select(active);
      else if (!inGrid) updateQuery.flush();
    } else if (
      key === 'Tab' &&
      !event.altKey &&
      !event.ctrlKey &&
      !event.metaKey &&
      (inGrid ? !event.shiftKey : event.shiftKey && gridRef.current)
    ) {
      // Tab moves between the search box and the results (both ways).
      event.preventDefault();
      (inGrid ? inputRef.current : gridRef.current)?.focus();
    } else if (key === 'Escape') {
      event.preventDefault();
      onEscape();
    } else if (inGrid && key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      inputRef.current?.focus(); // typing in the grid goes on in the search box
    }
  };

  const gridId = `${id}-grid`;
  const cellId = (index: number) => `${id}-gif-${index}`;
  const activeId = active >= 0 && mounted.includes(active) && activeByKeyboard ? cellId(active) : undefined;
  const showGrid = media.length > 0;
  const hiddenBehindMessage = state.status === 'results' && !state.revealed;

  return (
    <div className="panel">
      <div className="search" part="search">
        <svg className="search__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M10 2a8 8 0 0 1 6.32 12.9l5.39 5.4-1.41 1.4-5.4-5.39A8 8 0 1 1 10 2zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12z"
          />
        </svg>
        <input
          ref={inputRef}
          type="text"
          className="search__input"
          part="input"
          role="combobox"
          aria-label="Search GIFs"
          aria-autocomplete="list"
          aria-haspopup="grid"
          aria-expanded={showGrid}
          aria-controls={showGrid ? gridId : undefined}
          aria-activedescendant={activeId}
          placeholder={GIF_PLACEHOLDER}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          value={input}
          onChange={(event) => {
            const value = event.target.value.replace(/[\r\n]+/g, ' ');
            onInput(value);
            updateQuery(value);
          }}
          onKeyDown={(event) => onKeys(event, false)}
        />
        {state.status === 'loading' && <Loader label="Searching GIFs" size={18} />}
      </div>

      {result?.message && (
        <div className="message" part="message">
          {messageHeader && <p className="message__header" dangerouslySetInnerHTML={{ __html: messageHeader }} />}
          {messageBody && <div className="message__body" dangerouslySetInnerHTML={{ __html: messageBody }} />}
          {state.status === 'results' && !state.revealed && result.media.length > 0 && (
            <button type="button" className="tl-button is-secondary message__reveal" onClick={() => setRevealedFor(state.result)}>
              View results anyway
            </button>
          )}
        </div>
      )}

      <div
        className={`results${hiddenBehindMessage ? ' results--collapsed' : ''}`}
        ref={scrollerRef}
        onScroll={onScroll}
        part="results"
        tabIndex={-1}
      >
        {state.status === 'idle' && (
          <div className="state">
            <p>Search for the perfect GIF.</p>
            <p className="suggestions">
              {SUGGESTIONS.map((s) => (
                <button
                  key={s}
                  type="button"
                  className="chip"
                  onClick={() => {
                    onInput(s);
                    updateQuery.cancel();
                    setQuery(s);
                    inputRef.current?.focus();
                  }}
                >
                  {s}
                </button>
              ))}
            </p>
          </div>
        )}
        {state.status === 'loading' && (
          <div className="state" part="loading">
            <Loader label={`Searching GIFs for ${query}`} />
          </div>
        )}
        {state.status === 'error' && <ErrorState message={state.message} onRetry={search.retry} />}
        {state.status === 'results' && state.result.media.length === 0 && !state.result.message && (
          <div className="state" part="empty" role="status">
            <p>{state.emptyLine}</p>
          </div>
        )}
        {showGrid && (
          <div
            ref={gridRef}
            id={gridId}
            className="grid"
            role="grid"
            tabIndex={0}
            aria-label={`GIF results for ${query}`}
            aria-rowcount={media.length}
            data-rendered={rendered}
            data-mounted={mounted.length}
            aria-activedescendant={activeId}
            style={{ height: layout.height + GIF_GAP * 2 }}
            onKeyDown={(event) => onKeys(event, true)}
            onFocus={() => {
              if (active < 0 && layout.tiles.length) {
                const first = moveInGrid(layout.tiles, -1, 'Home');
                setActive(first);
                setActiveByKeyboard(true);
                reveal(first);
              } else setActiveByKeyboard(true);
            }}
          >
            {mounted.map((index) => {
              const tile = layout.tiles[index]!;
              const item = media[index]!;
              const tags = visibleTags(item.postTags);
              const link = shortLink(item.rootPostUrlHash);
              return (
                <div
                  key={`${item.mediaUrl}#${index}`}
                  role="row"
                  aria-rowindex={index + 1}
                  className="row"
                  style={{ transform: `translate(${offsetX + tile.x}px, ${GIF_GAP + tile.y}px)`, width: tile.width, height: tile.height }}
                >
                  <div
                    role="gridcell"
                    id={cellId(index)}
                    className={`tile${index === active ? ' is-active' : ''}`}
                    part={index === active ? 'result result-active' : 'result'}
                    aria-selected={index === active}
                    aria-busy={selecting === index || undefined}
                    onMouseEnter={() => {
                      setActive(index);
                      setActiveByKeyboard(false);
                    }}
                    onClick={() => select(index)}
                  >
                    <img
                      src={item.mediaUrl}
                      alt={tags.length ? `GIF: ${tags.join(', ')}` : `GIF from ${item.rootBlog || 'a blog'}`}
                      width={tile.width}
                      height={tile.height}
                      loading="lazy"
                      decoding="async"
                      draggable={false}
                    />
                    <span className="tile__meta">
                      {link ? (
                        <a
                          className="tile__by"
                          href={link}
                          target="_blank"
                          rel="noopener noreferrer"
                          tabIndex={-1}
                          onClick={(event) => event.stopPropagation()}
                        >
                          {item.rootBlog || 'source'}
                        </a>
                      ) : (
                        <span className="tile__by">{item.rootBlog}</span>
                      )}
                      {tags.length > 0 && <span className="tile__tags">{tags.map((t) => `#${t}`).join(' ')}</span>}
                    </span>
                    {selecting === index && (
                      <span className="tile__loading">
                        <Loader label="Loading GIF" />
                      </span>
                    )}
                  </div>
                </div>
              );
            })}
          </div>
        )}
      </div>
      {selectError && (
        <p className="select-error" role="alert">
          {selectError}
        </p>
      )}
    </div>
  );
}
