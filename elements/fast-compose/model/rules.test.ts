import { describe, expect, it } from 'vitest';
import {
  POST_TYPES,
  SHORTCUT_IDLE,
  iconDelayMs,
  iconDurationMs,
  isMacPlatform,
  overlayKey,
  shortcutKeyDown,
  shortcutKeyUp,
  type KeyInput,
} from './rules';

const key = (k: string, extra: Partial<KeyInput> = {}): KeyInput => ({
  key: k,
  code: /^[a-z]$/i.test(k) ? `Key${k.toUpperCase()}` : k,
  ...extra,
});

describe('post types and animation', () => {
  it('lists the seven types in spec order', () => {
    expect(POST_TYPES).toEqual(['text', 'photo', 'quote', 'link', 'chat', 'audio', 'video']);
  });
  it('staggers icons 50 ms apart, 150 ms each, and not at all with reduced motion', () => {
    expect(POST_TYPES.map((_, i) => iconDelayMs(i, false))).toEqual([0, 50, 100, 150, 200, 250, 300]);
    expect(iconDurationMs(false)).toBe(150);
    expect(POST_TYPES.map((_, i) => iconDelayMs(i, true)).every((d) => d === 0)).toBe(true);
    expect(iconDurationMs(true)).toBe(0);
  });
});

describe('page shortcut', () => {
  it('opens with z+c on non-Mac platforms while z is held', () => {
    let r = shortcutKeyDown(SHORTCUT_IDLE, key('z'), { mac: false, typing: false });
    expect(r.open).toBe(false);
    r = shortcutKeyDown(r.state, key('c'), { mac: false, typing: false });
    expect(r.open).toBe(true);
    // releasing z disarms it
    const released = shortcutKeyUp(r.state, key('z'));
    expect(shortcutKeyDown(released, key('c'), { mac: false, typing: false }).open).toBe(false);
    // c alone, or another key in between, does nothing
    expect(shortcutKeyDown(SHORTCUT_IDLE, key('c'), { mac: false, typing: false }).open).toBe(false);
    const other = shortcutKeyDown(shortcutKeyDown(SHORTCUT_IDLE, key('z'), { mac: false, typing: false }).state, key('x'), {
      mac: false,
      typing: false,
    });
    expect(shortcutKeyDown(other.state, key('c'), { mac: false, typing: false }).open).toBe(false);
  });
  it('opens with Alt+c on a Mac (Alt+c types ç, so the physical key counts)', () => {
    expect(shortcutKeyDown(SHORTCUT_IDLE, { key: 'ç', code: 'KeyC', altKey: true }, { mac: true, typing: false }).open).toBe(true);
    expect(shortcutKeyDown(SHORTCUT_IDLE, { key: 'c', code: 'KeyC' }, { mac: true, typing: false }).open).toBe(false);
    // z+c is not the Mac shortcut, Alt+c is not the others'
    const z = shortcutKeyDown(SHORTCUT_IDLE, key('z'), { mac: true, typing: false });
    expect(shortcutKeyDown(z.state, key('c'), { mac: true, typing: false }).open).toBe(false);
    expect(shortcutKeyDown(SHORTCUT_IDLE, { key: 'ç', code: 'KeyC', altKey: true }, { mac: false, typing: false }).open).toBe(false);
  });
  it('never fires while typing, or with Ctrl/Meta', () => {
    const armed = { zHeld: true };
    expect(shortcutKeyDown(armed, key('c'), { mac: false, typing: true }).open).toBe(false);
    expect(shortcutKeyDown(SHORTCUT_IDLE, key('z'), { mac: false, typing: true }).state.zHeld).toBe(false);
    expect(shortcutKeyDown(armed, key('c', { ctrlKey: true }), { mac: false, typing: false }).open).toBe(false);
    expect(shortcutKeyDown(SHORTCUT_IDLE, { key: 'ç', code: 'KeyC', altKey: true, metaKey: true }, { mac: true, typing: false }).open).toBe(
      false,
    );
  });
  it('tells a Mac from the platform string', () => {
    expect(isMacPlatform('MacIntel')).toBe(true);
    expect(isMacPlatform('macOS')).toBe(true);
    expect(isMacPlatform('Win32')).toBe(false);
    expect(isMacPlatform('Linux x86_64')).toBe(false);
  });
});

describe('overlay keys', () => {
  it('c, → and Tab go to the next icon, wrapping', () => {
    expect(overlayKey(0, key('c')).index).toBe(1);
    expect(overlayKey(0, { key: 'ArrowRight' }).index).toBe(1);
    expect(overlayKey(0, { key: 'Tab' }).index).toBe(1);
    expect(overlayKey(6, key('c')).index).toBe(0);
  });
  it('Shift+c, ← and Shift+Tab go to the previous icon, wrapping', () => {
    expect(overlayKey(3, key('C', { shiftKey: true })).index).toBe(2);
    expect(overlayKey(3, { key: 'ArrowLeft' }).index).toBe(2);
    expect(overlayKey(0, { key: 'Tab', shiftKey: true }).index).toBe(6);
    expect(overlayKey(0, { key: 'ArrowLeft' }).index).toBe(6);
  });
  it('Enter creates the selected type, Escape closes, other keys pass', () => {
    expect(overlayKey(2, { key: 'Enter' }).effect).toEqual({ kind: 'create', type: 'quote' });
    expect(overlayKey(2, { key: 'Escape' }).effect).toEqual({ kind: 'close' });
    expect(overlayKey(2, { key: 'x' })).toEqual({ index: 2, effect: { kind: 'none' }, handled: false });
    expect(overlayKey(2, key('c', { ctrlKey: true })).handled).toBe(false);
  });
});
