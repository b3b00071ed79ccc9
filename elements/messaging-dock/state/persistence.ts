/**
 * The windows kept across reloads, wired (rules in elements/messaging-dock/model/window-persistence.ts): on
 * start the stored windows come back in their states, then every change is written, debounced
 * 50 ms. A storage failure is announced by safeStorage (`tl-storage-error`) and otherwise ignored.
 */
import { safeStorage, readJson } from '../../../src/core/storage';
import { $session } from '../../../src/session/session';
import { debounce } from '../../../src/models/timing';
import { PERSIST_DEBOUNCE_MS, persistenceEnabled, restoreWindows, storedWindows, windowStorageKeys } from '../model/window-persistence';
import { $windows } from './stores';
import { refitWindows } from './windows';

/** Restores the user's windows (when none are shown yet) and keeps storage in step; returns the stop. */
export function startWindowPersistence(): () => void {
  const session = $session.get();
  const user = session.user;
  if (!user || !persistenceEnabled(session.config, user)) return () => {};
  const storage = safeStorage();
  const keys = windowStorageKeys(user.name);

  if ($windows.get().length === 0) {
    const restored = restoreWindows(readJson(storage, keys.open), readJson(storage, keys.minimized), session.channels);
    if (restored.length > 0) {
      $windows.set(restored);
      // the viewport may be narrower than the one they were stored from
      refitWindows();
    }
  }

  const write = debounce(() => {
    const { open, minimized } = storedWindows($windows.get());
    if (open.length === 0) storage.removeItem(keys.open);
    else storage.setItem(keys.open, JSON.stringify(open));
    if (minimized.length === 0) storage.removeItem(keys.minimized);
    else storage.setItem(keys.minimized, JSON.stringify(minimized));
  }, PERSIST_DEBOUNCE_MS);
  const stop = $windows.listen(() => write());
  // what the last 50 ms changed is not lost to a closing page
  const onHide = () => write.flush();
  window.addEventListener('pagehide', onHide);
  return () => {
    stop();
    write.flush();
    window.removeEventListener('pagehide', onHide);
  };
}
