/**
 * The conversation intro card, "icebreakers" (spec §2 Conversation intro card, §3 Participant and
 * Theme, §4 Unread handling's extra participant info, §5 the readable-colour rule, §9 the 0.3
 * brightness factor), no DOM: what the card says and the colours it takes from the blog's theme.
 */
import { accessibleTextOn, adjustBrightness, isLightColor, safeColor, themeColorOn } from '../../../src/models/colors';
import type { Participant } from '../../../src/messaging/model/conversation';

/** Spec §9: theme colours are adjusted by 0.3 (darker on a light background, lighter on a dark one). */
export const THEME_BRIGHTNESS_FACTOR = 0.3;

const DAY = 86_400;

/** A follow's length in words: 'today', '3 days', '2 weeks', '5 months', '1 year'. */
export function followDuration(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (!(seconds >= DAY)) return 'today';
  if (seconds < 14 * DAY) return plural(Math.floor(seconds / DAY), 'day');
  if (seconds < 60 * DAY) return plural(Math.floor(seconds / (7 * DAY)), 'week');
  if (seconds < 365 * DAY) return plural(Math.floor(seconds / (30 * DAY)), 'month');
  return plural(Math.floor(seconds / (365 * DAY)), 'year');
}

const since = (seconds: number | undefined) => {
  if (seconds === undefined) return '';
  const d = followDuration(seconds);
  return d === 'today' ? ' since today' : ` for ${d}`;
};

/** Spec §2 the relationship line; mutuals use the shorter of the two durations (§3). */
export function relationshipLine(
  p: Pick<Participant, 'name' | 'is_blog_following_you' | 'is_following_blog' | 'duration_blog_following_you' | 'duration_following_blog'>,
): string {
  if (p.is_blog_following_you && p.is_following_blog) {
    const durations = [p.duration_blog_following_you, p.duration_following_blog].filter((d): d is number => typeof d === 'number');
    return `You follow each other${since(durations.length ? Math.min(...durations) : undefined)}`;
  }
  if (p.is_blog_following_you) return `${p.name} has followed you${since(p.duration_blog_following_you)}`;
  if (p.is_following_blog) return `You've followed ${p.name}${since(p.duration_following_blog)}`;
  return "You don't follow each other yet";
}

/** Spec §7 (participant_info): merged into the participant, its theme over the old one. */
export function mergeParticipantInfo(existing: Participant, info: Participant): Participant {
  return { ...existing, ...info, theme: info.theme ?? existing.theme, tags: info.tags.length > 0 ? info.tags : existing.tags };
}

export interface IntroColours {
  background: string;
  text: string;
  link: string;
}

/**
 * The card's colours: the blog's background, text by the readable-colour rule (kept at WCAG AA),
 * and its link colour moved 0.3 away from the background's lightness, used only while it still
 * reads (4.5:1), else the text colour.
 */
export function introColours(theme: Participant['theme']): IntroColours {
  const background = safeColor(theme?.background_color) ?? '#ffffff';
  const light = isLightColor(background);
  const link = adjustBrightness(theme?.link_color, light ? -THEME_BRIGHTNESS_FACTOR : THEME_BRIGHTNESS_FACTOR);
  return { background, text: accessibleTextOn(background), link: themeColorOn(link, background, 4.5) };
}

/** Spec §2: a new conversation shows tags; an existing one the relationship and description. */
export function introContent(
  p: Participant,
  isNewConversation: boolean,
): { tags: string[]; relationship: string | null; description: boolean } {
  if (isNewConversation) return { tags: p.tags.slice(0, 8), relationship: null, description: false };
  return { tags: [], relationship: relationshipLine(p), description: p.theme?.show_description !== false && !!p.description?.trim() };
}
