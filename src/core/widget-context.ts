import { createContext, useContext } from 'react';
import type { AnnouncementName, Announcements } from './announce';
import type { LiveVoice } from '../ui/live-voice';

export interface WidgetContextValue {
  host: HTMLElement;
  shadowRoot: ShadowRoot;
  tag: string;
  /** A unique id for this element instance (owner of its queued dialogs). */
  instanceId: string;
  /** announce() from this element's host: the DOM event (bubbling, composed) and the bus event. */
  announce: <N extends AnnouncementName>(name: N, detail: Announcements[N]) => boolean;
  /** What this element says to screen readers through its one live region (`useSay`). */
  voice: LiveVoice;
}

export const WidgetContext = createContext<WidgetContextValue | null>(null);

export function useWidget(): WidgetContextValue {
  const value = useContext(WidgetContext);
  if (!value) throw new Error('useWidget() used outside a widget root');
  return value;
}
