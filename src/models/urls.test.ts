import { describe, expect, it } from 'vitest';
import { safeFontFamily, safeImageUrl } from './urls';

describe('safeImageUrl', () => {
  it.each([
    ['https://x.org/a.png', 'https://x.org/a.png'],
    ['/assets/a.svg', '/assets/a.svg'],
    ['a.svg', 'a.svg'],
    ['javascript:alert(1)', undefined],
    ['data:image/svg+xml,<svg onload=alert(1)>', undefined],
    ['//evil.example/a.png', undefined],
    ['', undefined],
  ])('%j → %j', (input, expected) => {
    expect(safeImageUrl(input)).toBe(expected);
  });
});

describe('safeFontFamily', () => {
  it('lets plain names through only', () => {
    expect(safeFontFamily('Gibson')).toBe('Gibson');
    expect(safeFontFamily('Courier New')).toBe('Courier New');
    expect(safeFontFamily('x"; background:url(1)')).toBeUndefined();
  });
});
