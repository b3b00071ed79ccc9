/**
 * Fetching one conversation's messages for its window: the first load (and Retry), the newest
 * few after polling says there are unread ones, and older pages while scrolling up.
 */
import { fetchMessages, fetchParticipantInfo } from '../../../src/messaging/api';
import { mergeParticipantInfo } from '../model/icebreakers';
import { ApiError } from '../../../src/errors';
import { $session } from '../../../src/session/session';
import {
  conversationError,
  mergeMessages,
  otherParticipants,
  participantNames,
  unreadFetchSize,
  type Conversation,
} from '../../../src/messaging/model/conversation';
import type { DockWindow } from '../model/dock';
import { dockFeature } from '../model/features';
import { $windows } from './stores';
import { conversationStore, updateConversation, type ConversationData } from './conversations';
import { markRead } from './unread';
import { renameWindow, updateWindowParticipants } from './windows';

const inFlight = new Map<string, AbortController>();
let lastGenericError: string | undefined;

function query(win: DockWindow) {
  return win.conversationId
    ? { participant: win.sender.uuid, conversationId: win.conversationId }
    : { participant: win.sender.uuid, participants: win.participants.map((p) => p.uuid) };
}

/** Applies what a messages answer says about the conversation (its id, participants, can_send). */
function adopt(win: DockWindow, conversation: Partial<Conversation>, messagesKey: string): string {
  let key = messagesKey;
  const own = $session.get().channels.map((c) => c.uuid);
  if (conversation.participants && conversation.participants.length > 0) {
    const others = otherParticipants(conversation.participants, own);
    if (others.length > 0) updateWindowParticipants(key, others);
  }
  if (conversation.id && !win.conversationId) {
    renameWindow(key, conversation.id);
    key = conversation.id;
  }
  if (conversation.id) markRead(win.sender.name, conversation.id);
  return key;
}

/** What a messages answer says about sending, spam and blurring (what it leaves out stays). */
function conversationFlags(
  conversation: Partial<Conversation>,
  d: ConversationData,
): Pick<ConversationData, 'canSend' | 'blurredImages' | 'possibleSpam'> {
  return {
    canSend: conversation.can_send ?? d.canSend,
    blurredImages: conversation.is_blurred_images ?? d.blurredImages,
    possibleSpam: conversation.is_possible_spam ?? d.possibleSpam,
  };
}

/** The first load of a window (and Retry). Spec §8: a 404 on a new conversation is empty; errors by status and code. */
export async function loadConversation(win: DockWindow, options: { retry?: boolean } = {}): Promise<void> {
  const key = win.key;
  inFlight.get(key)?.abort();
  const controller = new AbortController();
  inFlight.set(key, controller);
  updateConversation(key, options.retry ? { retrying: true } : { status: 'loading', error: undefined });
  try {
    const page = await fetchMessages({ ...query(win), signal: controller.signal });
    const finalKey = adopt(win, page.conversation, key);
    updateConversation(finalKey, (d) => ({
      status: 'ready',
      error: undefined,
      retrying: false,
      fetched: true,
      messages: mergeMessages(d.messages, page.items),
      previous: page.previous,
      ...conversationFlags(page.conversation, d),
    }));
    // Spec §4: with no further page, the participants' extra info is loaded for the intro card.
    if (!page.previous) void loadIcebreakers(win, finalKey);
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'aborted') return;
    const status = error instanceof ApiError ? error.status : 0;
    const code = error instanceof ApiError ? error.code : undefined;
    const view = conversationError(status, code, participantNames(win.participants.map((p) => p.name)), { previous: lastGenericError });
    lastGenericError = view.message;
    // Not `fetched`: a window opened again (closed and reopened, unminimized, or restored after a
    // reload) loads once more instead of showing the old failure for good.
    updateConversation(key, { status: 'error', retrying: false, fetched: false, error: { ...view, status } });
  } finally {
    if (inFlight.get(key) === controller) inFlight.delete(key);
  }
}

/** participant_info for each other participant, merged (with its theme) into the window's; then the card shows. */
async function loadIcebreakers(win: DockWindow, key: string): Promise<void> {
  if (!dockFeature($session.get().config, 'icebreakers') || conversationStore(key).get().introReady) return;
  try {
    const infos = await Promise.all(win.participants.map((p) => fetchParticipantInfo(p.uuid, win.sender.uuid)));
    const current = $windows.get().find((w) => w.key === key)?.participants ?? win.participants;
    updateWindowParticipants(
      key,
      current.map((p) => {
        const info = infos.find((i) => i.uuid === p.uuid);
        return info ? mergeParticipantInfo(p, info) : p;
      }),
    );
    updateConversation(key, { introReady: true });
  } catch {
    // the card is a nicety: without the info the conversation simply starts with its messages
  }
}

/** Polling saw `unread` new messages while the list is at the bottom: fetch the newest min(10, unread + 5). */
export async function fetchNewest(win: DockWindow, unread: number): Promise<void> {
  const key = win.key;
  if (inFlight.has(key) || !win.conversationId) return;
  const controller = new AbortController();
  inFlight.set(key, controller);
  try {
    const page = await fetchMessages({ ...query(win), limit: unreadFetchSize(unread), signal: controller.signal });
    adopt(win, page.conversation, key);
    updateConversation(key, (d) => {
      const known = new Set(d.messages.map((m) => m.id));
      const arrived = page.items.filter((m) => !known.has(m.id) && m.participant !== win.sender.uuid).map((m) => m.id);
      return {
        messages: mergeMessages(d.messages, page.items),
        unrevealed: [...d.unrevealed, ...arrived],
        fetched: true,
        ...conversationFlags(page.conversation, d),
      };
    });
  } catch {
    // polling will say so again; the pill stays
  } finally {
    if (inFlight.get(key) === controller) inFlight.delete(key);
  }
}

/** The page before the oldest loaded message (scrolling up); returns how many were added. */
export async function loadOlder(win: DockWindow): Promise<number> {
  const key = win.key;
  const data = conversationStore(key).get();
  if (!data.previous || data.loadingOlder) return 0;
  updateConversation(key, { loadingOlder: true });
  try {
    const page = await fetchMessages({ ...query(win), href: data.previous });
    const before = conversationStore(key).get().messages.length;
    updateConversation(key, (d) => ({ messages: mergeMessages(d.messages, page.items), previous: page.previous, loadingOlder: false }));
    // Spec §4: the oldest page is in, so the intro card may head the conversation now.
    if (!page.previous) void loadIcebreakers(win, key);
    return conversationStore(key).get().messages.length - before;
  } catch {
    updateConversation(key, { loadingOlder: false });
    return 0;
  }
}
