/**
 * What changes without the focus moving (a message arriving, a send failing, a post saved, a like,
 * a follow, an upload starting and ending) is said once through one polite live region per
 * element, so a screen reader hears it without the user going to look.
 *
 * The element's region is rendered by the runtime at the top of its shadow root. While one of the
 * element's modal dialogs is open, everything outside it is inert and screen readers ignore live
 * regions there; so `Dialog` renders a region inside itself, and while it is open that one speaks
 * instead (the innermost open one: a confirmation over a form). One region speaks at a time.
 */
import { useCallback, useLayoutEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { atom, type WritableAtom } from 'nanostores';
import { useWidget } from '../core/widget-context';

interface Said {
  text: string;
  /** Counts what was said: the same text said twice is a new node, so it is heard twice. */
  n: number;
  /** The region that was speaking when it was said: only it says it (a region taking over later must not repeat it). */
  to: symbol | undefined;
}

/** One element's voice: what it said last, and which of its regions speaks (the last one mounted). */
export interface LiveVoice {
  say(text: string): void;
  $said: WritableAtom<Said>;
  /** The mounted regions, in mounting order: the last one speaks. */
  speakers: symbol[];
}

export function createLiveVoice(): LiveVoice {
  const $said = atom<Said>({ text: '', n: 0, to: undefined });
  const speakers: symbol[] = [];
  return {
    $said,
    speakers,
    say(text) {
      if (text) $said.set({ text, n: $said.get().n + 1, to: speakers[speakers.length - 1] });
    },
  };
}

/** `say(text)`: tells screen readers, politely, what just happened in this element. */
export function useSay(): (text: string) => void {
  return useWidget().voice.say;
}

/**
 * A polite live region, present and empty from the start (a region that appears with its text is
 * not reliably heard). It shows only what was said while it was the one speaking: a dialog that
 * closes hands the voice back without the element's region repeating what the dialog said.
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

/**
 * A notice shown in place (under a card, in a header) and said through the element's region: the
 * place shows it, the region is what a screen reader hears, so the place itself is not live.
 */
export function useSaidNotice(): [notice: string, show: (text: string) => void] {
  const say = useSay();
  const [notice, setNotice] = useState('');
  const show = useCallback(
    (text: string) => {
      setNotice(text);
      say(text);
    },
    [say],
  );
  return [notice, show];
}
