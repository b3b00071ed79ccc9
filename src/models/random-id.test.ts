import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomId } from './random-id';

const webcrypto = globalThis.crypto;

describe('randomId', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is a UUID where the browser makes one', () => {
    expect(randomId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('is 32 random hex digits on a page that is not a secure context (no randomUUID)', () => {
    vi.stubGlobal('crypto', { getRandomValues: (a: Uint8Array<ArrayBuffer>) => webcrypto.getRandomValues(a) });
    const ids = new Set(Array.from({ length: 200 }, () => randomId()));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('still differs from call to call with no crypto at all', () => {
    vi.stubGlobal('crypto', undefined);
    const ids = new Set(Array.from({ length: 200 }, () => randomId()));
    expect(ids.size).toBe(200);
  });
});
