import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseAttribute, toKebabCase } from './attributes';

const where = { tag: 'test-widget', attribute: 'my-attr' };

describe('toKebabCase', () => {
  it('turns camelCase prop names into attribute names', () => {
    expect(toKebabCase('blogName')).toBe('blog-name');
    expect(toKebabCase('showHeaderImage')).toBe('show-header-image');
    expect(toKebabCase('open')).toBe('open');
  });
});

describe('parseAttribute', () => {
  afterEach(() => vi.restoreAllMocks());

  describe('string', () => {
    it('passes values through unchanged and maps a missing attribute to undefined', () => {
      expect(parseAttribute('string', 'alice', where)).toBe('alice');
      expect(parseAttribute('string', '', where)).toBe('');
      expect(parseAttribute('string', '  spaced ', where)).toBe('  spaced ');
      expect(parseAttribute('string', null, where)).toBeUndefined();
    });
  });

  describe('string with declared values', () => {
    const words = { ...where, values: ['on', 'off'] };
    it('reads one of its words; blank is not set', () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      expect(parseAttribute('string', 'off', words)).toBe('off');
      expect(parseAttribute('string', '', words)).toBeUndefined();
      expect(parseAttribute('string', null, words)).toBeUndefined();
      expect(warn).not.toHaveBeenCalled();
    });
    it('ignores any other value with a warning naming element, attribute and the words', () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      expect(parseAttribute('string', 'OFF', words)).toBeUndefined();
      expect(warn).toHaveBeenCalledOnce();
      const message = String(warn.mock.calls[0]![0]);
      expect(message).toContain('<test-widget>');
      expect(message).toContain('"my-attr"');
      expect(message).toContain('"on", "off"');
    });
  });

  describe('number', () => {
    it('parses finite numbers', () => {
      expect(parseAttribute('number', '42', where)).toBe(42);
      expect(parseAttribute('number', '-3.5', where)).toBe(-3.5);
      expect(parseAttribute('number', '1e3', where)).toBe(1000);
      expect(parseAttribute('number', ' 7 ', where)).toBe(7);
    });
    it('maps missing and blank values to undefined without warning', () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      expect(parseAttribute('number', null, where)).toBeUndefined();
      expect(parseAttribute('number', '', where)).toBeUndefined();
      expect(parseAttribute('number', '   ', where)).toBeUndefined();
      expect(warn).not.toHaveBeenCalled();
    });
    it('rejects non-numbers with a console warning naming element and attribute', () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      expect(parseAttribute('number', 'abc', where)).toBeUndefined();
      expect(parseAttribute('number', 'Infinity', where)).toBeUndefined();
      expect(warn).toHaveBeenCalledTimes(2);
      expect(String(warn.mock.calls[0]![0])).toContain('<test-widget>');
      expect(String(warn.mock.calls[0]![0])).toContain('my-attr');
    });
  });

  describe('flag (presence boolean)', () => {
    it('is true when the attribute is present, whatever its value except "false"', () => {
      expect(parseAttribute('flag', '', where)).toBe(true);
      expect(parseAttribute('flag', 'true', where)).toBe(true);
      expect(parseAttribute('flag', 'open', where)).toBe(true);
      expect(parseAttribute('flag', '0', where)).toBe(true);
    });
    it('is false when absent or "false" (any case, any padding)', () => {
      expect(parseAttribute('flag', null, where)).toBe(false);
      expect(parseAttribute('flag', 'false', where)).toBe(false);
      expect(parseAttribute('flag', ' FALSE ', where)).toBe(false);
    });
  });

  describe('boolean (r2wc value boolean)', () => {
    it('follows /^[ty1-9]/i', () => {
      expect(parseAttribute('boolean', 'true', where)).toBe(true);
      expect(parseAttribute('boolean', 'Yes', where)).toBe(true);
      expect(parseAttribute('boolean', '1', where)).toBe(true);
      expect(parseAttribute('boolean', 'false', where)).toBe(false);
      expect(parseAttribute('boolean', '0', where)).toBe(false);
      expect(parseAttribute('boolean', '', where)).toBe(false);
      expect(parseAttribute('boolean', null, where)).toBeUndefined();
    });
  });

  describe('json', () => {
    it('parses objects, arrays and scalars', () => {
      expect(parseAttribute('json', '{"a":1,"b":[true,null]}', where)).toEqual({ a: 1, b: [true, null] });
      expect(parseAttribute('json', '[1,2]', where)).toEqual([1, 2]);
      expect(parseAttribute('json', '"s"', where)).toBe('s');
      expect(parseAttribute('json', 'null', where)).toBeNull();
    });
    it('maps missing and blank values to undefined', () => {
      expect(parseAttribute('json', null, where)).toBeUndefined();
      expect(parseAttribute('json', '  ', where)).toBeUndefined();
    });
    it('never throws on malformed JSON: warns once, naming element and attribute', () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      let value: unknown = 'not called';
      expect(() => (value = parseAttribute('json', '{bad json', where))).not.toThrow();
      expect(value).toBeUndefined();
      expect(warn).toHaveBeenCalledTimes(1);
      const message = String(warn.mock.calls[0]![0]);
      expect(message).toContain('<test-widget>');
      expect(message).toContain('"my-attr"');
      expect(message).toMatch(/JSON/);
    });
    it('quotes at most the start of a long rejected value', () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      expect(parseAttribute('json', `{${'x'.repeat(1_000_000)}`, where)).toBeUndefined();
      const message = String(warn.mock.calls[0]![0]);
      expect(message.length).toBeLessThan(300);
      expect(message).toContain('1000001 characters');
    });
    it('reads a __proto__ key as an own property, never as the prototype', () => {
      const value = parseAttribute('json', '{"__proto__":{"polluted":1}}', where) as Record<string, unknown>;
      expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  });
});
