import { describe, expect, it } from 'vitest';
import { dateFormat } from './intl';

describe('intl', () => {
  it('makes one date formatter per locale and options, and formats as Intl does', () => {
    const a = dateFormat('en-US', { hour: 'numeric', minute: '2-digit' });
    expect(dateFormat('en-US', { hour: 'numeric', minute: '2-digit' })).toBe(a);
    expect(dateFormat('en-GB', { hour: 'numeric', minute: '2-digit' })).not.toBe(a);
    expect(dateFormat('en-US', { weekday: 'short' })).not.toBe(a);
    expect(dateFormat(undefined, { weekday: 'short' })).toBe(dateFormat(undefined, { weekday: 'short' }));
    const at = new Date(Date.UTC(2026, 10, 27, 15, 4));
    expect(a.format(at)).toBe(new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }).format(at));
  });
});
