/**
 * <blog-card>: a hover card for a blog. Wraps an anchor (`blog-name` + slotted
 * link) or, without `blog-name`, serves every `[data-blog-card="name"]` element
 * on the page. See README "blog-card" for attributes, events, parts.
 */
import type { ContractProps } from '../../src/core/contract';
import type { contract } from './contract';
import { startTransition, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { PartBoundary, retryableLazy } from '../../src/ui/PartBoundary';
import { useWidget } from '../../src/core/widget-context';
import { Events } from '../../src/core/events';
import { Popover, parsePlacement, preloadPopoverPosition } from '../../src/ui/Popover';
import { BLOG_CARD_CLOSE_DELAY_MS, BLOG_CARD_HOVER_INTENT_MS } from '../../src/models/blog';
import { deepActiveElement } from '../../src/ui/deep-active-element';
import { tabbablesIn } from '../../src/ui/tabbable';
import { CardLoading } from './CardLoading';

/**
 * The card's content (the blog, its theme, its description through the sanitiser, follow and the
 * menu) is its own chunk: a page of links pays for it only when a card first opens. Hover intent
 * (the pointer on a link, before the open delay) loads it with the placement code.
 */
const loadCardBody = () => import('./CardBody');
const CardBody = retryableLazy(() => loadCardBody().then((m) => ({ default: m.CardBody })));
function preloadCard(): void {
  void loadCardBody().catch(() => undefined);
  void preloadPopoverPosition().catch(() => undefined);
}
import styles from './styles.css';

export { styles };

/** Its attributes, parsed (declared once, in contract.ts). */
export type BlogCardProps = ContractProps<typeof contract>;

interface Target {
  name: string;
  anchor: Element;
  /** Opened by keyboard focus (Tab moves into the card). */
  byFocus: boolean;
}

function findMarked(event: Event): HTMLElement | undefined {
  return event.composedPath().find((n): n is HTMLElement => n instanceof HTMLElement && n.hasAttribute('data-blog-card'));
}

export default function BlogCard({ blogName, open, placement, source, scope }: BlogCardProps) {
  const { host, announce } = useWidget();
  const [target, setTarget] = useState<Target | null>(null);
  const targetRef = useRef<Target | null>(null);
  targetRef.current = target;
  const cardRef = useRef<HTMLDivElement | null>(null);
  const openTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** While a dialog or menu of the card is up, leaving the card must not close it. */
  const pinned = useRef(false);
  /** Focus going back to the anchor on close must not reopen the card. */
  const returningFocus = useRef(false);
  const name = blogName?.trim() || undefined;

  const close = useCallback((returnFocus = false) => {
    clearTimeout(openTimer.current);
    clearTimeout(closeTimer.current);
    const current = targetRef.current;
    if (!current) return;
    targetRef.current = null;
    setTarget(null);
    if (returnFocus && current.anchor instanceof HTMLElement) {
      returningFocus.current = true;
      current.anchor.focus({ preventScroll: true });
      returningFocus.current = false;
    }
  }, []);

  const show = useCallback((blog: string, anchor: Element, how: 'hover' | 'focus' | 'now') => {
    if (how === 'focus' && returningFocus.current) return;
    clearTimeout(closeTimer.current);
    const current = targetRef.current;
    if (current && current.name === blog && current.anchor === anchor) return;
    clearTimeout(openTimer.current);
    preloadCard();
    const open = () => {
      const next = { name: blog, anchor, byFocus: how === 'focus' };
      targetRef.current = next; // timers and listeners must see it before React re-renders
      // Opened by focus or hover, the card is not what the key or the pointer asked for (the focus
      // ring is): rendered as a transition, it never holds that frame back (#25).
      if (how === 'now') setTarget(next);
      else startTransition(() => setTarget(next));
    };
    if (how === 'hover') openTimer.current = setTimeout(open, BLOG_CARD_HOVER_INTENT_MS);
    else open();
  }, []);

  const scheduleClose = useCallback(() => {
    clearTimeout(openTimer.current);
    clearTimeout(closeTimer.current);
    if (!targetRef.current) return;
    closeTimer.current = setTimeout(() => {
      // The pointer may be back on the anchor or the card without an enter event to say so: a
      // card that grows (its data arrived) and is repositioned passes under a resting pointer,
      // and leaving the card for the anchor stays inside the host. Ask the page where it is.
      const t = targetRef.current;
      const hovered = (t?.anchor instanceof Element && t.anchor.matches(':hover')) || cardRef.current?.matches(':hover');
      if (!pinned.current && !hovered) close();
    }, BLOG_CARD_CLOSE_DELAY_MS);
  }, [close]);

  const cancelClose = useCallback(() => clearTimeout(closeTimer.current), []);

  /**
   * Did focus move to something outside the anchor and the card? Focus that went nowhere
   * (a dialog closing, the window losing focus) is not a move away: a press outside closes the
   * card in that case.
   */
  const leftTo = useCallback((next: EventTarget | null) => {
    if (!(next instanceof Node)) return false;
    const t = targetRef.current;
    return !(
      cardRef.current?.contains(next) ||
      t?.anchor.contains(next) ||
      (next instanceof Element && cardRef.current && next.getRootNode() === cardRef.current.getRootNode() && cardRef.current.contains(next))
    );
  }, []);

  // Anchor mode: the slotted content (or the host) is the anchor.
  useEffect(() => {
    if (!name) return;
    const anchorOf = () => host.firstElementChild ?? host;
    const onEnter = () => show(name, anchorOf(), 'hover');
    const onFocusIn = (event: FocusEvent) => {
      if (cardRef.current?.contains(event.composedPath()[0] as Node)) return;
      show(name, anchorOf(), 'focus');
    };
    const onFocusOut = (event: FocusEvent) => {
      if (leftTo(event.relatedTarget)) scheduleClose();
    };
    host.addEventListener('mouseenter', onEnter);
    host.addEventListener('mouseleave', scheduleClose);
    host.addEventListener('focusin', onFocusIn);
    host.addEventListener('focusout', onFocusOut);
    return () => {
      host.removeEventListener('mouseenter', onEnter);
      host.removeEventListener('mouseleave', scheduleClose);
      host.removeEventListener('focusin', onFocusIn);
      host.removeEventListener('focusout', onFocusOut);
    };
  }, [name, host, show, scheduleClose, leftTo]);

  // Delegate mode: every [data-blog-card] inside the scope.
  useEffect(() => {
    if (name) return;
    let root: Document | Element = document;
    if (scope) {
      try {
        root = document.querySelector(scope) ?? document;
      } catch {
        console.warn(`<blog-card>: attribute "scope" is not a valid selector: ${JSON.stringify(scope.slice(0, 80))}`);
      }
    }
    const blogOf = (el: HTMLElement) => el.getAttribute('data-blog-card')?.trim() ?? '';
    const onOver = (event: Event) => {
      const el = findMarked(event);
      if (el && blogOf(el)) show(blogOf(el), el, 'hover');
    };
    const onOut = (event: Event) => {
      const el = findMarked(event);
      const next = (event as MouseEvent).relatedTarget as Node | null;
      if (el && !(next && el.contains(next))) scheduleClose();
    };
    const onFocusIn = (event: Event) => {
      const el = findMarked(event);
      if (el && blogOf(el)) show(blogOf(el), el, 'focus');
    };
    const onFocusOut = (event: Event) => {
      if (findMarked(event) && leftTo((event as FocusEvent).relatedTarget)) scheduleClose();
    };
    root.addEventListener('mouseover', onOver);
    root.addEventListener('mouseout', onOut);
    root.addEventListener('focusin', onFocusIn);
    root.addEventListener('focusout', onFocusOut);
    return () => {
      root.removeEventListener('mouseover', onOver);
      root.removeEventListener('mouseout', onOut);
      root.removeEventListener('focusin', onFocusIn);
      root.removeEventListener('focusout', onFocusOut);
    };
  }, [name, scope, show, scheduleClose, leftTo]);

  // Keyboard on the anchor: Tab enters the open card, Escape closes it.
  useLayoutEffect(() => {
    const anchor = target?.anchor;
    if (!anchor) return;
    anchor.setAttribute('aria-expanded', 'true');
    const onKey = (event: Event) => {
      const key = (event as KeyboardEvent).key;
      if (key === 'Escape') {
        event.stopPropagation();
        close();
      } else if (key === 'Tab' && !(event as KeyboardEvent).shiftKey && cardRef.current) {
        const first = tabbablesIn(cardRef.current)[0];
        // Tab's own move is stopped only once the card has the focus: a card that cannot take it
        // (not shown) must not keep the focus on its name, press after press (a keyboard trap).
        first?.focus();
        if (first?.matches(':focus')) event.preventDefault();
      }
    };
    anchor.addEventListener('keydown', onKey);
    return () => {
      anchor.removeEventListener('keydown', onKey);
      anchor.setAttribute('aria-expanded', 'false');
    };
  }, [target, close]);

  useEffect(() => {
    if (!target) return;
    announce(Events.blogCardOpen, { blogName: target.name });
    return () => void announce(Events.blogCardClose, { blogName: target.name });
  }, [target, announce]);

  // Native enter/leave on the card itself: React's synthetic mouseenter is derived from
  // mouseover/out pairs, whose relatedTarget engines retarget differently across shadow roots.
  // A layout effect, so the listeners exist as soon as the card is in the DOM.
  useLayoutEffect(() => {
    const panel = cardRef.current;
    if (!target || !panel) return;
    panel.addEventListener('mouseenter', cancelClose);
    panel.addEventListener('mouseleave', scheduleClose);
    return () => {
      panel.removeEventListener('mouseenter', cancelClose);
      panel.removeEventListener('mouseleave', scheduleClose);
    };
  }, [target, cancelClose, scheduleClose]);

  // A press anywhere outside the card and its anchor closes it (touch, and after a dialog
  // the pointer may be far from the card, so no mouseleave would ever come).
  useLayoutEffect(() => {
    if (!target) return;
    const onPointerDown = (event: PointerEvent) => {
      if (pinned.current) return;
      const path = event.composedPath();
      if (!path.includes(target.anchor) && !(cardRef.current && path.includes(cardRef.current))) close();
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [target, close]);

  // The `open` attribute opens the card on its anchor (anchor mode only).
  useEffect(() => {
    if (!name) return;
    if (open) show(name, host.firstElementChild ?? host, 'now');
    else if (targetRef.current) close();
  }, [open, name, host, show, close]);

  useEffect(
    () => () => {
      clearTimeout(openTimer.current);
      clearTimeout(closeTimer.current);
    },
    [],
  );

  useEffect(() => {
    const anchor = name ? host.firstElementChild : null;
    anchor?.setAttribute('aria-haspopup', 'dialog');
  }, [name, host]);

  const chosenPlacement = parsePlacement(placement, 'bottom-start');

  return (
    <>
      {name ? <slot /> : null}
      {target && (
        <Popover
          open
          anchor={target.anchor}
          placement={chosenPlacement}

          className="card"
          part="card"
          role="dialog"
          aria-label={`Blog card: ${target.name}`}
          popoverRef={cardRef}
        >
          <div
            onKeyDown={(event) => {
              if (event.key === 'Escape' && !event.defaultPrevented) {
                event.preventDefault();
                close(true);
              } else if (event.key === 'Tab' && cardRef.current) {
                const items = tabbablesIn(cardRef.current);
                const active = deepActiveElement(cardRef.current.getRootNode() as ShadowRoot);
                const leavingBack = event.shiftKey && active === items[0];
                const leavingForward = !event.shiftKey && active === items[items.length - 1];
                if (leavingBack || leavingForward) {
                  event.preventDefault();
                  close(true);
                }
              }
            }}
            onBlur={(event) => {
              if (leftTo(event.relatedTarget) && !pinned.current) scheduleClose();
            }}
            onFocus={cancelClose}
          >
            <PartBoundary retry={CardBody.retry}>
              <Suspense fallback={<CardLoading name={target.name} />}>
                <CardBody
                  key={target.name}
                  blogName={target.name}
                  source={source || 'blog_card'}
                  onPinned={(value) => {
                    pinned.current = value;
                    // Leaving the card for the dialog must not close it once the dialog is answered.
                    if (!value) clearTimeout(closeTimer.current);
                  }}
                />
              </Suspense>
            </PartBoundary>
          </div>
        </Popover>
      )}
    </>
  );
}
