import { describe, expect, it } from 'vitest';
import { isTypingPath } from './typing';

describe('isTypingPath', () => {
  it('finds a field being typed in anywhere in the composed path', () => {
    expect(isTypingPath([{ localName: 'input', type: 'text' }, { localName: 'div' }])).toBe(true);
    expect(isTypingPath([{ localName: 'span' }, { localName: 'div', isContentEditable: true }])).toBe(true);
    expect(isTypingPath([{ localName: 'textarea' }])).toBe(true);
    expect(isTypingPath([{ localName: 'select' }])).toBe(true);
  });

  it('a checkbox, a button or an empty path is not typing', () => {
    expect(isTypingPath([{ localName: 'input', type: 'checkbox' }])).toBe(false);
    expect(isTypingPath([{ localName: 'button' }, {}, { localName: 'body' }])).toBe(false);
    expect(isTypingPath([])).toBe(false);
  });
});
