/** The per-blog stylesheet served at /static/theme/<name>.css: CSS variables from global_theme_params. */
import { contrast, isDark, mix, readableOn, safeColor } from '../server/lib/color';

const FONT_STACKS: Readonly<Record<string, string>> = {
  Gibson: '"Gibson", "Helvetica Neue", Helvetica, Arial, sans-serif',
  'Helvetica Neue': '"Helvetica Neue", Helvetica, Arial, sans-serif',
  Georgia: 'Georgia, "Times New Roman", serif',
  'Courier New': '"Courier New", Courier, monospace',
  Typewriter: '"American Typewriter", "Courier New", Courier, monospace',
  'Lorimer No 2': '"Lorimer No 2", "Arial Narrow", Arial, sans-serif',
  Baskerville: 'Baskerville, "Baskerville Old Face", "Libre Baskerville", Georgia, serif',
  Futura: 'Futura, "Century Gothic", "Trebuchet MS", sans-serif',
  Garamond: 'Garamond, "EB Garamond", Georgia, serif',
  Avalon: 'Avalon, "Gill Sans", "Trebuchet MS", sans-serif',
  'Brutal Type': '"Brutal Type", "Arial Black", Impact, sans-serif',
  'Sofia Pro': '"Sofia Pro", "Avenir Next", Avenir, "Segoe UI", sans-serif',
  'Alternate Gothic': '"Alternate Gothic", "Franklin Gothic Medium", "Arial Narrow", Impact, sans-serif',
  Bodoni: 'Bodoni, "Bodoni MT", Didot, "Times New Roman", serif',
  Clarendon: 'Clarendon, Rockwell, "Courier Bold", Georgia, serif',
  Fairplex: 'Fairplex, Palatino, "Palatino Linotype", Georgia, serif',
  Arquitecta: 'Arquitecta, "Century Gothic", Futura, sans-serif',
  Sabon: 'Sabon, Palatino, Georgia, serif',
  Streetscript: 'Streetscript, "Brush Script MT", "Segoe Script", cursive',
};

export function fontStack(name: unknown): string {
  return (typeof name === 'string' && FONT_STACKS[name]) || '"Helvetica Neue", Helvetica, Arial, sans-serif';
}

/**
 * `fg` as it is when it reads on every one of `backgrounds` (WCAG 1.4.3: 4.5:1, with a little to
 * spare for rounding), else moved step by step towards black or white until it does: a blogger's
 * pale link or muted grey stays its hue, only darker (or lighter on a dark theme).
 */
function legibleOn(fg: string, backgrounds: readonly string[], ratio = 4.6): string {
  const towards = readableOn(backgrounds[0] ?? '#ffffff');
  for (let step = 0; step <= 20; step++) {
    const colour = mix(fg, towards, step / 20);
    if (backgrounds.every((bg) => contrast(colour, bg) >= ratio)) return colour;
  }
  return towards;
}

export function themeCss(name: string, theme: Record<string, unknown>): string {
  const bg = safeColor(theme.background_color, '#ffffff');
  const text = readableOn(bg) === '#ffffff' ? mix('#ffffff', bg, 0.12) : mix('#1a1a1a', bg, 0.1);
  const dark = isDark(bg);
  const card = dark ? mix(bg, '#ffffff', 0.06) : mix(bg, '#ffffff', 0.6);
  // The title, link and muted colours are set on the page and on the post cards: each reads on both.
  const title = legibleOn(safeColor(theme.title_color, '#444444'), [bg, card]);
  const link = legibleOn(safeColor(theme.link_color, '#529ecc'), [bg, card]);
  const weight = theme.title_font_weight === 'bold' ? 700 : 400;
  return `/* generated theme for ${name.replace(/\*\//g, '')} */
:root {
  --theme-bg: ${bg};
  --theme-text: ${text};
  --theme-muted: ${legibleOn(mix(text, bg, 0.45), [bg, card])};
  --theme-title: ${title};
  --theme-link: ${link};
  --theme-link-contrast: ${readableOn(link)};
  --theme-card: ${card};
  --theme-border: ${mix(text, bg, 0.82)};
  --theme-header-shade: ${dark ? 'rgba(0, 0, 0, 0.35)' : 'rgba(255, 255, 255, 0.15)'};
  --theme-title-font: ${fontStack(theme.title_font)};
  --theme-title-weight: ${weight};
  color-scheme: ${dark ? 'dark' : 'light'};
}
`;
}
