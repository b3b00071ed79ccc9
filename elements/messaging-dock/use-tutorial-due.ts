/** Whether the first-time tutorial is due (decided eagerly; the tutorial itself is a lazy chunk). */
import { useEffect, useState } from 'react';
import { safeStorage } from '../../src/core/storage';
import { $session } from '../../src/session/session';
import { shouldShowTutorial, tutorialStorageKey } from './model/tutorial';

/** The dock showing the tutorial: with several <messaging-dock>s on a page, only the first does. */
let owner: object | null = null;

/** Whether this dock should show the tutorial now (decided once, when it mounts). */
export function useTutorialDue(): boolean {
  const [me] = useState(() => ({}));
  const [due, setDue] = useState(false);
  useEffect(() => {
    const s = $session.get();
    if (!s.user || owner) return;
    if (!shouldShowTutorial(s.config, s.user, safeStorage().getItem(tutorialStorageKey(s.user.name)) === '1')) return;
    owner = me;
    setDue(true);
    return () => {
      if (owner === me) owner = null;
    };
  }, [me]);
  return due;
}
