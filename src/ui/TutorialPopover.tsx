/**
 * One tutorial step (spec §2 Tutorial popover, §4): a dimmed overlay (optionally
 * glass) that can highlight a page element, and a panel placed top, bottom, left,
 * right or center with the 80 px top-margin check. Variants: standard and
 * appearance (a preview of the user's blog with an edit button that goes to
 * /settings/blog/{name}).
 *
 * Closed → open → hiding → removed. The overlay click and Escape hide it; OK first
 * calls onDismiss (the "dismiss event"), then hides; fade-on-scroll (on by
 * default) fades the overlay as the page scrolls away from where it opened and
 * hides it at zero. onRemoved runs after the hide animation.
 *
 * The overlay is a native `popover="manual"` in the top layer, above any z-index
 * of the host page. Rules and maths: src/models/tutorial.ts.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Avatar } from './Avatar';
import { accessibleTextOn, safeColor, themeColorOn } from '../models/colors';
import { safeImageUrl } from '../models/urls';
import { titleFontWeight } from '../models/blog-theme';
import {
  TUTORIAL_HIDE_MS,
  appearanceEditUrl,
  fadeOpacity,
  tutorialPlacement,
  type Box,
  type Placement,
  type TutorialConfig,
} from '../models/tutorial';
import { usePartStyles } from './use-part-styles';
import partCss from './tutorial-popover.css';

export type TutorialHideReason = 'ok' | 'overlay' | 'escape' | 'scroll';

interface TutorialPopoverProps {
  config: TutorialConfig;
  /** The element to point at and highlight (resolve config.pinnedTarget yourself: it may live in a shadow root). */
  target?: Element | null;
  /** OK was pressed: runs before the popover hides. */
  onDismiss?: () => void;
  /** The popover started hiding (any reason). */
  onHide?: (reason: TutorialHideReason) => void;
  /** The hide animation is over and the popover is gone. */
  onRemoved?: () => void;
  /**
   * The appearance variant's edit button, going to /settings/blog/{name}: an element passes
   * `navigate` (src/core/address.ts) so that a page can keep itself; without it the page just goes.
   */
  onEdit?: (url: string) => void;
  part?: string;
  /** Decoration drawn inside the panel (the messaging tutorial's confetti). */
  children?: ReactNode;
}

const supportsPopover = typeof HTMLElement !== 'undefined' && 'showPopover' in HTMLElement.prototype;
const HIGHLIGHT_PAD = 6;

function boxOf(el: Element | null | undefined): Box | null {
  if (!el || !el.isConnected) return null;
  const r = el.getBoundingClientRect();
  if (r.width === 0 && r.height === 0) return null;
  return { top: r.top, left: r.left, width: r.width, height: r.height };
}

export function TutorialPopover({ config, target, onDismiss, onHide, onRemoved, onEdit, part, children }: TutorialPopoverProps) {
  usePartStyles('tutorial-popover', partCss);
  const [phase, setPhase] = useState<'open' | 'hiding' | 'removed'>('open');
  const [opacity, setOpacity] = useState(1);
  const [box, setBox] = useState<Box | null>(() => boxOf(target));
  const [placement, setPlacement] = useState<Placement | null>(null);
  const overlayRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const okRef = useRef<HTMLButtonElement>(null);
  const callbacks = useRef({ onDismiss, onHide, onRemoved });
  callbacks.current = { onDismiss, onHide, onRemoved };
  const phaseRef = useRef(phase);
  phaseRef.current = phase;
  const id = useId();

  const hide = (reason: TutorialHideReason) => {
    if (phaseRef.current !== 'open') return;
    phaseRef.current = 'hiding';
    setPhase('hiding');
    callbacks.current.onHide?.(reason);
  };
  const hideRef = useRef(hide);
  hideRef.current = hide;

  // Top layer while shown.
  useLayoutEffect(() => {
    const overlay = overlayRef.current;
    if (!overlay || phase === 'removed' || !supportsPopover) return;
    if (!overlay.matches(':popover-open')) overlay.showPopover();
  }, [phase]);

  // Removal after the hide animation.
  useEffect(() => {
    if (phase !== 'hiding') return;
    const timer = setTimeout(() => {
      setPhase('removed');
      callbacks.current.onRemoved?.();
    }, TUTORIAL_HIDE_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  // The highlighted class on the target while shown.
  useEffect(() => {
    const cls = config.highlightedClass;
    if (!target || !cls || phase !== 'open') return;
    target.classList.add(cls);
    return () => target.classList.remove(cls);
  }, [target, config.highlightedClass, phase]);

  // Follow the target (scroll, resize); fade on scroll.
  useEffect(() => {
    if (phase !== 'open') return;
    const openY = window.scrollY;
    let frame = 0;
    const measure = () => {
      frame = 0;
      setBox(boxOf(target));
      if (config.isFadeOnScroll) {
        const next = fadeOpacity(openY, window.scrollY);
        setOpacity(next);
        if (next <= 0) hideRef.current('scroll');
      }
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [target, phase, config.isFadeOnScroll]);

  // Place the panel once its size is known (fixed_position: where it first went).
  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (!panel || phase === 'removed') return;
    if (config.fixed_position && placement) return;
    const next = tutorialPlacement(
      config.position,
      box,
      { width: panel.offsetWidth, height: panel.offsetHeight },
      { width: window.innerWidth, height: window.innerHeight },
    );
    if (!placement || next.top !== placement.top || next.left !== placement.left || next.position !== placement.position)
      setPlacement(next);
  }, [box, config.position, config.fixed_position, placement, phase]);

  // Focus OK once placed, so keyboard users meet the step (without scrolling the page).
  const focused = useRef(false);
  useEffect(() => {
    if (placement && !focused.current) {
      focused.current = true;
      okRef.current?.focus({ preventScroll: true });
    }
  }, [placement]);

  if (phase === 'removed') return null;

  const ok = () => {
    if (phaseRef.current !== 'open') return;
    callbacks.current.onDismiss?.();
    hide('ok');
  };

  const hole = box
    ? {
        top: box.top - HIGHLIGHT_PAD,
        left: box.left - HIGHLIGHT_PAD,
        bottom: box.top + box.height + HIGHLIGHT_PAD,
        right: box.left + box.width + HIGHLIGHT_PAD,
      }
    : null;
  const dimStyle: CSSProperties | undefined = hole
    ? {
        clipPath: `polygon(evenodd, 0 0, 100% 0, 100% 100%, 0 100%, 0 0, ${hole.left}px ${hole.top}px, ${hole.right}px ${hole.top}px, ${hole.right}px ${hole.bottom}px, ${hole.left}px ${hole.bottom}px, ${hole.left}px ${hole.top}px)`,
      }
    : undefined;
  // The arrow points at the target's centre even when the panel was shifted to stay inside the viewport.
  const panelWidth = panelRef.current?.offsetWidth ?? 0;
  const panelHeight = panelRef.current?.offsetHeight ?? 0;
  let arrow: string | undefined;
  if (placement && box && (placement.position === 'top' || placement.position === 'bottom')) {
    arrow = `${Math.round(Math.min(Math.max(box.left + box.width / 2 - placement.left, 18), Math.max(18, panelWidth - 18)))}px`;
  } else if (placement && box && (placement.position === 'left' || placement.position === 'right')) {
    arrow = `${Math.round(Math.min(Math.max(box.top + box.height / 2 - placement.top, 18), Math.max(18, panelHeight - 18)))}px`;
  }
  const panelStyle = (
    placement
      ? { top: placement.top, left: placement.left, ...(arrow ? { '--tl-tutorial-arrow': arrow } : {}) }
      : { top: 0, left: 0, visibility: 'hidden' }
  ) as CSSProperties;
  const appearance = config.template === 'appearance' ? config.appearance_data : null;

  return (
    <div
      ref={overlayRef}
      popover={supportsPopover ? 'manual' : undefined}
      className={`tl-tutorial${config.glass ? ' tl-tutorial--glass' : ''}${phase === 'hiding' ? ' is-hiding' : ''}${config.className ? ` ${config.className}` : ''}`}
      style={{ opacity, ...(supportsPopover ? {} : { zIndex: 2147483600 }) }}
      part={part}
      data-tutorial={config.name}
      data-phase={phase}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          hide('escape');
        }
      }}
    >
      <div className="tl-tutorial__dim" style={dimStyle} onClick={() => hide('overlay')} aria-hidden="true" />
      {hole && (
        <div
          className="tl-tutorial__ring"
          style={{ top: hole.top, left: hole.left, width: hole.right - hole.left, height: hole.bottom - hole.top }}
          aria-hidden="true"
        />
      )}
      <div
        ref={panelRef}
        className="tl-tutorial__panel"
        role="dialog"
        aria-labelledby={config.title ? `${id}-title` : undefined}
        aria-label={config.title ? undefined : config.name}
        aria-describedby={config.content ? `${id}-content` : undefined}
        data-position={placement?.position ?? config.position}
        style={panelStyle}
      >
        {children}
        {appearance && <AppearancePreview data={appearance} />}
        {config.title && (
          <h2 className="tl-tutorial__title" id={`${id}-title`}>
            {config.title}
          </h2>
        )}
        {config.content && (
          <p className="tl-tutorial__content" id={`${id}-content`}>
            {config.content}
          </p>
        )}
        <div className="tl-tutorial__buttons">
          {appearance && (
            <button
              type="button"
              className="tl-button is-secondary"
              onClick={() => {
                const url = appearanceEditUrl(appearance.name);
                if (onEdit) onEdit(url);
                else window.location.assign(url);
              }}
            >
              Edit appearance
            </button>
          )}
          <button ref={okRef} type="button" className="tl-button" onClick={ok}>
            {config.ok_text}
          </button>
        </div>
      </div>
    </div>
  );
}

function AppearancePreview({ data }: { data: NonNullable<TutorialConfig['appearance_data']> }) {
  const theme = data.global_theme_params;
  const bg = safeColor(theme.background_color) ?? '#ffffff';
  const header = safeImageUrl(theme.header_image_focused);
  const style = {
    '--blog-bg': bg,
    '--blog-fg': accessibleTextOn(bg),
    '--blog-title': themeColorOn(theme.title_color, bg, 3),
    '--blog-title-weight': String(titleFontWeight(theme)),
  } as CSSProperties;
  return (
    <div className="tl-tutorial__blog" style={style}>
      <div className="tl-tutorial__blog-header">{header && <img src={header} alt="" decoding="async" />}</div>
      <Avatar name={data.name} size={48} shape={theme.avatar_shape} decorative avatar_url={data.avatar_url} />
      <p className="tl-tutorial__blog-title">{data.title}</p>
      {data.description && <p className="tl-tutorial__blog-description">{data.description}</p>}
    </div>
  );
}
