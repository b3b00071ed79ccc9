/**
 * A blog's header image and title weight from its theme (messaging spec §3 "global_theme_params":
 * header_image_focused, header_image_dimens, header_stretch, show_header_image, title_font_weight),
 * read one way by every element that draws a blog in its theme (the blog card, the drawer, the
 * messaging tutorial). Pure.
 */
import { safeImageUrl } from './urls';

export interface ThemeHeaderFields {
  header_image_focused?: unknown;
  header_image_dimens?: unknown;
  header_stretch?: unknown;
  show_header_image?: unknown;
}

export interface HeaderImage {
  url: string;
  /** The image's own size (its width and height attributes: the browser reserves its shape). */
  width: number;
  height: number;
  /**
   * Stretched (the default): it covers the header's width, cropped to its height. Not stretched:
   * shown at most at its own size, centred on the blog's background, never enlarged.
   */
  stretch: boolean;
}

/** The size a header image has when the theme does not say (the demo's and the common one). */
export const DEFAULT_HEADER_DIMENS = { width: 640, height: 240 } as const;

const side = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= 10000 ? Math.round(value) : null;

/** The header image to show, or null: none, hidden by the theme, or an address that is not an image's. */
export function headerImage(theme: ThemeHeaderFields): HeaderImage | null {
  if (theme.show_header_image === false) return null;
  const url = safeImageUrl(typeof theme.header_image_focused === 'string' ? theme.header_image_focused : undefined);
  if (!url) return null;
  const dimens = (typeof theme.header_image_dimens === 'object' && theme.header_image_dimens) || {};
  const width = side((dimens as { width?: unknown }).width);
  const height = side((dimens as { height?: unknown }).height);
  const known = width !== null && height !== null;
  return {
    url,
    width: known ? width : DEFAULT_HEADER_DIMENS.width,
    height: known ? height : DEFAULT_HEADER_DIMENS.height,
    stretch: theme.header_stretch !== false,
  };
}

/** The title's weight: bold unless the theme says "regular" (one default everywhere). */
export function titleFontWeight(theme: { title_font_weight?: unknown }): 400 | 700 {
  return theme.title_font_weight === 'regular' ? 400 : 700;
}
