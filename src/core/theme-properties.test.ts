import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { THEME_PROPERTIES, themeProperties } from './theme-properties';

const css = ['src/core/base.css', ...readdirSync('elements').map((tag) => `elements/${tag}/styles.css`)]
  .filter((file) => existsSync(file))
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');

/** Every fallback the stylesheets give a theme property: `var(--tl-x, fallback)`, balanced parentheses. */
function fallbacks(name: string): string[] {
  const found: string[] = [];
  for (let at = css.indexOf(`var(${name},`); at >= 0; at = css.indexOf(`var(${name},`, at + 1)) {
    let depth = 0;
    let i = at + `var(${name},`.length;
    const start = i;
    for (; i < css.length; i++) {
      if (css[i] === '(') depth++;
      else if (css[i] === ')' && depth-- === 0) break;
    }
    found.push(css.slice(start, i).trim());
  }
  return found;
}

describe('theme properties', () => {
  it.each(Object.values(THEME_PROPERTIES))('$name defaults to what the stylesheets fall back to', (spec) => {
    const seen = fallbacks(spec.name);
    expect(seen.length).toBeGreaterThan(0);
    for (const fallback of seen) expect(fallback).toBe(spec.default);
  });

  it('gives the shared description, or the element’s own', () => {
    const props = themeProperties(['font'], { accent: 'Focus ring.' });
    expect(props).toEqual({
      '--tl-font': { default: THEME_PROPERTIES.font.default, description: 'Font stack.' },
      '--tl-color-accent': { default: '#00b8ff', description: 'Focus ring.' },
    });
  });

  it('refuses a property listed both ways', () => {
    expect(() => themeProperties(['font'], { font: 'x' })).toThrow(/listed twice/);
  });
});
