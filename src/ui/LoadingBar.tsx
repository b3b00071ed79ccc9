import { useEffect, useState } from 'react';
import { usePartStyles } from './use-part-styles';
import partCss from './loading-bar.css';

/** Spec (messaging §9): "loading bar delay 250 ms" — pass it where a short wait must not flash a bar. */
export const LOADING_BAR_DELAY_MS = 250;

interface LoadingBarProps {
  /** Spec: shows or hides according to a loading flag. */
  loading: boolean;
  /** Show only once loading has lasted this long (default: at once). */
  delayMs?: number;
  label?: string;
  className?: string;
  part?: string;
}

/** A thin indeterminate progress bar (role="progressbar" without a value). */
export function LoadingBar({ loading, delayMs = 0, label = 'Loading', className, part }: LoadingBarProps) {
  usePartStyles('loading-bar', partCss);
  const [shown, setShown] = useState(loading && delayMs <= 0);
  useEffect(() => {
    if (!loading) {
      setShown(false);
      return;
    }
    if (delayMs <= 0) {
      setShown(true);
      return;
    }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [loading, delayMs]);
  if (!shown) return null;
  return (
    <div className={`tl-loading-bar${className ? ` ${className}` : ''}`} role="progressbar" aria-label={label} part={part}>
      <span className="tl-loading-bar__fill" />
    </div>
  );
}
