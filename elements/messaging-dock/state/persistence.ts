/**
 * The windows kept across reloads, wired (rules in elements/messaging-dock/model/window-persistence.ts): on
 * start the stored windows come back in their states, then every change is written, debounced
 * 50 ms, and what another tab of the user writes is followed here (README, "Many tabs, one user"). A storage failure is announced by safeStorage (`tl-storage-error`) and otherwise ignored.
 */
import { safeStorage, readJson } from '../../../src/core/storage';
import { $session } from '../../../src/session/session';
import { debounce } from '../../../src/models/timing';
import {
  followStoredWindows,
  PERSIST_DEBOUNCE_MS,
  persistenceEnabled,
  restoreWindows,
  shouldStoreWindows,
  storedWindows,
  windowsLayout,
} from '../model/window-persistence';
import { windowStorageKeys } from '../model/window-keys';
import { $focusedWindow, $windows } from './stores';
import { refitWindows } from './windows';

/** Restores the user's windows (when none are shown yet) and keeps storage in step; returns the stop. */
export function startWindowPersistence(): () => void {
  const session = $session.get();
  const user = session.user;
  if (!user || !persistenceEnabled(session.config, user)) return () => {};
  const storage = safeStorage();
  const keys = windowStorageKeys(user.name);

  const readStored = () => restoreWindows(readJson(storage, keys.open), readJson(storage, keys.minimized), $session.get().channels);
  // What storage held when this tab was last in step with it (it wrote or followed it), raw and as
  // a layout: a write that only carries what this tab learned gives way to another tab's newer act.
  const storageNow = () => `${storage.getItem(keys.open)}\n${storage.getItem(keys.minimized)}`;
  const restored = readStored();
  let synced = storageNow();
  let syncedLayout = windowsLayout(restored);

  if ($windows.get().length === 0) {
    if (restored.length > 0) {
      $windows.set(restored);
      // the viewport may be narrower than the one they were stored from
      refitWindows();
    }
  }

  let following = false;
  const write = debounce(() => {
    const windows = $windows.get();
    const layout = windowsLayout(windows);
    if (!shouldStoreWindows({ layout, syncedLayout, storageChanged: storageNow() !== synced })) return;
    const { open, minimized } = storedWindows(windows);
    if (open.length === 0) storage.removeItem(keys.open);
    else storage.setItem(keys.open, JSON.stringify(open));
    if (minimized.length === 0) storage.removeItem(keys.minimized);
    else storage.setItem(keys.minimized, JSON.stringify(minimized));
    synced = storageNow();
    syncedLayout = layout;
  }, PERSIST_DEBOUNCE_MS);
  const stop = $windows.listen(() => {
    if (!following) write();
  });
  // Another tab of the user stored its windows: follow them here (both keys change, one event
  // each, so they are read together a moment later). Not written back: storage already says so.
  // What the user did here in the last 50 ms is stored first, not dropped: it is the newer act.
  const follow = debounce(() => {
    write.flush();
    const stored = readStored();
    synced = storageNow();
    syncedLayout = windowsLayout(stored);
    following = true;
    try {
      const next = followStoredWindows($windows.get(), stored, $focusedWindow.get());
      if (next !== $windows.get()) $windows.set([...next]);
      refitWindows();
    } finally {
      following = false;
    }
  }, PERSIST_DEBOUNCE_MS);
  const onStorage = (event: StorageEvent) => {
    if (event.key === keys.open || event.key === keys.minimized) follow();
  };
  // what the last 50 ms changed is not lost to a closing page
  const onHide = () => write.flush();
  window.addEventListener('pagehide', onHide);
  window.addEventListener('storage', onStorage);
  return () => {
    stop();
    follow.cancel();
    write.flush();
    window.removeEventListener('pagehide', onHide);
    window.removeEventListener('storage', onStorage);
  };
}
