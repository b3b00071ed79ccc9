import { describe, expect, it } from 'vitest';
import { dateFormat, formatCount } from './intl';

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

  it('counts with grouping, as toLocaleString("en-US") does', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(0)).toBe('0');
    expect(formatCount(1234, 'de-DE')).toBe((1234).toLocaleString('de-DE'));
  });
});
