import { describe, expect, it } from 'vitest';
import { DEFAULT_HEADER_DIMENS, headerImage, titleFontWeight } from './blog-theme';

describe('a blog theme’s header image (messaging spec §3 global_theme_params)', () => {
  it('reads the image, its size and whether it stretches (stretched unless the theme says not)', () => {
    expect(headerImage({ header_image_focused: '/h/a.png', header_image_dimens: { width: 1280, height: 400 } })).toEqual({
      url: '/h/a.png',
      width: 1280,
      height: 400,
      stretch: true,
    });
    expect(headerImage({ header_image_focused: '/h/a.png', header_stretch: false })?.stretch).toBe(false);
  });

  it('falls back to the common size when the dimensions are missing or not numbers', () => {
    for (const header_image_dimens of [
      undefined,
      null,
      'big',
      { width: 0, height: 10 },
      { width: '640', height: 240 },
      { width: 1e9, height: 5 },
    ]) {
      const image = headerImage({ header_image_focused: '/h/a.png', header_image_dimens });
      expect([image?.width, image?.height], JSON.stringify(header_image_dimens)).toEqual([
        DEFAULT_HEADER_DIMENS.width,
        DEFAULT_HEADER_DIMENS.height,
      ]);
    }
  });

  it('shows none when hidden, absent, or not an image address', () => {
    expect(headerImage({ header_image_focused: '/h/a.png', show_header_image: false })).toBeNull();
    expect(headerImage({})).toBeNull();
    expect(headerImage({ header_image_focused: 'javascript:alert(1)' })).toBeNull();
    expect(headerImage({ header_image_focused: 42 })).toBeNull();
  });

  it('makes the title bold unless the theme says regular', () => {
    expect(titleFontWeight({})).toBe(700);
    expect(titleFontWeight({ title_font_weight: 'bold' })).toBe(700);
    expect(titleFontWeight({ title_font_weight: 'regular' })).toBe(400);
  });
});
