import { useWidget } from '../core/widget-context';

/** `say(text)`: tells screen readers, politely, what just happened in this element (src/ui/live-voice.ts). */
export function useSay(): (text: string) => void {
  return useWidget().voice.say;
}
