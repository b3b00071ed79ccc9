/**
 * Messaging calls (spec §7), each validated by the conversation model's parsers. Polling and
 * inbox calls are never served from a cache (the server sends `Cache-Control: no-store`).
 *
 *   GET    /svc/conversations                          participant (+ paging: follows _links.next.href)
 *   GET    /svc/conversations/messages                 conversation_id | participants, participant (+ limit, paging)
 *   POST   /svc/conversations/messages                 conversation_id | participants, type, participant, message, post, context, client_id (+ file `data`)
 *   DELETE /svc/conversations/messages                 conversation_id, participant
 *   POST   /svc/conversations/flag                     conversation_id, participant, context (inline), type spam | unblur
 *   GET    /svc/conversations/participant_info         q (blog uuid), participant
 *   GET    /svc/conversations/participant_suggestions  q, participant | limit (8), participant, include_recent
 *   POST   /svc/conversations/tutorial_seen
 *   GET    /services/poll                              token, unread_messages=true, mention_keys (comma list)
 */
import { request, requestData, type Params } from '../api/client';
import { ApiError } from '../errors';
import {
  FAVOURITES_LIMIT,
  parseConversationsResponse,
  parseMessagesResponse,
  parseParticipantInfo,
  parsePollResponse,
  parseSendResponse,
  parseSuggestions,
  type Conversation,
  type ConversationMessage,
  type MessagesPage,
  type Paged,
  type Participant,
  type PollResponse,
} from './model/conversation';
import { sendPayload, type OutgoingMessage } from './model/send-queue';

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** One page of a blog's inbox; pass `href` (a previous answer's `next`) for the next page. */
export function fetchInbox(options: { participant: string; href?: string; signal?: AbortSignal }): Promise<Paged<Conversation>> {
  return requestData(
    options.href ?? '/svc/conversations',
    { ...(options.href ? {} : { query: { participant: options.participant } }), ...withSignal(options.signal) },
    parseConversationsResponse,
  );
}

export interface MessagesQuery {
  /** The sending blog's uuid. */
  participant: string;
  conversationId?: string;
  /** A conversation not yet created: the other participants' uuids. */
  participants?: string[];
  /** Polling: at most this many (newest) messages. */
  limit?: number;
  /** Paging: a previous answer's `previous` / `next` href. */
  href?: string;
  signal?: AbortSignal;
}

/**
 * A conversation's messages. For a new conversation (no conversation id) a 404 is an empty
 * success (spec §8); every other failure rejects with an ApiError.
 */
export async function fetchMessages(q: MessagesQuery): Promise<MessagesPage> {
  const query: Params = { participant: q.participant };
  if (q.conversationId) query.conversation_id = q.conversationId;
  else if (q.participants) query.participants = q.participants;
  if (q.limit !== undefined) query.limit = q.limit;
  try {
    return await requestData(
      q.href ?? '/svc/conversations/messages',
      { ...(q.href ? {} : { query }), ...withSignal(q.signal) },
      parseMessagesResponse,
    );
  } catch (error) {
    if (!q.conversationId && error instanceof ApiError && error.status === 404) return { items: [], conversation: {} };
    throw error;
  }
}

/** Sends one queued message; images go as multipart with the file in `data`. Resolves with the server's message. */
export function sendMessage(msg: OutgoingMessage, signal?: AbortSignal): Promise<ConversationMessage> {
  const fields = sendPayload(msg);
  if (msg.type === 'IMAGE') {
    if (!msg.image?.file) return Promise.reject(new ApiError('http', 0, 'An image message needs its file'));
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) {
      for (const v of Array.isArray(value) ? value : [value]) body.append(key, v);
    }
    body.append('data', msg.image.file);
    return requestData('/svc/conversations/messages', { method: 'POST', multipart: body, ...withSignal(signal) }, parseSendResponse);
  }
  return requestData('/svc/conversations/messages', { method: 'POST', form: fields, ...withSignal(signal) }, parseSendResponse);
}

/** Deletes the conversation for the sending blog. */
export async function deleteConversation(conversationId: string, participant: string): Promise<void> {
  await request('/svc/conversations/messages', { method: 'DELETE', query: { conversation_id: conversationId, participant } });
}

/** Deletes one message from the sending blog's view (the message controls' Delete). */
export async function deleteMessage(options: { conversationId: string; participant: string; messageId: string }): Promise<void> {
  await request(`/svc/conversations/messages/${encodeURIComponent(options.messageId)}`, {
    method: 'DELETE',
    query: { conversation_id: options.conversationId, participant: options.participant },
  });
}

/** Reports spam (type spam) or reveals blurred images (type unblur); the result is only logged. */
export async function flagConversation(options: {
  conversationId: string;
  participant: string;
  type: 'spam' | 'unblur';
  context?: string;
}): Promise<void> {
  await request('/svc/conversations/flag', {
    method: 'POST',
    form: {
      conversation_id: options.conversationId,
      participant: options.participant,
      context: options.context ?? 'inline',
      type: options.type,
    },
  });
}

/** Extra participant info (icebreakers header, theme). `q` is the blog's uuid. */
export function fetchParticipantInfo(q: string, participant: string, signal?: AbortSignal): Promise<Participant> {
  return requestData('/svc/conversations/participant_info', { query: { q, participant }, ...withSignal(signal) }, parseParticipantInfo);
}

/** Favourite recipients (empty query). */
export function fetchFavourites(options: {
  participant: string;
  limit?: number;
  includeRecent?: boolean;
  signal?: AbortSignal;
}): Promise<Participant[]> {
  return requestData(
    '/svc/conversations/participant_suggestions',
    {
      query: { limit: options.limit ?? FAVOURITES_LIMIT, participant: options.participant, include_recent: options.includeRecent ?? true },
      ...withSignal(options.signal),
    },
    parseSuggestions,
  );
}

/** Recipient search by query. */
export function searchParticipants(q: string, participant: string, signal?: AbortSignal): Promise<Participant[]> {
  return requestData('/svc/conversations/participant_suggestions', { query: { q, participant }, ...withSignal(signal) }, parseSuggestions);
}

/**
 * Recipient search with the spec's rules: results cached per query (and sending blog), and a new
 * request cancels the one in flight (which rejects with ApiError 'aborted').
 */
export class ParticipantSearch {
  private readonly cache = new Map<string, Participant[]>();
  private controller: AbortController | null = null;

  search(q: string, participant: string): Promise<Participant[]> {
    this.cancel();
    const key = `${participant}\n${q.trim().toLowerCase()}`;
    const cached = this.cache.get(key);
    if (cached) return Promise.resolve(cached);
    const controller = new AbortController();
    this.controller = controller;
    return searchParticipants(q.trim(), participant, controller.signal).then(
      (result) => {
        this.cache.set(key, result);
        if (this.controller === controller) this.controller = null;
        return result;
      },
      (error: unknown) => {
        if (this.controller === controller) this.controller = null;
        throw error;
      },
    );
  }

  cancel(): void {
    this.controller?.abort();
    this.controller = null;
  }

  clear(): void {
    this.cache.clear();
  }
}

/** Tells the server the messaging tutorial was seen (JSON answer expected). */
export async function markTutorialSeen(): Promise<void> {
  await request('/svc/conversations/tutorial_seen', { method: 'POST' });
}

/** GET /services/poll: unread counts per mention key, or the error flag. */
export function pollUnread(options: { token: string; mentionKeys: readonly string[]; signal?: AbortSignal }): Promise<PollResponse> {
  return requestData(
    '/services/poll',
    { query: { token: options.token, unread_messages: true, mention_keys: options.mentionKeys.join(',') }, ...withSignal(options.signal) },
    parsePollResponse,
  );
}
