/**
 * The docked-media gutter's rules (spec messaging-and-browsing §1 "a gutter for docked media", §4
 * "Docked gutter view", §5 "Gutter"). Pure: no DOM, no React. state/gutter.ts carries them out.
 *
 * What the spec fixes: one docked view at a time, a new one replaces the old; the gutter is 300 px
 * wide, 17 px from the page's right edge (-65 px when the page has no right column), and its width
 * transitions over 990 ms. What it leaves open, and how we read it, is written beside each rule.
 */

export const GUTTER = {
  widthPx: 300,
  marginPx: 17,
  /** The margin when the page has no right column (spec §5). */
  marginWithoutRightColumnPx: -65,
  transitionMs: 990,
} as const;

/**
 * Whether the page has a right column, from the value of its `--tl-right-column` CSS custom
 * property (read on the docked player, so it inherits from `:root` or `body` and can change in a
 * media query, as a layout that drops its sidebar on narrow screens does). `none` says there is
 * none; anything else, or nothing, counts as a right column: a page that says nothing gets the
 * 17 px margin, which keeps the whole view on screen.
 */
export function hasRightColumn(declared: string | null | undefined): boolean {
  return (declared ?? '').trim().toLowerCase() !== 'none';
}

/** The gutter's right margin in px (spec §5). */
export function gutterMargin(rightColumn: boolean): number {
  return rightColumn ? GUTTER.marginPx : GUTTER.marginWithoutRightColumnPx;
}

/**
 * The docked view's box on screen. The spec's gutter is 300 px wide at its margin; at -65 px its
 * last 65 px would lie beyond the window's edge, and with them the Close button and the right of
 * the picture (seen on the demo dashboard below 941 px). So the view takes the part of that gutter
 * that is on the screen: 235 px wide against the edge. With a right column: 300 px, 17 px in.
 */
export function gutterBox(rightColumn: boolean): { rightPx: number; widthPx: number } {
  const margin = gutterMargin(rightColumn);
  return { rightPx: Math.max(0, margin), widthPx: GUTTER.widthPx + Math.min(0, margin) };
}

/**
 * The width transition (spec §5: 990 ms), or none when the viewer asked for reduced motion. It runs
 * from the width the player had in its post to the gutter's 300 px, never from 0. Traced in
 * WebKitGTK with a muted video started by script (as autoplay starts it): growing from 0 wide, the
 * docked video's clock froze (`paused` false, `readyState` 4) and stayed frozen, from the first or
 * second dock of a run on; from the post's width, 16 docks and returns in a row played on, as they
 * do with no transition. (WebKit suspends muted autoplay that is not visible; a 0-wide player is not.)
 */
export function gutterTransition(reducedMotion: boolean): string {
  return reducedMotion ? 'none' : `width ${GUTTER.transitionMs}ms ease`;
}

/** A player as the docking rules see it. */
export interface DockCandidate {
  /** Tells players apart (the player's instance id; two players of one post are two views). */
  id: string;
  /** It has something to play and no error overlay. */
  playable: boolean;
  /** It is fullscreen (fullscreen is left first; the gutter is not a place for it). */
  fullscreen: boolean;
}

export type DockDecision =
  { kind: 'dock'; evict: string | null } | { kind: 'already-docked' } | { kind: 'refused'; reason: 'not-playable' | 'fullscreen' };

/**
 * Spec §4: "only one at a time; a new one replaces the old unless always-evict rules block it".
 * The spec names always-evict rules without defining them. Every dock here is a viewer pressing
 * Dock, the newest intent, so the rule is: the docked view is always evicted by a new one. What
 * blocks a dock is the incoming player itself: one with nothing to play (no source, an error) or
 * one that is fullscreen; then the docked view stays.
 */
export function decideDock(docked: string | null, incoming: DockCandidate): DockDecision {
  if (docked === incoming.id) return { kind: 'already-docked' };
  if (!incoming.playable) return { kind: 'refused', reason: 'not-playable' };
  if (incoming.fullscreen) return { kind: 'refused', reason: 'fullscreen' };
  return { kind: 'dock', evict: docked };
}

/**
 * How a docked view ends: `return` (the viewer's "Return to post": it goes back and plays on),
 * `close` (the gutter's Close, or Escape in it) or `evicted` (a new dock replaced it).
 */
export type UndockReason = Exclude<DockChange, 'dock'>;

/** Why `tl-video-dock` went out: docked, or one of the ways a docked view ends (written out: the generated typings copy it as it is). */
export type DockChange = 'dock' | 'return' | 'close' | 'evicted';

export interface UndockOutcome {
  /** `place`: back where it was in the page (or the drawer); `remove`: taken off the page. */
  move: 'place' | 'remove';
  /** Paused first (as a viewer's pause: an autoplaying video does not start again by itself). */
  pause: boolean;
}

/**
 * A closed or evicted view stops and goes back to its place, so the post is whole again and the
 * viewer can play it there; a returned one plays on in its place. When its place has left the page
 * (the drawer it came from closed, or the page removed the post) there is nowhere to go back to:
 * it stops and is taken off the page.
 */
export function undockOutcome(reason: UndockReason, placeInPage: boolean): UndockOutcome {
  if (!placeInPage) return { move: 'remove', pause: true };
  return { move: 'place', pause: reason !== 'return' };
}

/**
 * Where focus goes when a docked view ends while focus was inside it (never nowhere, which would
 * leave it on <body>): the player itself when it went back to its place; else the element the
 * viewer was on before coming into the gutter, when it is still on the page; else the page's main
 * content. Focus elsewhere on the page (a new Dock press evicting this view) is left alone.
 */
export function focusAfterUndock(
  focusInside: boolean,
  move: UndockOutcome['move'],
  previousStillThere: boolean,
): 'leave' | 'player' | 'previous' | 'main' {
  if (!focusInside) return 'leave';
  if (move === 'place') return 'player';
  return previousStillThere ? 'previous' : 'main';
}

/**
 * After a move, WebKitGTK (GStreamer) sometimes stops the clock of a video that had only just
 * started: `paused` false, `readyState` 4, the time frozen, and still frozen a second later; play()
 * starts it again (traced: 2 of 8 docks of a video 0.03 s into playback; Chromium and Firefox
 * never). So for a while after each move the clock is checked, and a playing video whose time has
 * not moved since the last check is played again.
 */
export const MOVE_STALL_CHECK_MS = 400;
export const MOVE_STALL_WATCH_MS = 3000;

/** Whether a video that should be playing has stalled: not paused, not ended, and its time has not moved. */
export function stalledSince(previousTime: number, media: { currentTime: number; paused: boolean; ended: boolean }): boolean {
  return !media.paused && !media.ended && media.currentTime === previousTime;
}

/** What the live region says, and what the gutter's controls are called (the Dock control's own name: model/dock-label.ts). */
export const GUTTER_TEXT = {
  docked: 'Docked to the side of the page',
  returned: 'Back in its post',
  closed: 'Docked video closed',
  /** The placeholder left in the post. */
  placeholder: 'Playing in the docked player at the side of the page.',
  returnHere: 'Return video here',
  returnToPost: 'Return video to its post',
  close: 'Close docked video',
  region: 'Docked video',
} as const;
