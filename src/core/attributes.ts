import type { AttributeType } from './widget-definition';

export function toKebabCase(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** How much of a rejected value a warning quotes: a 1 MB attribute must not make a 1 MB console line. */
const QUOTED_LENGTH = 80;

/**
 * Parses one attribute value by its declared type. Never throws: a page author's
 * typo must not take the element (or the page) down.
 *
 * The rule for warnings (README, "Attributes"): only a value the type cannot read warns, with one
 * console warning naming the element and the attribute — a `number` that is not a finite number, a
 * `json` value that is not JSON, a `string` outside the words its contract declares (`values`).
 * A missing or blank value is "not set", and a free `string`, a `flag` and a `boolean` read every
 * value (a string is any text; a flag is on unless "false"), so they never warn here; what an
 * element does with an odd string (an `anchor` naming no element) is its own check. The caller
 * parses a value once per element (define-widget.ts), so a bad value warns once, not at every render.
 */
export function parseAttribute(
  type: AttributeType,
  value: string | null,
  where: { tag: string; attribute: string; values?: readonly string[] | undefined },
): unknown {
  if (type === 'flag') return value !== null && value.trim().toLowerCase() !== 'false';
  if (value === null) return undefined;
  if (type === 'boolean') return /^[ty1-9]/i.test(value);
  if (type === 'string' && !where.values) return value;
  if (value.trim() === '') return undefined;
  if (type === 'string') {
    if (where.values!.includes(value)) return value;
    warn(where, `is not one of ${where.values!.map((v) => JSON.stringify(v)).join(', ')}`, value);
    return undefined;
  }
  try {
    const parsed: unknown = type === 'json' ? JSON.parse(value) : Number(value);
    if (type === 'json' || Number.isFinite(parsed)) return parsed;
  } catch {
    // reported below
  }
  warn(where, `is not ${type === 'json' ? 'valid JSON' : 'a number'}`, value);
  return undefined;
}

function warn(where: { tag: string; attribute: string }, problem: string, value: string): void {
  const quoted =
    value.length > QUOTED_LENGTH ? `${JSON.stringify(value.slice(0, QUOTED_LENGTH))}… (${value.length} characters)` : JSON.stringify(value);
  console.warn(`<${where.tag}>: attribute "${where.attribute}" ${problem} and was ignored: ${quoted}`);
}
