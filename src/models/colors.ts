/** Theme colour rules (no DOM). */

export interface Hsv {
  h: number;
  s: number;
  v: number;
}

/** Parses #rgb / #rrggbb (with or without #); null for anything else. */
export function parseHex(color: string | undefined | null): [number, number, number] | null {
  if (!color) return null;
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!m) return null;
  const hex = m[1]!.length === 3 ? m[1]!.replace(/./g, (c) => c + c) : m[1]!;
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

export function toHsv([r, g, b]: [number, number, number]): Hsv {
  const [rr, gg, bb] = [r / 255, g / 255, b / 255];
  const max = Math.max(rr, gg, bb);
  const min = Math.min(rr, gg, bb);
  const d = max - min;
  let h = 0;
  if (d !== 0) {
    if (max === rr) h = ((gg - bb) / d) % 6;
    else if (max === gg) h = (bb - rr) / d + 2;
    else h = (rr - gg) / d + 4;
    h *= 60;
    if (h < 0) h += 360;
  }
  return { h, s: max === 0 ? 0 : d / max, v: max };
}

/** The spec's readable-colour rule: a colour is light if saturation < 0.2 and value > 0.8. */
export function isLightColor(color: string | undefined | null): boolean {
  const rgb = parseHex(color);
  if (!rgb) return true; // unknown → assume the default light surface
  const { s, v } = toHsv(rgb);
  return s < 0.2 && v > 0.8;
}

/** Text colour that reads on the given background. */
export function readableTextOn(background: string | undefined | null): string {
  return isLightColor(background) ? '#1a1a1a' : '#ffffff';
}

/** Only #hex colours from server data reach a style (no url(), no expressions). */
export function safeColor(color: string | undefined | null): string | undefined {
  return parseHex(color) ? (color!.startsWith('#') ? color! : `#${color}`) : undefined;
}

/** WCAG relative luminance of an sRGB colour. */
export function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio (1–21) of two hex colours; 1 when either is not a colour. */
export function contrastRatio(a: string | undefined | null, b: string | undefined | null): number {
  const ca = parseHex(a);
  const cb = parseHex(b);
  if (!ca || !cb) return 1;
  const [hi, lo] = [luminance(ca), luminance(cb)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * Text colour on a theme background: the spec's readable-colour rule first;
 * if that pick would fail WCAG AA (4.5:1), the better of near-black and white.
 */
export function accessibleTextOn(background: string | undefined | null): string {
  const pick = readableTextOn(background);
  if (!parseHex(background) || contrastRatio(pick, background) >= 4.5) return pick;
  const other = pick === '#ffffff' ? '#1a1a1a' : '#ffffff';
  return contrastRatio(other, background) > contrastRatio(pick, background) ? other : pick;
}

/** A theme's own colour (title, links) when it reads on the background, else the accessible text colour. */
export function themeColorOn(color: string | undefined | null, background: string, minRatio: number): string {
  const safe = safeColor(color);
  return safe && contrastRatio(safe, background) >= minRatio ? safe : accessibleTextOn(background);
}

/**
 * A colour made darker (factor < 0) or lighter (factor > 0) by that fraction of the way to black or
 * white (messaging spec §9: theme colours are adjusted by 0.3). Not a colour → undefined.
 */
export function adjustBrightness(color: string | undefined | null, factor: number): string | undefined {
  const rgb = parseHex(color);
  if (!rgb) return undefined;
  const f = Math.max(-1, Math.min(1, factor));
  const channel = (c: number) => Math.round(f < 0 ? c * (1 + f) : c + (255 - c) * f);
  return `#${rgb.map((c) => channel(c).toString(16).padStart(2, '0')).join('')}`;
}
