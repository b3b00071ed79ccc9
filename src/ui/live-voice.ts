/**
 * One element's voice: what it said last and to which of its live regions (src/ui/LiveRegion.tsx).
 * What changes without the focus moving (a message arriving, a send failing, a post saved, a like,
 * a follow, an upload starting and ending) is said once, politely, so a screen reader hears it
 * without the user going to look. No DOM here: the regions render it.
 */
import { atom, type WritableAtom } from 'nanostores';

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
