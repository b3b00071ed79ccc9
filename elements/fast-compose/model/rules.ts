/**
 * <fast-compose> rules, no DOM: the seven post types in spec order, the page-wide
 * shortcut (Alt+c on Mac, z+c elsewhere) and the overlay's keys as a pure reducer.
 */
import type { PostType as FormPostType } from '../../../src/models/post-types';

/** Spec order of the overlay's icons: the post form's types but the answer post. */
export const POST_TYPES = ['text', 'photo', 'quote', 'link', 'chat', 'audio', 'video'] as const satisfies readonly FormPostType[];
export type PostType = (typeof POST_TYPES)[number];

/** Spec: 150 ms per icon, 50 ms stagger. */
export const FAST_COMPOSE_ICON_MS = 150;
export const FAST_COMPOSE_STAGGER_MS = 50;

/** When the i-th icon starts its entrance (0 with reduced motion: no animation at all). */
export function iconDelayMs(index: number, reducedMotion: boolean): number {
  return reducedMotion ? 0 : index * FAST_COMPOSE_STAGGER_MS;
}
export function iconDurationMs(reducedMotion: boolean): number {
  return reducedMotion ? 0 : FAST_COMPOSE_ICON_MS;
}

/** The parts of a KeyboardEvent the rules read. */
export interface KeyInput {
  key: string;
  /** Physical key (`KeyC`): Alt+c on a Mac types 'ç', so the shortcut reads the code. */
  code?: string;
  shiftKey?: boolean;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  repeat?: boolean;
}

export function isMacPlatform(platform: string | undefined | null): boolean {
  return /mac|iphone|ipad|ipod/i.test(platform ?? '');
}

const isC = (k: KeyInput) => k.code === 'KeyC' || k.key === 'c' || k.key === 'C';
const isZ = (k: KeyInput) => k.code === 'KeyZ' || k.key === 'z' || k.key === 'Z';

/** Page-wide shortcut state: z is held down (z+c on non-Mac platforms). */
export interface ShortcutState {
  zHeld: boolean;
}
export const SHORTCUT_IDLE: ShortcutState = { zHeld: false };

/**
 * A keydown anywhere on the page. `typing` is true when the event comes from an
 * input, textarea, select or contenteditable (of the page or of any shadow root):
 * then nothing happens and nothing is armed.
 */
export function shortcutKeyDown(
  state: ShortcutState,
  k: KeyInput,
  opts: { mac: boolean; typing: boolean },
): { state: ShortcutState; open: boolean } {
  if (opts.typing || k.ctrlKey || k.metaKey) return { state: SHORTCUT_IDLE, open: false };
  if (opts.mac) {
    return { state: SHORTCUT_IDLE, open: !!k.altKey && !k.shiftKey && isC(k) && !k.repeat };
  }
  if (k.altKey) return { state: SHORTCUT_IDLE, open: false };
  if (isZ(k) && !k.shiftKey) return { state: { zHeld: true }, open: false };
  if (state.zHeld && isC(k) && !k.shiftKey && !k.repeat) return { state, open: true };
  return { state: isZ(k) ? state : SHORTCUT_IDLE, open: false };
}

/** Releasing z disarms z+c. */
export function shortcutKeyUp(state: ShortcutState, k: KeyInput): ShortcutState {
  return isZ(k) ? SHORTCUT_IDLE : state;
}

export type OverlayEffect = { kind: 'none' } | { kind: 'move' } | { kind: 'create'; type: PostType } | { kind: 'close' };

/**
 * A key inside the open overlay. c, → and Tab go to the next icon; Shift+c, ← and
 * Shift+Tab to the previous (both wrap); Enter creates the selected type; Escape
 * closes. `handled` says whether the event should be prevented.
 */
export function overlayKey(index: number, k: KeyInput): { index: number; effect: OverlayEffect; handled: boolean } {
  const n = POST_TYPES.length;
  const at = ((index % n) + n) % n;
  if (k.ctrlKey || k.metaKey || k.altKey) return { index: at, effect: { kind: 'none' }, handled: false };
  const next = (at + 1) % n;
  const prev = (at - 1 + n) % n;
  if (k.key === 'ArrowRight' || (k.key === 'Tab' && !k.shiftKey) || (isC(k) && !k.shiftKey))
    return { index: next, effect: { kind: 'move' }, handled: true };
  if (k.key === 'ArrowLeft' || (k.key === 'Tab' && k.shiftKey) || (isC(k) && k.shiftKey))
    return { index: prev, effect: { kind: 'move' }, handled: true };
  if (k.key === 'Enter') return { index: at, effect: { kind: 'create', type: POST_TYPES[at]! }, handled: true };
  if (k.key === 'Escape') return { index: at, effect: { kind: 'close' }, handled: true };
  return { index: at, effect: { kind: 'none' }, handled: false };
}
