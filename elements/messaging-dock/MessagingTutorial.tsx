/**
 * The first-time messaging tutorial (spec §2, §7, §9; rules in elements/messaging-dock/model/tutorial.ts):
 * 'Talk to a Tumblr' pointing at the inbox balloon (the header's, or the dock's own), with
 * confetti (none under reduced motion). 'Send a message' opens the inbox; Escape or the overlay
 * just close it. Once it is removed the server is told, and it never shows again for the user.
 */
import { useMemo, useState } from 'react';
import { markTutorialSeen } from '../../src/messaging/api';
import { safeStorage } from '../../src/core/storage';
import { useWidget } from '../../src/core/widget-context';
import { Events } from '../../src/core/events';
import { $session, updateUser } from '../../src/session/session';
import { setInboxOpen } from '../../src/stores/inbox';
import { normalizeTutorialConfig } from '../../src/models/tutorial';
import { TUTORIAL_NAME, TUTORIAL_OK, TUTORIAL_TEXT, TUTORIAL_TITLE, tutorialStorageKey } from './model/tutorial';
import { TutorialPopover } from '../../src/ui/TutorialPopover';
import { Confetti } from '../../src/ui/Confetti';

export default function MessagingTutorial({ target, atTop }: { target: Element; atTop: boolean }) {
  const { announce } = useWidget();
  const [done, setDone] = useState(false);
  const config = useMemo(
    () =>
      normalizeTutorialConfig({
        name: TUTORIAL_NAME,
        title: TUTORIAL_TITLE,
        content: TUTORIAL_TEXT,
        ok_text: TUTORIAL_OK,
        position: atTop ? 'bottom' : 'top',
        isFadeOnScroll: false,
      })!,
    [atTop],
  );
  if (done) return null;
  return (
    <TutorialPopover
      config={config}
      target={target}
      part="tutorial"
      onDismiss={() => {
        announce(Events.tutorialDismiss, { name: TUTORIAL_NAME });
        setInboxOpen(true);
      }}
      onRemoved={() => {
        setDone(true);
        const user = $session.get().user;
        if (user) {
          safeStorage().setItem(tutorialStorageKey(user.name), '1');
          // every dock on the page (and a later one) sees it as seen
          updateUser({ messaging_tutorial_seen: true });
        }
        void markTutorialSeen().catch((error: unknown) =>
          console.warn('[tumblelog] <messaging-dock>: tutorial_seen failed (remembered in this browser)', error),
        );
        announce(Events.tutorialRemoved, { name: TUTORIAL_NAME });
      }}
    >
      <Confetti />
    </TutorialPopover>
  );
}
