import type { AttributeType } from './widget-definition';

export function toKebabCase(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/**
 * Parses one attribute value by its declared type. Never throws: a page author's
 * typo must not take the element (or the page) down.
 */
export function parseAttribute(type: AttributeType, value: string | null, where: { tag: string; attribute: string }): unknown {
  if (type === 'flag') return value !== null && value.trim().toLowerCase() !== 'false';
  if (value === null) return undefined;
  if (type === 'boolean') return /^[ty1-9]/i.test(value);
  if (type === 'string') return value;
  if (value.trim() === '') return undefined;
  try {
    const parsed: unknown = type === 'json' ? JSON.parse(value) : Number(value);
    if (type === 'json' || Number.isFinite(parsed)) return parsed;
  } catch {
    // reported below
  }
  console.error(
    `<${where.tag}>: attribute "${where.attribute}" is not ${type === 'json' ? 'valid JSON' : 'a number'} and was ignored: ${JSON.stringify(value)}`,
  );
  return undefined;
}
