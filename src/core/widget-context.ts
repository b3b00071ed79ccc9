import { createContext, useContext } from 'react';
import { EVENT_PREFIX } from './events';

export interface WidgetContextValue {
  host: HTMLElement;
  shadowRoot: ShadowRoot;
  tag: string;
  /** A unique id for this element instance (owner of its queued dialogs). */
  instanceId: string;
  /** Dispatches `tl-<name>` on the host, bubbling and composed. */
  emit: (name: string, detail?: unknown) => boolean;
}

export const WidgetContext = createContext<WidgetContextValue | null>(null);

export function useWidget(): WidgetContextValue {
  const value = useContext(WidgetContext);
  if (!value) throw new Error('useWidget() used outside a widget root');
  return value;
}

export function emitFrom(host: HTMLElement, name: string, detail?: unknown): boolean {
  const type = name.startsWith(EVENT_PREFIX) ? name : EVENT_PREFIX + name;
  return host.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable: true }));
}
