/**
 * Tutorial popover rules, no DOM: config parsing, positioning (top, bottom, left,
 * right, center with the 80 px top-margin check) and the fade-on-scroll maths.
 */
import type { ThemeParams } from '../session/types';
import { isRecord } from './record';

export const TUTORIAL_POSITIONS = ['top', 'bottom', 'left', 'right', 'center'] as const;
export type TutorialPosition = (typeof TUTORIAL_POSITIONS)[number];

export const TUTORIAL_TOP_MARGIN_PX = 80; // spec: 80 px top margin check
export const TUTORIAL_GAP_PX = 14; // ours: space between the target and the panel (room for the arrow)
export const TUTORIAL_EDGE_PX = 10; // spec: popover minimum distance from the container edge
export const TUTORIAL_FADE_DISTANCE_PX = 200; // ours: scrolling this far from the open position fades it out
export const TUTORIAL_HIDE_MS = 150; // spec: modal and overlay fade 100 to 150 ms

export interface AppearanceData {
  name: string;
  title: string;
  description: string;
  avatar_url: string;
  global_theme_params: Pick<
    ThemeParams,
    'background_color' | 'header_image_focused' | 'avatar_shape' | 'title_color' | 'title_font_weight'
  >;
}

export interface TutorialConfig {
  name: string;
  title: string;
  content: string;
  ok_text: string;
  template: 'standard' | 'appearance';
  glass: boolean;
  /** What to point at and highlight: an element, or a selector the caller resolves. */
  pinnedTarget: string | null;
  /** Class added to the target while the tutorial shows. */
  highlightedClass: string;
  className: string;
  position: TutorialPosition;
  /** Position the panel fixed to the viewport (it does not follow the target while scrolling). */
  fixed_position: boolean;
  /** Spec: fade-on-scroll is on by default. */
  isFadeOnScroll: boolean;
  appearance_data: AppearanceData | null;
}

const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);
const bool = (v: unknown, fallback: boolean): boolean => (typeof v === 'boolean' ? v : fallback);

export function isTutorialPosition(v: unknown): v is TutorialPosition {
  return typeof v === 'string' && (TUTORIAL_POSITIONS as readonly string[]).includes(v);
}

/** Untrusted config (a JSON attribute, server data) → a complete config, or null when it has nothing to show. */
export function normalizeTutorialConfig(raw: unknown): TutorialConfig | null {
  if (!isRecord(raw)) return null;
  const template = raw.template === 'appearance' ? 'appearance' : 'standard';
  const title = str(raw.title).trim();
  const content = str(raw.content).trim();
  let appearance: AppearanceData | null = null;
  if (
    template === 'appearance' &&
    isRecord(raw.appearance_data) &&
    typeof raw.appearance_data.name === 'string' &&
    raw.appearance_data.name
  ) {
    const a = raw.appearance_data;
    const t = isRecord(a.global_theme_params) ? a.global_theme_params : {};
    appearance = {
      name: a.name as string,
      title: str(a.title, a.name as string),
      description: str(a.description),
      avatar_url: str(a.avatar_url),
      global_theme_params: {
        background_color: str(t.background_color) || undefined,
        header_image_focused: str(t.header_image_focused) || undefined,
        avatar_shape: str(t.avatar_shape) || undefined,
        title_color: str(t.title_color) || undefined,
        title_font_weight: str(t.title_font_weight) || undefined,
      },
    };
  }
  if (!title && !content && !appearance) return null;
  return {
    name: str(raw.name, 'tutorial') || 'tutorial',
    title,
    content,
    ok_text: str(raw.ok_text).trim() || 'OK',
    template: appearance ? 'appearance' : 'standard',
    glass: bool(raw.glass, false),
    pinnedTarget: typeof raw.pinnedTarget === 'string' && raw.pinnedTarget.trim() ? raw.pinnedTarget.trim() : null,
    highlightedClass: str(raw.highlightedClass).trim(),
    className: str(raw.className).trim(),
    position: isTutorialPosition(raw.position) ? raw.position : 'bottom',
    fixed_position: bool(raw.fixed_position, false),
    isFadeOnScroll: bool(raw.isFadeOnScroll, true),
    appearance_data: appearance,
  };
}

/** The appearance variant's edit button target (spec §2 routes). */
export function appearanceEditUrl(blogName: string): string {
  return `/settings/blog/${encodeURIComponent(blogName)}`;
}

export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

export interface Placement {
  /** The side actually used (top flips to bottom when it would break the top margin). */
  position: TutorialPosition;
  top: number;
  left: number;
}

const clamp = (v: number, min: number, max: number) => Math.min(Math.max(v, min), Math.max(min, max));

/**
 * Where the panel goes, in viewport coordinates. `center` (or no target) centres it
 * in the viewport. Every placement keeps the panel's top at least 80 px from the
 * top of the viewport (below a fixed 52 px header): `top` that would start above
 * it flips to `bottom`; left/right/bottom are pushed down to it. Horizontally the
 * panel stays 10 px inside the viewport.
 */
export function tutorialPlacement(
  wanted: TutorialPosition,
  target: Box | null,
  panel: { width: number; height: number },
  viewport: { width: number; height: number },
  gap = TUTORIAL_GAP_PX,
): Placement {
  const maxLeft = viewport.width - panel.width - TUTORIAL_EDGE_PX;
  const minTop = TUTORIAL_TOP_MARGIN_PX;
  if (wanted === 'center' || !target) {
    return {
      position: 'center',
      top: Math.max(minTop, Math.round((viewport.height - panel.height) / 2)),
      left: clamp(Math.round((viewport.width - panel.width) / 2), TUTORIAL_EDGE_PX, maxLeft),
    };
  }
  const centreX = target.left + target.width / 2 - panel.width / 2;
  const centreY = target.top + target.height / 2 - panel.height / 2;
  let position = wanted;
  if (position === 'top' && target.top - gap - panel.height < minTop) position = 'bottom';
  switch (position) {
    case 'top':
      return { position, top: Math.round(target.top - gap - panel.height), left: Math.round(clamp(centreX, TUTORIAL_EDGE_PX, maxLeft)) };
    case 'bottom':
      return {
        position,
        top: Math.round(Math.max(minTop, target.top + target.height + gap)),
        left: Math.round(clamp(centreX, TUTORIAL_EDGE_PX, maxLeft)),
      };
    case 'left':
      return {
        position,
        top: Math.round(Math.max(minTop, centreY)),
        left: Math.round(Math.max(TUTORIAL_EDGE_PX, target.left - gap - panel.width)),
      };
    case 'right':
    default:
      return {
        position: 'right',
        top: Math.round(Math.max(minTop, centreY)),
        left: Math.round(Math.min(maxLeft, target.left + target.width + gap)),
      };
  }
}

/**
 * Spec: the overlay fades as the page scrolls away from the scroll position at open;
 * at zero it hides. 1 at the open position, 0 at `distance` px or more either way.
 */
export function fadeOpacity(openScrollY: number, scrollY: number, distance = TUTORIAL_FADE_DISTANCE_PX): number {
  if (distance <= 0) return scrollY === openScrollY ? 1 : 0;
  const moved = Math.abs(scrollY - openScrollY);
  const opacity = 1 - moved / distance;
  return opacity <= 0 ? 0 : Math.round(opacity * 1000) / 1000;
}
