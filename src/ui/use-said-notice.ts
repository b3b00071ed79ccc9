import { useCallback, useState } from 'react';
import { useSay } from './use-say';

/**
 * A notice shown in place (under a card, in a header) and said through the element's live region:
 * the place shows it, the region is what a screen reader hears, so the place itself is not live.
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
