// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { lazyPart, preloadPart } from './lazy-part';

describe('lazyPart', () => {
  it('imports once, however often it is asked, and holds the module once in', async () => {
    const module = { name: 'inbox' };
    const importer = vi.fn(() => Promise.resolve(module));
    const part = lazyPart(importer);
    expect(part.current).toBe(null);
    const first = part.load();
    const second = part.load();
    expect(first).toBe(second);
    expect(part.current, 'not before the import settles').toBe(null);
    await expect(first).resolves.toBe(module);
    expect(part.current).toBe(module);
    await part.load();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('tells its subscribers when the module is in, before the callers of load()', async () => {
    const part = lazyPart(() => Promise.resolve({}));
    const heard: string[] = [];
    const stop = part.subscribe(() => heard.push(part.current ? 'listener: in' : 'listener: not in'));
    await part.load().then(() => heard.push('caller'));
    expect(heard).toEqual(['listener: in', 'caller']);
    stop();
  });

  it('a subscriber that stopped hears nothing', async () => {
    const part = lazyPart(() => Promise.resolve({}));
    const listener = vi.fn();
    part.subscribe(listener)();
    await part.load();
    expect(listener).not.toHaveBeenCalled();
  });

  it('a failed import is tried again by the next load (back online), and leaves nothing held', async () => {
    const importer = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ ok: 1 });
    const part = lazyPart(importer as () => Promise<{ ok: number }>);
    await expect(part.load()).rejects.toThrow('Failed to fetch');
    expect(part.current).toBe(null);
    await expect(part.load()).resolves.toEqual({ ok: 1 });
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it('a preload swallows a failure (the load that needs the part reports it)', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const part = lazyPart(() => Promise.reject(new TypeError('offline')));
      preloadPart(part);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
