import { useState } from 'react';
import { avatarStep, avatarUrlFor, type AvatarSource } from '../models/avatar';
import { usePartStyles } from './use-part-styles';
import partCss from './avatar.css';

interface AvatarProps extends AvatarSource {
  name: string;
  /**
   * Displayed size in CSS pixels; the image requested is the next size step up. Default 96
   * (messaging spec §9: "Avatar default size 96 (also 96 in the selector)").
   */
  size?: number;
  shape?: string | undefined;
  /** Decorative avatars (next to the visible name) get an empty alt. */
  decorative?: boolean;
  part?: string;
}

export function Avatar({ name, size = 96, shape, decorative, part, ...source }: AvatarProps) {
  usePartStyles('avatar', partCss);
  const step = avatarStep(size, typeof devicePixelRatio === 'number' ? devicePixelRatio : 1);
  const url = avatarUrlFor(source, step);
  const [failed, setFailed] = useState(false);
  const className = `tl-avatar${shape === 'circle' ? ' tl-avatar--circle' : ''}`;
  const dims = { width: size, height: size };
  if (!url || failed) {
    return (
      <span
        className={`${className} tl-avatar--initial`}
        style={{ ...dims, fontSize: size * 0.45 }}
        part={part}
        role={decorative ? undefined : 'img'}
        aria-label={decorative ? undefined : name}
        aria-hidden={decorative || undefined}
      >
        {name.slice(0, 1).toUpperCase()}
      </span>
    );
  }
  return (
    <img
      className={className}
      src={url}
      alt={decorative ? '' : name}
      {...dims}
      part={part}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
