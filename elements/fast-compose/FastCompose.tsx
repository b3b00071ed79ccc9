/**
 * <fast-compose>: the fast compose overlay (spec §2). A row of the seven post types
 * in spec order; opened by Alt+c (Mac) / z+c (elsewhere) anywhere on the page, by
 * the header's compose button ($fastComposeOpen) or the `open` attribute. Keys:
 * c / → / Tab next, Shift+c / ← / Shift+Tab previous, Enter creates the selected
 * type ($composer + `tl-compose`), Escape closes. Logged-in users only.
 * Rules: elements/fast-compose/model/rules.ts. See README "fast-compose".
 */
import type { ContractProps } from '../../src/core/contract';
import type { contract } from './contract';
import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import { useStore } from '@nanostores/react';
import { useWidget } from '../../src/core/widget-context';
import { Events } from '../../src/core/events';
import { $session } from '../../src/session/session';
import { openComposer } from '../../src/stores/composer';
import { prefersReducedMotion } from '../../src/ui/reduced-motion';
import { $fastComposeOpen, registerFastCompose } from '../../src/stores/fast-compose';
import { logEvent } from '../../src/bus/log';
import { Dialog } from '../../src/ui/Dialog';
import { deepActiveElement } from '../../src/ui/deep-active-element';
import {
  POST_TYPES,
  SHORTCUT_IDLE,
  iconDelayMs,
  iconDurationMs,
  isMacPlatform,
  overlayKey,
  shortcutKeyDown,
  shortcutKeyUp,
  type PostType,
} from './model/rules';
import { isTypingPath, type PathNode } from '../../src/models/typing';
import { POST_TYPE_LABELS } from '../../src/models/post-types';
import styles from './styles.css';

export { styles };

/** Its attributes, parsed (declared once, in contract.ts). */
export type FastComposeProps = ContractProps<typeof contract>;

const GLYPHS: Record<PostType, string> = { text: 'Aa', photo: '◉', quote: '❝', link: '∞', chat: '☰', audio: '♫', video: '▶' };

function platform(): string {
  const nav = navigator as Navigator & { userAgentData?: { platform?: string } };
  return nav.userAgentData?.platform || nav.platform || '';
}

export default function FastCompose({ open }: FastComposeProps) {
  const { announce } = useWidget();
  const session = useStore($session);
  const storeOpen = useStore($fastComposeOpen);
  const loggedIn = session.user !== null;
  const isOpen = loggedIn && storeOpen;
  const [index, setIndex] = useState(0);
  const [reduced, setReduced] = useState(prefersReducedMotion);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const returnFocus = useRef<Element | null>(null);
  const source = useRef<'shortcut' | 'header' | 'attribute'>('shortcut');

  useEffect(() => registerFastCompose(), []);

  // Where focus was when the overlay was asked for (the store fires before React renders
  // and the dialog takes focus), so closing can give it back — through shadow roots.
  useEffect(
    () =>
      $fastComposeOpen.listen((value) => {
        if (value && !returnFocus.current) returnFocus.current = deepActiveElement(document);
      }),
    [],
  );

  const show = useCallback((from: 'shortcut' | 'header' | 'attribute') => {
    if ($session.get().user === null) return;
    source.current = from;
    $fastComposeOpen.set(true);
  }, []);
  const close = useCallback(() => $fastComposeOpen.set(false), []);

  // The `open` attribute opens and closes the overlay (only on change: the store may be opened by others).
  const lastOpenProp = useRef<boolean | undefined>(undefined);
  useEffect(() => {
    const prev = lastOpenProp.current;
    lastOpenProp.current = !!open;
    if (prev === !!open) return;
    if (open) show('attribute');
    else if (prev) close();
  }, [open, show, close]);

  // Opening and closing: focus, events.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (isOpen === wasOpen.current) return;
    wasOpen.current = isOpen;
    if (isOpen) {
      setReduced(prefersReducedMotion());
      announce(Events.fastComposeOpen, { source: source.current });
      source.current = 'header';
    } else {
      // Reset here, not on opening: there the focus effect below would first focus the old
      // selection, whose onFocus would set it back (it reopened on the type chosen last time).
      setIndex(0);
      announce(Events.fastComposeClose, {});
      const back = returnFocus.current;
      returnFocus.current = null;
      if (back instanceof HTMLElement && back.isConnected) back.focus({ preventScroll: true });
    }
  }, [isOpen, announce]);

  // Logging out closes it.
  useEffect(() => {
    if (!loggedIn && $fastComposeOpen.get()) close();
  }, [loggedIn, close]);

  // The page-wide shortcut. composedPath() sees through open shadow roots, so typing in
  // another element's input never opens the overlay.
  useEffect(() => {
    if (!loggedIn) return;
    let state = SHORTCUT_IDLE;
    // Read once, not at every key of every field on the page (it showed in a typing profile).
    const mac = isMacPlatform(platform());
    const onKeyDown = (event: KeyboardEvent) => {
      if ($fastComposeOpen.get() || event.defaultPrevented) return;
      const typing = isTypingPath(event.composedPath() as unknown as PathNode[]);
      const result = shortcutKeyDown(state, event, { mac, typing });
      state = result.state;
      if (result.open) {
        event.preventDefault();
        source.current = 'shortcut';
        show('shortcut');
      }
    };
    const onKeyUp = (event: KeyboardEvent) => {
      state = shortcutKeyUp(state, event);
    };
    const onBlur = () => {
      state = SHORTCUT_IDLE;
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('keyup', onKeyUp);
    window.addEventListener('blur', onBlur);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('keyup', onKeyUp);
      window.removeEventListener('blur', onBlur);
    };
  }, [loggedIn, show]);

  // Focus follows the selection.
  useEffect(() => {
    if (isOpen) buttons.current[index]?.focus({ preventScroll: true });
  }, [isOpen, index]);

  const create = (type: PostType) => {
    // The form gives the focus back to what opened this overlay: the icon focused now goes with it.
    const back = returnFocus.current;
    openComposer(type, 'fast-compose', back instanceof HTMLElement && back.isConnected ? back : undefined);
    announce(Events.compose, { type, source: 'fast-compose' });
    logEvent('fast_compose', { type });
    close();
  };

  if (!isOpen) return null;

  return (
    <Dialog open onCancel={close} dismissOnBackdrop className="overlay" labelledBy="fast-compose-title">
      <div
        className="panel"
        part="panel"
        onKeyDown={(event) => {
          const result = overlayKey(index, event);
          if (!result.handled) return;
          event.preventDefault();
          event.stopPropagation();
          if (result.effect.kind === 'move') setIndex(result.index);
          else if (result.effect.kind === 'create') create(result.effect.type);
          else if (result.effect.kind === 'close') close();
        }}
        onClick={(event) => {
          if (event.target === event.currentTarget) close();
        }}
      >
        <h2 className="tl-visually-hidden" id="fast-compose-title">
          Create a post
        </h2>
        <div className="icons" role="toolbar" aria-label="Post types" aria-orientation="horizontal" part="icons">
          {POST_TYPES.map((type, i) => (
            <button
              key={type}
              ref={(node) => void (buttons.current[i] = node)}
              type="button"
              className={`icon icon--${type}${i === index ? ' is-selected' : ''}`}
              part={`icon icon-${type}`}
              data-type={type}
              tabIndex={i === index ? 0 : -1}
              style={{ '--delay': `${iconDelayMs(i, reduced)}ms`, '--duration': `${iconDurationMs(reduced)}ms` } as CSSProperties}
              onClick={() => create(type)}
              onFocus={() => setIndex(i)}
            >
              <span className="icon__glyph" aria-hidden="true">
                {GLYPHS[type]}
              </span>
              <span className="icon__label">{POST_TYPE_LABELS[type]}</span>
            </button>
          ))}
        </div>
        <p className="hint" aria-hidden="true">
          <kbd>←</kbd> <kbd>→</kbd> choose · <kbd>Enter</kbd> create · <kbd>Esc</kbd> close
        </p>
      </div>
    </Dialog>
  );
}
