/**
 * Conversation windows kept across reloads (spec §3 Stored conversation window state, §5
 * persistence, §7 local storage, §9 the 50 ms debounce), no DOM: what is stored, under which
 * keys, when it applies, and how a stored list becomes windows again. Storage itself is injected.
 */
import { parseTheme, type MessagingTheme, type Participant } from '../../../src/messaging/model/conversation';
import { windowKey, type DockWindow } from './dock';
import { dockFeature } from './features';
import { isRecord } from '../../../src/models/record';

/** Spec §9: the stored windows follow the live ones, debounced 50 ms. */
export const PERSIST_DEBOUNCE_MS = 50;

/** Spec §3: id, participantUuid (the sending blog), participants (uuid, url, name, avatar_url, theme), lastOpenedDateTs. */
export interface StoredWindow {
  /** The conversation id; absent for a conversation not created yet (its first message is unsent). */
  id?: string;
  participantUuid: string;
  participants: { uuid: string; url?: string; name: string; avatar_url?: string; theme?: MessagingTheme }[];
  lastOpenedDateTs: number;
}

/** Spec §5: persistence only when the config enables it (see dockFeature) and the user's e-mail is verified. */
export function persistenceEnabled(config: Record<string, unknown>, user: { is_verified_email?: boolean } | null): boolean {
  return dockFeature(config, 'persistence') && user?.is_verified_email === true;
}

function toStored(win: DockWindow): StoredWindow {
  return {
    ...(win.conversationId ? { id: win.conversationId } : {}),
    participantUuid: win.sender.uuid,
    participants: win.participants.map((p) => ({
      uuid: p.uuid,
      name: p.name,
      ...(p.url ? { url: p.url } : {}),
      ...(p.avatar_url ? { avatar_url: p.avatar_url } : {}),
      ...(p.theme ? { theme: p.theme } : {}),
    })),
    lastOpenedDateTs: win.openedAt,
  };
}

/** The two stored lists for the live windows, each in display order. */
export function storedWindows(windows: readonly DockWindow[]): { open: StoredWindow[]; minimized: StoredWindow[] } {
  return {
    open: windows.filter((w) => !w.minimized).map(toStored),
    minimized: windows.filter((w) => w.minimized).map(toStored),
  };
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

function parseStoredParticipant(raw: unknown): Participant | null {
  if (!isRecord(raw)) return null;
  const uuid = text(raw.uuid);
  const name = text(raw.name);
  if (!uuid || !name) return null;
  const theme = parseTheme(raw.theme);
  return {
    uuid,
    name,
    ...(text(raw.url) ? { url: text(raw.url)! } : {}),
    ...(text(raw.avatar_url) ? { avatar_url: text(raw.avatar_url)! } : {}),
    ...(theme ? { theme } : {}),
    tags: [],
    // a window is only ever opened for a blog that could receive; the conversation fetch says otherwise if that changed
    can_receive_messages: true,
    is_blog_following_you: false,
    is_following_blog: false,
  };
}

/**
 * Windows from what storage held (anything else: none). A window whose sending blog is not one of
 * the user's own any more, or with no valid participant, is dropped; so are duplicates.
 */
export function restoreWindows(open: unknown, minimized: unknown, senders: readonly { uuid: string; name: string }[]): DockWindow[] {
  const out: DockWindow[] = [];
  const seen = new Set<string>();
  const take = (list: unknown, isMinimized: boolean) => {
    if (!Array.isArray(list)) return;
    for (const raw of list) {
      if (!isRecord(raw)) continue;
      const sender = senders.find((s) => s.uuid === raw.participantUuid);
      const participants = Array.isArray(raw.participants)
        ? raw.participants.map(parseStoredParticipant).filter((p): p is Participant => p !== null)
        : [];
      if (!sender || participants.length === 0) continue;
      const conversationId = text(raw.id);
      const key = windowKey({ conversationId, sender: sender.uuid, participants: participants.map((p) => p.uuid) });
      if (seen.has(key)) continue;
      seen.add(key);
      const openedAt = typeof raw.lastOpenedDateTs === 'number' && Number.isFinite(raw.lastOpenedDateTs) ? raw.lastOpenedDateTs : 0;
      out.push({
        key,
        ...(conversationId ? { conversationId } : {}),
        sender: { name: sender.name, uuid: sender.uuid },
        participants,
        minimized: isMinimized,
        openedAt,
      });
    }
  };
  take(open, false);
  take(minimized, true);
  return out;
}

/**
 * The windows another of the user's tabs stored (README, "Many tabs, one user"): its windows, in
 * its order and states, each kept as this tab has it where it has it already (what it learned of
 * its participants stays). The window holding the focus here (`inUse`) stays open here whatever the
 * other tab did with it. Returns `current` itself when nothing differs.
 */
export function followStoredWindows(
  current: readonly DockWindow[],
  stored: readonly DockWindow[],
  inUse: string | null = null,
): readonly DockWindow[] {
  const same = (a: DockWindow, b: DockWindow) =>
    a.key === b.key || a.aliasKey === b.key || (a.conversationId !== undefined && a.conversationId === b.conversationId);
  const held = inUse === null ? undefined : current.find((w) => w.key === inUse && !w.minimized);
  const next = stored.map((s) => {
    const mine = current.find((w) => same(w, s));
    if (mine && mine === held) return mine;
    // what the other tab opened shows here without taking the focus from what the user does here
    return mine ? (mine.minimized === s.minimized ? mine : { ...mine, minimized: s.minimized, quiet: true }) : { ...s, quiet: true };
  });
  if (held && !next.includes(held)) next.push(held);
  return next.length === current.length && next.every((w, i) => w === current[i]) ? current : next;
}

/**
 * Which windows are shown, in which order and state, apart from what a tab learns about them (a
 * new conversation's id, its participants' details). A change of it is something the user did.
 */
export function windowsLayout(windows: readonly DockWindow[]): string {
  return windows
    .map(
      (w) =>
        `${w.sender.uuid}>${w.participants
          .map((p) => p.uuid)
          .sort()
          .join(',')}:${w.minimized ? 'minimized' : 'open'}`,
    )
    .join(' ');
}

/**
 * Whether a tab stores its windows now (README, "Many tabs, one user"). What the user did here is
 * stored: the last act wins. A change that only carries what this tab learned is not stored once
 * another tab has stored its windows since this tab was last in step with storage: that tab's act
 * is newer (a window closed there must not come back from here), and it is followed here instead.
 */
export function shouldStoreWindows(change: { layout: string; syncedLayout: string; storageChanged: boolean }): boolean {
  return change.layout !== change.syncedLayout || !change.storageChanged;
}
