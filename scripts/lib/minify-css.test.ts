/**
 * The minifier that turns each element's stylesheet into the string the build ships
 * (scripts/lib/minify-css.mjs, used by rollup.config.mjs). The browser tests load the CSS as
 * written, so this is where the shipped form is checked: whitespace that is a descendant
 * combinator must survive, and every stylesheet of the package must minify without a warning.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { minifyCss } from './minify-css.mjs';

describe('minifyCss', () => {
  it('keeps a descendant combinator before a pseudo-class (a hand-written stripper lost it)', async () => {
    expect(await minifyCss(".field[data-field='body'] :is(.a, .b) .c { padding-left: 10px; }")).to.equal(
      '.field[data-field=body] :is(.a,.b) .c{padding-left:10px}',
    );
    expect(await minifyCss('.menu :focus-visible { outline: 2px solid; }')).to.equal('.menu :focus-visible{outline:2px solid}');
    expect(await minifyCss('.menu:focus-visible { outline: 2px solid; }')).to.equal('.menu:focus-visible{outline:2px solid}');
  });

  it('drops comments and keeps strings, custom properties and modern colour functions', async () => {
    const out = await minifyCss('/* why */\n:host { --_x: 1px; content: "a  b"; color: color-mix(in srgb, red 20%, transparent); }');
    expect(out).not.to.contain('why');
    // A custom property's value is kept as written (its whitespace can matter to var() users).
    expect(out).to.contain('--_x: 1px');
    expect(out).to.contain('"a  b"');
    expect(out).to.contain('color-mix(in srgb,red 20%,transparent)');
  });

  it('refuses CSS it cannot parse rather than shipping it changed', async () => {
    await expect(minifyCss('.a { color: red; ', 'broken.css')).rejects.toThrow(/broken\.css/);
  });

  it('minifies every stylesheet of the package without a warning', async () => {
    const sheets = [
      'src/core/base.css',
      ...readdirSync('elements')
        .map((tag) => `elements/${tag}/styles.css`)
        .filter((f) => existsSync(f)),
    ];
    expect(sheets.length).to.be.greaterThan(10);
    for (const file of sheets) {
      const source = readFileSync(file, 'utf8');
      const out = await minifyCss(source, file);
      expect(out.length, file).to.be.greaterThan(0);
      expect(out.length, file).to.be.lessThan(source.length);
    }
  });
});
