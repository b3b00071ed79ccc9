/**
 * The one way elements keep things in the browser (drafts, unsent messages, preferences). Storage
 * can be missing, refused (private mode, blocked cookies) or full; nothing here ever throws.
 * A failure is announced once per key and kind as `tl-storage-error` `{ key, error }` on
 * `document`, and the caller carries on with what it has in memory.
 */
import { announce } from './announce';
import { Events } from './events';

/** localStorage's shape (what src/models/send-queue.ts takes, too). */
export interface SafeStorage {
  getItem(key: string): string | null;
  /** False when the value could not be kept. */
  setItem(key: string, value: string): boolean;
  removeItem(key: string): void;
}

const reported = new Set<string>();

function report(key: string, error: unknown): void {
  const name = error instanceof Error ? error.name : 'Error';
  if (reported.has(`${key} ${name}`)) return;
  reported.add(`${key} ${name}`);
  console.warn(`[tumblelog] storage failed for "${key}": what it held lives only until the page closes`, error);
  if (typeof document !== 'undefined') announce(document, Events.storageError, { key, error: String(error) });
}

function backing(kind: 'local' | 'session'): Storage {
  // Reading the property itself throws where storage is blocked.
  const storage = kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  if (!storage) throw new Error(`${kind}Storage is not available`);
  return storage;
}

/** localStorage (or sessionStorage) behind a wrapper that reports failures instead of throwing. */
export function safeStorage(kind: 'local' | 'session' = 'local'): SafeStorage {
  return {
    getItem(key) {
      try {
        return backing(kind).getItem(key);
      } catch (error) {
        report(key, error);
        return null;
      }
    },
    setItem(key, value) {
      try {
        backing(kind).setItem(key, value);
        return true;
      } catch (error) {
        report(key, error);
        return false;
      }
    },
    removeItem(key) {
      try {
        backing(kind).removeItem(key);
      } catch (error) {
        report(key, error);
      }
    },
  };
}

/** A JSON value from storage, or null when absent or not JSON. */
export function readJson(storage: SafeStorage, key: string): unknown {
  const raw = storage.getItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}
