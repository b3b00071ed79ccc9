import type { ReactNode } from 'react';

interface ErrorStateProps {
  /** What went wrong, in the words of the spec (or a clear one). */
  message: ReactNode;
  onRetry?: () => void;
  /** The button's text while a retry runs (e.g. 'Retrying...'); the button is disabled meanwhile. */
  retrying?: string | false;
  className?: string;
  /** The ::part name (default 'error'); null for none. */
  part?: string | null;
  /** 'alert' (default) is announced at once; null when the element alerts in another way. */
  role?: 'alert' | 'status' | null;
}

/** The one error state with Retry, for every element. */
export function ErrorState({
  message,
  onRetry,
  retrying = false,
  className = 'state state--error',
  part = 'error',
  role = 'alert',
}: ErrorStateProps) {
  return (
    <div className={className} part={part ?? undefined} role={role ?? undefined}>
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="tl-button is-secondary" onClick={onRetry} disabled={Boolean(retrying)}>
          {retrying || 'Retry'}
        </button>
      )}
    </div>
  );
}
