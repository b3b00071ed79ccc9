import { useRef, useState } from 'react';
import { pickLogoImage } from './model/rules';
import { LOGO_HOVER_ART } from './icons';

/**
 * The wordmark, linking to the dashboard. Hovering (or focusing) it plays a small
 * animation with one of five local images picked at random (never the same twice
 * in a row).
 */
export function Logo({ href = '/dashboard' }: { href?: string }) {
  const [image, setImage] = useState<number | null>(null);
  const last = useRef<number | undefined>(undefined);
  const start = () => {
    const next = pickLogoImage(Math.random(), last.current);
    last.current = next;
    setImage(next);
  };
  const stop = () => setImage(null);
  const art = image === null ? null : LOGO_HOVER_ART[image];
  return (
    <a className="logo" href={href} part="logo" data-target="logo" onMouseEnter={start} onMouseLeave={stop} onFocus={start} onBlur={stop}>
      <span className="logo__hover" aria-hidden="true" data-image={art?.name ?? ''}>
        {art && (
          <svg key={`${image}-${art.name}`} className="logo__art" width="26" height="26" viewBox="0 0 24 24" focusable="false">
            {art.art}
          </svg>
        )}
      </span>
      <span className="logo__text">tumblelog</span>
    </a>
  );
}
