/** The per-blog stylesheet served at /static/theme/<name>.css: CSS variables from global_theme_params. */
import { isDark, mix, readableOn, safeColor } from '../server/lib/color';

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

export function themeCss(name: string, theme: Record<string, unknown>): string {
  const bg = safeColor(theme.background_color, '#ffffff');
  const title = safeColor(theme.title_color, '#444444');
  const link = safeColor(theme.link_color, '#529ecc');
  const text = readableOn(bg) === '#ffffff' ? mix('#ffffff', bg, 0.12) : mix('#1a1a1a', bg, 0.1);
  const dark = isDark(bg);
  const card = dark ? mix(bg, '#ffffff', 0.06) : mix(bg, '#ffffff', 0.6);
  const weight = theme.title_font_weight === 'bold' ? 700 : 400;
  return `/* generated theme for ${name.replace(/\*\//g, '')} */
:root {
  --theme-bg: ${bg};
  --theme-text: ${text};
  --theme-muted: ${mix(text, bg, 0.45)};
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
