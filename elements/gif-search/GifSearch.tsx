/**
 * <gif-search>: a popover for finding a GIF, anchored to a trigger (its own button, or the
 * page element named by `anchor`). Used by the post composer and messaging; emits
 * `tl-gif-select` with the chosen media item. See README "gif-search".
 */
import type { ContractProps } from '../../src/core/contract';
import type { contract } from './contract';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { PartBoundary, retryableLazy } from '../../src/ui/PartBoundary';
import { answer } from '../../src/core/answer';
import { triggerRequest } from '../../src/core/requests';
import { useWidget } from '../../src/core/widget-context';
import { Events } from '../../src/core/events';
import { logEvent } from '../../src/bus/log';
import { Popover, PopoverTrigger, findAnchor, parsePlacement } from '../../src/ui/Popover';
import { deepActiveElement } from '../../src/ui/deep-active-element';
import type { GifMedia } from '../../src/models/gif-search';
import { Loader } from '../../src/ui/Loader';

/**
 * The panel (search box, results grid, its model and server call) is its own chunk: a page that
 * shows the trigger pays for it only on the first open, or on the intent before (a pointer over the
 * trigger, focus on it, the same for a page's own anchor button).
 */
const loadPanel = () => import('./GifPanel');
const GifPanel = retryableLazy(() => loadPanel().then((m) => ({ default: m.GifPanel })));
const preloadPanel = () => void loadPanel().catch(() => undefined);
import styles from './styles.css';

export { styles };

/** Its attributes, parsed (declared once, in contract.ts). */
export type GifSearchProps = ContractProps<typeof contract>;

export default function GifSearch({ open, anchor, context, loadFull, placement }: GifSearchProps) {
  const { host, announce } = useWidget();
  const [isOpen, setOpen] = useState(false);
  const [anchorEl, setAnchorEl] = useState<HTMLElement | null>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const popoverRef = useRef<HTMLDivElement | null>(null);
  const [input, setInput] = useState(''); // kept while closed: reopening shows the last search
  const anchorId = anchor?.trim() || undefined;

  const close = useCallback(
    (returnFocus: boolean) => {
      setOpen(false);
      if (host.hasAttribute('open')) host.removeAttribute('open');
      if ((host as unknown as { open?: boolean }).open) (host as unknown as { open: boolean }).open = false;
      const target = anchorId ? findAnchor(host, anchorId) : triggerRef.current;
      if (returnFocus) target?.focus({ preventScroll: true });
    },
    [host, anchorId],
  );

  const toggle = useCallback(() => {
    setOpen((o) => !o);
  }, []);

  // The `open` attribute/property opens and closes the popover. Declared before the trigger's
  // wiring: a click replayed on mount (made before this code arrived) must come after it.
  useEffect(() => {
    setOpen(Boolean(open));
  }, [open]);

  // `anchor`: a page element (by id) is the trigger and the popover's anchor.
  useEffect(() => {
    if (!anchorId) {
      setAnchorEl(triggerRef.current);
      return;
    }
    const el = findAnchor(host, anchorId);
    if (!el) {
      console.warn(`<gif-search>: attribute "anchor" names no element: ${JSON.stringify(anchorId.slice(0, 80))}`);
      setAnchorEl(null);
      return;
    }
    setAnchorEl(el);
    el.setAttribute('aria-haspopup', 'dialog');
    el.addEventListener('pointerenter', preloadPanel, { once: true });
    el.addEventListener('focus', preloadPanel, { once: true });
    // Clicks on the page's trigger come through the request queue, so one made before this
    // element's code arrived is replayed now rather than lost.
    return answer(triggerRequest(anchorId), toggle);
  }, [anchorId, host, toggle]);

  useEffect(() => {
    anchorEl?.setAttribute('aria-expanded', String(isOpen));
  }, [anchorEl, isOpen]);

  useEffect(() => {
    if (!isOpen) return;
    announce(Events.gifSearchOpen, {});
    return () => void announce(Events.gifSearchClose, {});
  }, [isOpen, announce]);

  const onSelect = useCallback(
    (media: GifMedia, query: string) => {
      announce(Events.gifSelect, media);
      logEvent('gif_search_select', { query, postId: media.postId ?? null, rootBlog: media.rootBlog });
      close(true);
    },
    [announce, close],
  );

  const chosenPlacement = parsePlacement(placement, 'bottom-start');

  return (
    <>
      {!anchorId && (
        <PopoverTrigger buttonRef={triggerRef} expanded={isOpen} onClick={toggle} onIntent={preloadPanel}>
          <slot>GIF</slot>
        </PopoverTrigger>
      )}
      {isOpen && anchorEl && (
        <Popover
          open
          anchor={anchorEl}
          placement={chosenPlacement}

          className="gif tl-popover--rise"
          part="popover"
          role="dialog"
          aria-label="GIF search"
          popoverRef={popoverRef}
          onDismiss={() => {
            const inside = popoverRef.current?.contains(deepActiveElement(host.shadowRoot!));
            close(Boolean(inside));
          }}
        >
          <PartBoundary retry={GifPanel.retry}>
            <Suspense
              fallback={
                <div className="state" part="loading">
                  <Loader label="Loading GIF search" />
                </div>
              }
            >
              <GifPanel
                input={input}
                onInput={setInput}
                context={context}
                loadFull={Boolean(loadFull)}
                onSelect={onSelect}
                onEscape={() => close(true)}
              />
            </Suspense>
          </PartBoundary>
        </Popover>
      )}
    </>
  );
}
