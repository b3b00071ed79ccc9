/**
 * The page's part in the user's tabs working together (README, "Many tabs, one user"): a session
 * ended in another tab ends it here, and likes, follows and blocks made there show here. A chunk
 * of its own, loaded beside the runtime rather than inside it: nothing on screen waits for it.
 */
import { watchSessionEnd } from '../session/session-end';
import { shareStoresAcrossTabs } from './shared-stores';

export function startPageTabs(): void {
  watchSessionEnd();
  shareStoresAcrossTabs();
}
