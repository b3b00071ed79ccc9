// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readJson, safeStorage } from './storage';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('safeStorage', () => {
  it('reads and writes like localStorage', () => {
    const storage = safeStorage();
    expect(storage.setItem('k', '{"a":1}')).toBe(true);
    expect(storage.getItem('k')).toBe('{"a":1}');
    expect(readJson(storage, 'k')).toEqual({ a: 1 });
    storage.removeItem('k');
    expect(storage.getItem('k')).toBeNull();
  });

  it('a full or refused storage never throws: the write says false and tl-storage-error goes out once per key', () => {
    const quota = Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });
    vi.stubGlobal('localStorage', {
      getItem: () => null,
      setItem: () => {
        throw quota;
      },
      removeItem: () => undefined,
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const heard: unknown[] = [];
    const listener = (event: Event) => heard.push((event as CustomEvent).detail);
    document.addEventListener('tl-storage-error', listener);
    try {
      const storage = safeStorage();
      expect(storage.setItem('draft:1', 'text')).toBe(false);
      expect(storage.setItem('draft:1', 'more text')).toBe(false);
      expect(storage.setItem('draft:2', 'other')).toBe(false);
      expect(heard).toEqual([
        { key: 'draft:1', error: 'QuotaExceededError: The quota has been exceeded.' },
        { key: 'draft:2', error: 'QuotaExceededError: The quota has been exceeded.' },
      ]);
    } finally {
      document.removeEventListener('tl-storage-error', listener);
    }
  });

  it('malformed JSON reads as null', () => {
    localStorage.setItem('bad', '{not json');
    expect(readJson(safeStorage(), 'bad')).toBeNull();
  });
});
