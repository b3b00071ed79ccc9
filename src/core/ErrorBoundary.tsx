import { Component, type ReactNode } from 'react';
import { announce } from './announce';
import { Events } from './events';

interface Props {
  tag: string;
  host: HTMLElement;
  /** Called once the error note is shown, so the host's `ready` still settles. */
  onFailed?: () => void;
  children: ReactNode;
}

/** One element's crash shows a small note in its place; the page and other elements carry on. */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(`<${this.props.tag}> failed to render.`, error);
    announce(this.props.host, Events.widgetError, { tag: this.props.tag, message: String(error) });
    this.props.onFailed?.();
  }

  override render() {
    if (this.state.failed) {
      return (
        <span className="tl-widget-error" role="alert" part="error">
          This part of the page could not load.
        </span>
      );
    }
    return this.props.children;
  }
}
