import { useEffect, useRef, useState } from 'react';
import { SHARE_FADE_MS, type SendStatus } from './model/rules';
import { prefersReducedMotion } from '../../src/ui/reduced-motion';
import type { ShareFlavour } from './ShareForms';

/**
 * A send and what follows it: sending, then "Sent!" and the popover fading out (1250 ms, then a
 * 150 ms fade) or "Error!" with the button enabled again. Nothing typed is cleared by a failure.
 */
export function useSend(flavour: ShareFlavour, onDone: () => void) {
  const [status, setStatus] = useState<SendStatus>('idle');
  const [fading, setFading] = useState(false);
  const doneRef = useRef(onDone);
  doneRef.current = onDone;
  useEffect(() => {
    if (status !== 'sent') return;
    const fadeMs = prefersReducedMotion() ? 0 : SHARE_FADE_MS;
    const fade = setTimeout(() => setFading(true), flavour.closeAfterMs);
    const done = setTimeout(() => doneRef.current(), flavour.closeAfterMs + fadeMs);
    return () => {
      clearTimeout(fade);
      clearTimeout(done);
    };
  }, [status, flavour.closeAfterMs]);
  const run = async (send: () => Promise<unknown>): Promise<boolean> => {
    if (status === 'sending' || status === 'sent') return false;
    setStatus('sending');
    try {
      await send();
      setStatus('sent');
      return true;
    } catch {
      setStatus('error');
      return false;
    }
  };
  return { status, fading, run };
}
