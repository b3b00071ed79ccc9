/**
 * The page's one docked-media gutter (spec messaging-and-browsing §1, §4, §5; the rules in
 * model/gutter.ts). Only <video-player> docks, so the store lives beside it, not in src/.
 *
 * How a player docks: the <video-player> element itself moves to the end of <body> and becomes the
 * gutter (fixed at the page's right side, `:host([docked])` in styles.css); a placeholder of the
 * same size takes its place in the post. The move happens within one task, so its component is
 * never unmounted (src/core/define-widget.ts) and the <video> inside is the same element, playing on, with the same source
 * (an hls.js MediaSource included). Why the end of <body>: the gutter must outlive where the player
 * was — <peepr-drawer> unmounts its posts when it closes, and a player docked from the drawer must
 * keep playing after that; the drawer's sheet is also transformed, which would make `position:
 * fixed` relative to it. Why the element itself rather than a copy: a copy would start the media
 * again (buffering, a new conversion log, lost position); the element keeps everything.
 *
 * While <peepr-drawer> is open (a modal <dialog>: the page around it is inert and under its glass),
 * the docked view is covered and plays on; it is back in reach when the drawer closes.
 *
 * Its own chunk, loaded on the Dock control's intent (a pointer over it, focus on it): the store of
 * the docked view is state/docked.ts, which every player reads.
 */
import { adoptStyles } from '../../../src/core/styles';
import { adoptGutterStyles } from '../gutter-styles';
import { prefersReducedMotion } from '../../../src/ui/reduced-motion';
import {
  GUTTER_TEXT,
  MOVE_STALL_CHECK_MS,
  MOVE_STALL_WATCH_MS,
  decideDock,
  focusAfterUndock,
  gutterBox,
  gutterTransition,
  hasRightColumn,
  stalledSince,
  undockOutcome,
  type DockCandidate,
  type DockDecision,
  type UndockReason,
} from '../model/gutter';
import { $dockedVideo, placeInPage, type DockedView } from './docked';

/** Listeners of the docked view, removed when it ends. */
let teardown: (() => void) | null = null;
/** The element the viewer was on last outside the gutter (focus goes back there when needed). */
let previousFocus: Element | null = null;

const TAG = 'video-player';

/** Plays a video again whose clock a move stopped (model/gutter.ts says which engine, and why). */
function resumeIfStalled(host: HTMLElement): void {
  const media = host.shadowRoot?.querySelector('video');
  if (!media || media.paused) return;
  let previous = media.currentTime;
  let watched = 0;
  const timer = setInterval(() => {
    watched += MOVE_STALL_CHECK_MS;
    if (!media.isConnected || media.paused || watched > MOVE_STALL_WATCH_MS) return clearInterval(timer);
    if (stalledSince(previous, media)) void media.play().catch(() => undefined);
    previous = media.currentTime;
  }, MOVE_STALL_CHECK_MS);
}

/** The gutter's box for the page's layout, read where the docked player now sits (it inherits from the page). */
function applyBox(host: HTMLElement): void {
  const box = gutterBox(hasRightColumn(getComputedStyle(host).getPropertyValue('--tl-right-column')));
  host.style.setProperty('--_tl-gutter-right', `${box.rightPx}px`);
  host.style.setProperty('--_tl-gutter-width', `${box.widthPx}px`);
}

const OWN_PROPERTIES = ['--_tl-gutter-right', '--_tl-gutter-width', '--_tl-gutter-from', '--_tl-gutter-transition'];

function createPlaceholder(host: HTMLElement, styles: string | undefined): HTMLElement {
  const box = host.getBoundingClientRect();
  const placeholder = document.createElement('div');
  placeholder.setAttribute('data-tl-docked-placeholder', '');
  // The same box as the player had, so nothing on the page moves (a post, or the drawer's list).
  if (box.width > 0 && box.height > 0) {
    placeholder.style.setProperty('--_tl-video-ratio', (box.width / box.height).toFixed(5));
    placeholder.style.width = `${Math.round(box.width)}px`;
    placeholder.style.maxWidth = '100%';
  }
  // The player's own stylesheet styles it (a black box of the player's shape); the player renders
  // its content through a portal (VideoPlayer.tsx), so its text and button are React's.
  const root = placeholder.attachShadow({ mode: 'open' });
  adoptStyles(root, TAG, styles);
  adoptGutterStyles(root);
  return placeholder;
}

/**
 * Docks `host` (the viewer pressed Dock): evicts the docked view if there is one, leaves a
 * placeholder in its place and moves it into the gutter. Returns the model's decision.
 */
export function dockPlayer(view: {
  host: HTMLElement;
  candidate: DockCandidate;
  styles: string | undefined;
  onUndock: DockedView['onUndock'];
}): DockDecision {
  const { host } = view;
  const current = $dockedVideo.get();
  const decision = decideDock(current?.id ?? null, view.candidate);
  if (decision.kind !== 'dock') return decision;
  if (current) endDockedView('evicted');

  // Its docked rules (`:host([docked])`, the bar) before it is docked.
  if (host.shadowRoot) adoptGutterStyles(host.shadowRoot);
  const from = Math.round(host.getBoundingClientRect().width);
  const placeholder = createPlaceholder(host, view.styles);
  const reducedMotion = prefersReducedMotion();
  if (from > 0) host.style.setProperty('--_tl-gutter-from', `${from}px`);
  host.style.setProperty('--_tl-gutter-transition', gutterTransition(reducedMotion));
  host.replaceWith(placeholder);
  // Its width in the post first, so the width transition (990 ms) runs from there to 300 px.
  host.setAttribute('docked', reducedMotion ? '' : 'entering');
  document.body.append(host);
  applyBox(host);
  if (!reducedMotion) {
    void host.getBoundingClientRect(); // that style is the transition's start
    host.setAttribute('docked', '');
  }
  host.setAttribute('role', 'region');
  host.setAttribute('aria-label', GUTTER_TEXT.region);
  resumeIfStalled(host);

  previousFocus = null;
  const onResize = () => applyBox(host);
  const onFocusIn = (event: FocusEvent) => {
    if (event.target !== host) previousFocus = event.composedPath()[0] as Element;
  };
  window.addEventListener('resize', onResize);
  document.addEventListener('focusin', onFocusIn);
  teardown = () => {
    window.removeEventListener('resize', onResize);
    document.removeEventListener('focusin', onFocusIn);
  };
  $dockedVideo.set({ id: view.candidate.id, host, placeholder, onUndock: view.onUndock });
  return decision;
}

/** What dockFrame() sets on a frame, with !important: the page's own rules about its iframes are beaten. */
const FRAME_PROPERTIES = [
  'position',
  'top',
  'right',
  'bottom',
  'left',
  'z-index',
  'width',
  'height',
  'max-width',
  'margin',
  'border',
  'border-radius',
  'box-shadow',
  'aspect-ratio',
  'transition',
];

/**
 * Docks an embedded player's <iframe> (state/frame-host.ts, asked over the message bridge). A frame
 * that moves in the DOM loads its page again (every engine), so unlike a <video-player> it stays
 * where it is and is fixed into the gutter by its style; a placeholder of its size keeps its box in
 * the post. Set through the CSSOM (a strict CSP allows that, not a style attribute). Its dock bar
 * is the player's own, inside the frame, `barPx` tall.
 */
export function dockFrame(view: {
  frame: HTMLIFrameElement;
  id: string;
  /** The frame's height at a width (the video's shape plus its dock bar). */
  heightAt(widthPx: number): number;
  /** The player's stylesheet, for the placeholder (a black box saying where the video went). */
  styles: string | undefined;
  onUndock: DockedView['onUndock'];
  /** Back in its post, without the gutter's style: the page gives it its own shape again. */
  onRestored(): void;
}): DockDecision {
  const { frame } = view;
  const current = $dockedVideo.get();
  const decision = decideDock(current?.id ?? null, { id: view.id, playable: true, fullscreen: false });
  if (decision.kind !== 'dock') return decision;
  if (current) endDockedView('evicted');

  const box = frame.getBoundingClientRect();
  const placeholder = document.createElement('div');
  placeholder.setAttribute('data-tl-docked-placeholder', '');
  placeholder.style.width = `${Math.round(box.width)}px`;
  placeholder.style.maxWidth = '100%';
  placeholder.style.height = `${Math.round(box.height)}px`;
  // What a <video-player>'s placeholder says (Gutter.tsx), without React: the page side of the
  // bridge has no component of its own.
  const root = placeholder.attachShadow({ mode: 'open' });
  adoptStyles(root, TAG, view.styles);
  adoptGutterStyles(root);
  const note = document.createElement('div');
  note.className = 'docked-note';
  const text = document.createElement('p');
  text.className = 'docked-note__text';
  text.textContent = GUTTER_TEXT.placeholder;
  const back = document.createElement('button');
  back.type = 'button';
  back.className = 'tl-button docked-note__return';
  back.textContent = GUTTER_TEXT.returnHere;
  back.addEventListener('click', () => endDockedView('return'));
  note.append(text, back);
  root.append(note);
  frame.before(placeholder);

  const reducedMotion = prefersReducedMotion();
  const set = (property: string, value: string) => frame.style.setProperty(property, value, 'important');
  const place = (width?: number) => {
    const gutter = gutterBox(hasRightColumn(getComputedStyle(frame).getPropertyValue('--tl-right-column')));
    set('width', `${width ?? gutter.widthPx}px`);
    set('height', `${view.heightAt(gutter.widthPx)}px`);
    set('right', `${gutter.rightPx}px`);
  };
  set('position', 'fixed');
  set('top', 'var(--tl-gutter-top, 16px)');
  set('bottom', 'auto');
  set('left', 'auto');
  set('z-index', '2147481000');
  set('max-width', 'none');
  set('margin', '0');
  set('border', '0');
  set('border-radius', '8px');
  set('box-shadow', '0 10px 30px rgba(0, 0, 0, 0.35), 0 0 0 1px rgba(255, 255, 255, 0.1)');
  set('aspect-ratio', 'auto');
  set('transition', gutterTransition(reducedMotion));
  // From its width in the post to the gutter's (990 ms), as a <video-player> does.
  place(reducedMotion ? undefined : Math.round(box.width) || undefined);
  if (!reducedMotion) {
    void frame.getBoundingClientRect();
    place();
  }
  frame.setAttribute('data-tl-docked', '');

  previousFocus = null;
  const onResize = () => place();
  window.addEventListener('resize', onResize);
  teardown = () => window.removeEventListener('resize', onResize);
  $dockedVideo.set({
    id: view.id,
    host: frame,
    placeholder,
    onUndock: view.onUndock,
    restore: () => {
      for (const property of FRAME_PROPERTIES) frame.style.removeProperty(property);
      frame.removeAttribute('data-tl-docked');
      placeholder.remove();
      view.onRestored();
    },
  });
  return decision;
}

/** Ends the docked view (Return, Close, Escape, or a new dock evicting it); see model/gutter.ts. */
export function endDockedView(reason: UndockReason): void {
  const view = $dockedVideo.get();
  if (!view) return;
  const { host, placeholder } = view;
  const outcome = undockOutcome(reason, placeInPage(view));
  const focusInside = host.shadowRoot?.activeElement != null || document.activeElement === host;
  teardown?.();
  teardown = null;
  $dockedVideo.set(null);
  view.onUndock(reason, outcome.pause);

  host.removeAttribute('docked');
  host.removeAttribute('role');
  host.removeAttribute('aria-label');
  for (const property of OWN_PROPERTIES) host.style.removeProperty(property);
  if (view.restore) {
    view.restore();
  } else if (outcome.move === 'place') {
    placeholder.replaceWith(host);
  } else {
    host.remove();
    placeholder.remove();
  }

  const previous = previousFocus;
  previousFocus = null;
  const previousThere = previous instanceof HTMLElement && previous.isConnected && !previous.closest('[inert]');
  switch (focusAfterUndock(focusInside, outcome.move, previousThere)) {
    case 'player':
      host.shadowRoot?.querySelector<HTMLElement>('[part="player"]')?.focus();
      break;
    case 'previous':
      (previous as HTMLElement).focus();
      break;
    case 'main':
      focusMain();
      break;
    case 'leave':
      break;
  }
}

/** The page's main content, or its first focusable element: somewhere, never <body>. */
function focusMain(): void {
  const main = document.querySelector<HTMLElement>('main, [role="main"]');
  if (main) {
    if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
    main.focus();
    return;
  }
  document.querySelector<HTMLElement>('a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])')?.focus();
}

/** The docked player left the page some other way (the page removed it): forget it, and its placeholder. */
export function forgetDockedPlayer(host: HTMLElement): void {
  const view = $dockedVideo.get();
  if (view?.host !== host || host.isConnected) return;
  teardown?.();
  teardown = null;
  previousFocus = null;
  $dockedVideo.set(null);
  view.placeholder.remove();
}
