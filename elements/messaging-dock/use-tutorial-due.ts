/** Whether the first-time tutorial is due (decided eagerly; the tutorial itself is a lazy chunk). */
import { useEffect, useState } from 'react';
import { safeStorage } from '../../src/core/storage';
import { $session } from '../../src/session/session';
import { pageInstances } from '../../src/core/page-instances';
import { shouldShowTutorial, tutorialStorageKey } from './model/tutorial';

/** The dock showing the tutorial: with several <messaging-dock>s on a page, only the first due does. */
const showing = pageInstances<object>();

/** Whether this dock should show the tutorial now (decided once, when it mounts). */
export function useTutorialDue(): boolean {
  const [me] = useState(() => ({}));
  const [due, setDue] = useState(false);
  useEffect(() => {
    const s = $session.get();
    if (!s.user || showing.size > 0) return;
    if (!shouldShowTutorial(s.config, s.user, safeStorage().getItem(tutorialStorageKey(s.user.name)) === '1')) return;
    setDue(true);
    return showing.join(me);
  }, [me]);
  return due;
}
