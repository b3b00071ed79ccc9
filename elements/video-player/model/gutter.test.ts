import { describe, expect, it } from 'vitest';
import {
  GUTTER,
  decideDock,
  focusAfterUndock,
  gutterBox,
  gutterMargin,
  gutterTransition,
  hasRightColumn,
  stalledSince,
  undockOutcome,
  type DockCandidate,
} from './gutter';

const player = (id: string, patch: Partial<DockCandidate> = {}): DockCandidate => ({ id, playable: true, fullscreen: false, ...patch });

describe('gutter geometry (spec §5)', () => {
  it('is 300 wide with a 990 ms width transition', () => {
    expect(GUTTER.widthPx).toBe(300);
    expect(gutterTransition(false)).toBe('width 990ms ease');
  });

  it('has no transition under reduced motion', () => {
    expect(gutterTransition(true)).toBe('none');
  });

  it('keeps 17 px from the edge with a right column, -65 px without', () => {
    expect(gutterMargin(true)).toBe(17);
    expect(gutterMargin(false)).toBe(-65);
  });

  it('keeps the view on screen: at -65 px it is the 235 px of the gutter inside the window', () => {
    expect(gutterBox(true)).toEqual({ rightPx: 17, widthPx: 300 });
    expect(gutterBox(false)).toEqual({ rightPx: 0, widthPx: 235 });
  });

  it('reads the page’s --tl-right-column: only "none" means no right column', () => {
    expect(hasRightColumn('none')).toBe(false);
    expect(hasRightColumn('  NONE ')).toBe(false);
    expect(hasRightColumn('')).toBe(true);
    expect(hasRightColumn(null)).toBe(true);
    expect(hasRightColumn(undefined)).toBe(true);
    expect(hasRightColumn('present')).toBe(true);
    expect(gutterMargin(hasRightColumn(' none'))).toBe(-65);
  });
});

describe('one docked view at a time (spec §4)', () => {
  it('docks into an empty gutter', () => {
    expect(decideDock(null, player('a'))).toEqual({ kind: 'dock', evict: null });
  });

  it('a new view evicts the docked one', () => {
    expect(decideDock('a', player('b'))).toEqual({ kind: 'dock', evict: 'a' });
  });

  it('docking the docked view again changes nothing', () => {
    expect(decideDock('a', player('a'))).toEqual({ kind: 'already-docked' });
    // Not even when it has since failed: it is already there.
    expect(decideDock('a', player('a', { playable: false }))).toEqual({ kind: 'already-docked' });
  });

  it('a player with nothing to play, or a fullscreen one, cannot dock: the docked view stays', () => {
    expect(decideDock('a', player('b', { playable: false }))).toEqual({ kind: 'refused', reason: 'not-playable' });
    expect(decideDock(null, player('b', { playable: false }))).toEqual({ kind: 'refused', reason: 'not-playable' });
    expect(decideDock('a', player('b', { fullscreen: true }))).toEqual({ kind: 'refused', reason: 'fullscreen' });
  });
});

describe('how a docked view ends', () => {
  it('Return goes back to its place and plays on', () => {
    expect(undockOutcome('return', true)).toEqual({ move: 'place', pause: false });
  });

  it('Close and eviction stop it and put it back in its place', () => {
    expect(undockOutcome('close', true)).toEqual({ move: 'place', pause: true });
    expect(undockOutcome('evicted', true)).toEqual({ move: 'place', pause: true });
  });

  it('with its place gone (the drawer closed), it stops and leaves the page, whatever the reason', () => {
    for (const reason of ['return', 'close', 'evicted'] as const)
      expect(undockOutcome(reason, false)).toEqual({ move: 'remove', pause: true });
  });
});

describe('focus after a docked view ends', () => {
  it('is left alone when it was elsewhere (a Dock press on another player evicted this one)', () => {
    expect(focusAfterUndock(false, 'place', true)).toBe('leave');
    expect(focusAfterUndock(false, 'remove', false)).toBe('leave');
  });

  it('follows the player back to its place', () => {
    expect(focusAfterUndock(true, 'place', true)).toBe('player');
  });

  it('goes back to where the viewer came from, or to the main content, never nowhere', () => {
    expect(focusAfterUndock(true, 'remove', true)).toBe('previous');
    expect(focusAfterUndock(true, 'remove', false)).toBe('main');
  });
});

describe('a clock stalled by a move (WebKitGTK)', () => {
  it('is a playing video whose time has not moved', () => {
    expect(stalledSince(1.5, { currentTime: 1.5, paused: false, ended: false })).toBe(true);
    expect(stalledSince(1.5, { currentTime: 1.9, paused: false, ended: false })).toBe(false);
    expect(stalledSince(1.5, { currentTime: 1.5, paused: true, ended: false })).toBe(false);
    expect(stalledSince(8, { currentTime: 8, paused: false, ended: true })).toBe(false);
  });
});
