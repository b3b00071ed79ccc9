import type { AttributeType } from './widget-definition';

export function toKebabCase(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/**
 * Parses one attribute value by its declared type. Never throws: a page author's
 * typo must not take the element (or the page) down.
 */
export function parseAttribute(
  type: AttributeType,
  value: string | null,
  where: { tag: string; attribute: string },
): unknown {
  if (type === 'flag') return value !== null && value.trim().toLowerCase() !== 'false';
  if (value === null) return undefined;
  switch (type) {
    case 'string':
      return value;
    case 'number': {
      if (value.trim() === '') return undefined;
      const n = Number(value);
      if (Number.isFinite(n)) return n;
      console.error(`<${where.tag}>: attribute "${where.attribute}" is not a number: ${JSON.stringify(value)}`);
      return undefined;
    }
    case 'boolean':
      return /^[ty1-9]/i.test(value);
    case 'json': {
      if (value.trim() === '') return undefined;
      try {
        return JSON.parse(value) as unknown;
      } catch (error) {
        console.error(`<${where.tag}>: attribute "${where.attribute}" is not valid JSON and was ignored.`, error);
        return undefined;
      }
    }
  }
}
