/** Whether the first-time tutorial is due (decided eagerly; the tutorial itself is a lazy chunk). */
import { useEffect, useState } from 'react';
import { safeStorage } from '../../src/core/storage';
import { $session, updateUser } from '../../src/session/session';
import { pageInstances } from '../../src/core/page-instances';
import { shouldShowTutorial, tutorialStorageKey } from './model/tutorial';

/** The dock showing the tutorial: with several <messaging-dock>s on a page, only the first due does. */
const showing = pageInstances<object>();

/** The server being told again (one call for every dock on the page). */
let telling: Promise<void> | null = null;

/**
 * Seen in this browser but not by the server: tutorial_seen failed on an earlier page (it is only
 * logged then). This page tells the server again, so another browser does not show it either.
 */
function tellServerAgain(): void {
  // The messaging API is not in the dock's first chunk (its conversation window and polling bring
  // it): this rare call loads it.
  telling ??= import('../../src/messaging/api')
    .then((api) => api.markTutorialSeen())
    .then(
      () => updateUser({ messaging_tutorial_seen: true }),
      (error: unknown) => console.warn('[tumblelog] <messaging-dock>: tutorial_seen failed again (remembered in this browser)', error),
    );
  void telling.finally(() => (telling = null));
}

/** Whether this dock should show the tutorial now (decided once, when it mounts). */
export function useTutorialDue(): boolean {
  const [me] = useState(() => ({}));
  const [due, setDue] = useState(false);
  useEffect(() => {
    const s = $session.get();
    if (!s.user || showing.size > 0) return;
    const seenHere = safeStorage().getItem(tutorialStorageKey(s.user.name)) === '1';
    if (seenHere && s.user.messaging_tutorial_seen === false) tellServerAgain();
    if (!shouldShowTutorial(s.config, s.user, seenHere)) return;
    setDue(true);
    return showing.join(me);
  }, [me]);
  return due;
}
