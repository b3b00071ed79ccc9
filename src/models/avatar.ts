/**
 * Avatar size steps (authoring spec §9, "default 128" for a requested image; the messaging spec's
 * default of 96 is the displayed size of src/ui/Avatar.tsx). Each avatar asks for the step at or above
 * what it displays, so neither default is ever sent on its own.
 */
export const AVATAR_SIZES = [16, 24, 30, 40, 48, 64, 96, 128, 512] as const;
export type AvatarSize = (typeof AVATAR_SIZES)[number];

/** The smallest step at least as large as the displayed size times the pixel ratio. */
export function avatarStep(displaySize: number, pixelRatio = 1): AvatarSize {
  const wanted = displaySize * (Number.isFinite(pixelRatio) && pixelRatio > 0 ? pixelRatio : 1);
  return AVATAR_SIZES.find((s) => s >= wanted) ?? 512;
}

export interface AvatarSource {
  avatar_url?: string | undefined;
  avatar_url_48?: string | undefined;
  avatar_url_128?: string | undefined;
}

/** Picks the closest provided URL for a step: the 48 variant for small avatars, else 128, else the generic one. */
export function avatarUrlFor(source: AvatarSource, step: AvatarSize): string | undefined {
  if (step <= 48 && source.avatar_url_48) return source.avatar_url_48;
  if (step <= 128 && source.avatar_url_128) return source.avatar_url_128;
  return source.avatar_url ?? source.avatar_url_128 ?? source.avatar_url_48;
}
