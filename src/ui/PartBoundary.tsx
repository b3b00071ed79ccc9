/**
 * A lazily loaded part of an element (a dialog, a panel, a menu) whose chunk cannot load (offline,
 * a deploy that removed the file) or which crashes: said in the part's place, with a Retry, while
 * the rest of the element goes on. Without it the element's own boundary (src/core/ErrorBoundary)
 * would replace the whole element, and what was open and typed in it would go.
 */
import { Component, createElement, lazy, type ComponentProps, type ComponentType, type ContextType, type ReactNode } from 'react';
import { WidgetContext } from '../core/widget-context';
import { Events } from '../core/events';

/** A React.lazy component that can start again: React.lazy keeps a failed load for good. */
export interface RetryableLazy<P> {
  (props: P): ReactNode;
  /** The next render loads the chunk again. */
  retry(): void;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint: any component
export function retryableLazy<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): RetryableLazy<ComponentProps<T>> {
  let current = lazy(load);
  const Part = ((props: ComponentProps<T>) => createElement(current, props)) as RetryableLazy<ComponentProps<T>>;
  Part.retry = () => {
    current = lazy(load);
  };
  return Part;
}

/** The spec's generic error with Retry (messaging spec §8: 'Something went screwy.' with 'Retry'). */
export const PART_FAILED_LINE = 'Something went screwy.';
/** After a second failure: some engines (Firefox) keep a failed module fetch for the page's life. */
export const PART_FAILED_AGAIN_LINE = 'Something went screwy. Reload the page to try again.';

/**
 * The failure said in a part's place (or, for the dock, in its notice area): the line and its one
 * action, Retry (with `retryingLabel` while a retry is on its way), then Reload after a second
 * failure. PartBoundary's and <messaging-dock>'s lazy parts both say it through this.
 */
export function PartFailedNote({
  again,
  onRetry,
  retrying = false,
  retryingLabel = '',
  className = 'tl-part-error',
  buttonClassName = 'tl-button is-secondary',
  part,
}: {
  again: boolean;
  onRetry: () => void;
  retrying?: boolean;
  retryingLabel?: string;
  className?: string;
  buttonClassName?: string;
  part?: string;
}) {
  return (
    <div className={className} part={part} role="alert">
      <span>{again ? PART_FAILED_AGAIN_LINE : PART_FAILED_LINE}</span>
      {again ? (
        <button type="button" className={buttonClassName} onClick={() => location.reload()}>
          Reload
        </button>
      ) : (
        <button type="button" className={buttonClassName} onClick={onRetry} disabled={retrying}>
          {retrying && retryingLabel ? retryingLabel : 'Retry'}
        </button>
      )}
    </div>
  );
}

interface Props {
  /** What loads the part again (the `retry` of its retryableLazy). */
  retry?: () => void;
  /** A nicety (a preview, a tutorial, an intro card): a failure shows nothing at all. */
  quiet?: boolean;
  children: ReactNode;
}

export class PartBoundary extends Component<Props, { failures: number; failed: boolean }> {
  static override contextType = WidgetContext;
  declare context: ContextType<typeof WidgetContext>;
  override state = { failures: 0, failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    this.setState((s) => ({ failures: s.failures + 1 }));
    const tag = this.context?.tag ?? 'element';
    console.error(`<${tag}>: a part of it could not load or render.`, error);
    this.context?.announce(Events.widgetError, { tag, message: String(error) });
  }

  private readonly retry = () => {
    this.props.retry?.();
    this.setState({ failed: false });
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    if (this.props.quiet) return null;
    return <PartFailedNote again={this.state.failures > 1} onRetry={this.retry} />;
  }
}
