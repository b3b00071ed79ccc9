/**
 * Where the windows kept across reloads are stored (rules in model/window-persistence.ts). Apart
 * from those rules: the dock's first render reads whether any are stored, to load the windows'
 * code at once, and needs nothing else of them.
 */

/** Spec §7: "a key built from the prefix messaging, the user name and the open or minimized key". */
export function windowStorageKeys(userName: string): { open: string; minimized: string } {
  return { open: `messaging:${userName}:open`, minimized: `messaging:${userName}:minimized` };
}
