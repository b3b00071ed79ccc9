/**
 * A polite live region: one per element, rendered by the runtime at the top of its shadow root.
 * While one of the element's modal dialogs is open, everything outside it is inert and screen
 * readers ignore live regions there; so `Dialog` renders a region inside itself, and while it is
 * open that one speaks instead (the innermost open one: a confirmation over a form). One region
 * speaks at a time; what to say comes from the element's voice (src/ui/live-voice.ts, `useSay`).
 */
import { useLayoutEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useWidget } from '../core/widget-context';

/**
 * Present and empty from the start (a region that appears with its text is not reliably heard). It
 * shows only what was said while it was the one speaking: a dialog that closes hands the voice
 * back without the element's region repeating what the dialog said.
 */
export function LiveRegion() {
  const { voice } = useWidget();
  const [me] = useState(() => Symbol('live-region'));
  const said = useStore(voice.$said);
  useLayoutEffect(() => {
    voice.speakers.push(me);
    return () => void voice.speakers.splice(voice.speakers.indexOf(me), 1);
  }, [voice, me]);
  return (
    <div className="tl-visually-hidden tl-live-region" role="status" aria-live="polite" aria-atomic="true">
      {said.to === me && <span key={said.n}>{said.text}</span>}
    </div>
  );
}
