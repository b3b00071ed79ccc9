/** A seeded blog's theme (global_theme_params), from its palette and a seeded choice of font and shapes. */
import { PALETTES, TITLE_FONTS, type BlogSeed } from './catalogue';
import { hash32, pick, rngFor } from '../lib/random';

export function themeFor(blog: BlogSeed): Record<string, unknown> {
  const rng = rngFor(`theme:${blog.name}`);
  const palette = PALETTES[blog.palette ?? hash32(blog.name) % PALETTES.length] ?? PALETTES[0]!;
  const [background_color, title_color, link_color] = palette;
  return {
    background_color,
    title_color,
    link_color,
    title_font: blog.font ?? pick(rng, TITLE_FONTS),
    title_font_weight: blog.title_font_weight ?? (rng() < 0.4 ? 'bold' : 'regular'),
    header_image_focused: `/assets/header/${blog.name}.svg`,
    header_image_dimens: { width: 640, height: 240 },
    header_stretch: blog.header_stretch ?? true,
    avatar_shape: blog.avatar_shape ?? (rng() < 0.5 ? 'circle' : 'square'),
    show_header_image: blog.show_header_image ?? true,
    show_avatar: blog.show_avatar ?? true,
    show_title: blog.show_title ?? true,
    show_description: blog.show_description ?? true,
  };
}
