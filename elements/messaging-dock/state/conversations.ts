/** Each conversation's loaded data and draft, by window key (kept while its window is minimized). */
import { atom, type WritableAtom } from 'nanostores';
import type { ConversationMessage } from '../../../src/messaging/model/conversation';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface ConversationData {
  status: LoadStatus;
  error?: { message: string; canRetry: boolean; status: number } | undefined;
  retrying: boolean;
  /** Server messages in time order. */
  messages: ConversationMessage[];
  /** Ids of messages that arrived by polling and wait for their batch to be revealed. */
  unrevealed: string[];
  previous?: string | undefined;
  loadingOlder: boolean;
  canSend: boolean;
  fetched: boolean;
  /** The server says images from blogs the user does not follow are blurred here. */
  blurredImages: boolean;
  /** The user revealed them (wins over a fetch that still says blurred). */
  revealed: boolean;
  possibleSpam: boolean;
  /** The participants' extra info (icebreakers) arrived: the intro card can show. */
  introReady: boolean;
}

const EMPTY_DATA: ConversationData = {
  status: 'idle',
  retrying: false,
  messages: [],
  unrevealed: [],
  loadingOlder: false,
  canSend: true,
  fetched: false,
  blurredImages: false,
  revealed: false,
  possibleSpam: false,
  introReady: false,
};
const dataStores = new Map<string, WritableAtom<ConversationData>>();

export function conversationStore(key: string): WritableAtom<ConversationData> {
  let store = dataStores.get(key);
  if (!store) dataStores.set(key, (store = atom<ConversationData>(EMPTY_DATA)));
  return store;
}

export function updateConversation(
  key: string,
  change: Partial<ConversationData> | ((d: ConversationData) => Partial<ConversationData>),
): void {
  const store = conversationStore(key);
  const current = store.get();
  store.set({ ...current, ...(typeof change === 'function' ? change(current) : change) });
}

/** Compose drafts by window key: minimizing or closing the inbox never loses what was typed. */
export const drafts = new Map<string, string>();

/** A conversation's data and draft follow its window to a new key (a new conversation's id). */
export function moveConversationData(key: string, conversationId: string): void {
  const data = dataStores.get(key);
  if (data && !dataStores.has(conversationId)) dataStores.set(conversationId, data);
  const draft = drafts.get(key);
  if (draft !== undefined && !drafts.has(conversationId)) drafts.set(conversationId, draft);
}

export function resetConversations(): void {
  dataStores.clear();
  drafts.clear();
}
