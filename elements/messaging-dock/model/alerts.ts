/**
 * New-message alerts (spec §3 Notification sound, §6 the desktop notifications flag, §9 the
 * desktop notification), no DOM: which conversations got new messages between two polls, when a
 * desktop notification is shown and what it says, and the sound packs.
 */
import type { UnreadData } from '../../../src/messaging/model/conversation';
import { isRecord } from '../../../src/models/record';

/** Spec §9: a desktop notification closes after 5000 ms. */
export const NOTIFICATION_TIMEOUT_MS = 5000;

export function notificationText(blogName: string): string {
  return `New message for ${blogName}`;
}

export interface Arrival {
  /** The user's blog the messages are for (mention key). */
  blogName: string;
  conversationId: string;
  /** How many more unread than before. */
  added: number;
}

/** The conversations whose unread count rose from one poll to the next. */
export function newArrivals(before: UnreadData, after: UnreadData): Arrival[] {
  const out: Arrival[] = [];
  for (const [blogName, counts] of Object.entries(after)) {
    for (const [conversationId, count] of Object.entries(counts)) {
      const previous = before[blogName]?.[conversationId] ?? 0;
      if (count > previous) out.push({ blogName, conversationId, added: count - previous });
    }
  }
  return out;
}

/**
 * A notification while the page is hidden (ours; the README says so), with the feature on and permission granted (spec §9).
 * (Permission is asked only while it is undecided: see shouldAskPermission.)
 */
export function shouldNotify(state: {
  hidden: boolean;
  enabled: boolean;
  permission: 'default' | 'granted' | 'denied' | 'unsupported';
}): boolean {
  return state.hidden && state.enabled && state.permission === 'granted';
}

/** Spec §9: it asks for permission only if the user has not decided yet. */
export function shouldAskPermission(state: { enabled: boolean; permission: 'default' | 'granted' | 'denied' | 'unsupported' }): boolean {
  return state.enabled && state.permission === 'default';
}

export interface NotificationSound {
  name: string;
  filePath: string;
  /** Spec §3: audio/mpeg unless said. */
  fileType: string;
}

export interface SoundPack {
  name: string;
  sounds: NotificationSound[];
}

/** The pack the demo server serves (its files are made there); a page may name another in the config. */
export function defaultSoundPack(apiBase: string): SoundPack {
  return {
    name: 'classic',
    sounds: [{ name: 'new-message', filePath: `${apiBase}/assets/sounds/classic/new-message.wav`, fileType: 'audio/wav' }],
  };
}

/** `config.messaging_sound_pack`, checked: sounds need a name and a path; null when nothing usable. */
export function parseSoundPack(raw: unknown): SoundPack | null {
  if (!isRecord(raw) || !Array.isArray(raw.sounds)) return null;
  const sounds = raw.sounds
    .filter(isRecord)
    .filter((s) => typeof s.name === 'string' && s.name !== '' && typeof s.filePath === 'string' && s.filePath !== '')
    .map((s) => ({
      name: s.name as string,
      filePath: s.filePath as string,
      fileType: typeof s.fileType === 'string' && s.fileType ? s.fileType : 'audio/mpeg',
    }));
  return sounds.length > 0 ? { name: typeof raw.name === 'string' && raw.name ? raw.name : 'custom', sounds } : null;
}

/** The sound to play for an event (the pack's own, else its first). */
export function soundFor(pack: SoundPack, event = 'new-message'): NotificationSound | undefined {
  return pack.sounds.find((s) => s.name === event) ?? pack.sounds[0];
}
