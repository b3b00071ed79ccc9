/**
 * The message send queue (spec §4 Message, §5, §8 Send failure), no DOM.
 *
 *  - A message is queued, then pending while sending, then sent — or error.
 *  - Messages are sent one at a time in the order they were queued; flushing stops at the first
 *    failure (later messages stay queued behind a failure that can be retried).
 *  - 403 and 404 cannot be retried: the message is marked failed ('Could not send',
 *    "Can't send this post." with 'Close'); anything else can ('Retry', with a random line such as
 *    "Hrm. Post didn't send."); 'Trying...' while pending.
 *  - Every message carries a client id (`client_id` on the wire) the server de-duplicates on, so a
 *    send whose answer was lost can be sent again safely: delivered exactly once.
 *  - Unsent messages are persisted per user through an injected localStorage-shaped storage, so a
 *    reload loses none. The user's tabs share that record: each save replaces only the entries
 *    this queue has held, so one tab never erases another's unsent messages. Storage failures (quota, security) are reported, never thrown. Image
 *    messages carrying a file are not persisted (a File cannot be stored in localStorage).
 */
import { ApiError } from '../../errors';
import { isRecord } from '../../models/record';
import { randomId } from '../../models/random-id';
import { unsentStorageKey } from './storage-keys';

export type OutgoingType = 'TEXT' | 'POSTREF' | 'IMAGE';
export type SendState = 'queued' | 'pending' | 'sent' | 'error';

/** Spec §5: message textarea limit. */
export const MESSAGE_MAX_LENGTH = 4096;
/** Spec §5: the context is sent to the server only if its first segment is one of these. */
export const SENDABLE_CONTEXTS: readonly string[] = ['post-chrome', 'messaging-gif', 'messaging-image-upload'];

export const SEND_RETRY_LABEL = 'Retry';
export const SEND_FAILED_LABEL = 'Could not send';
export const SEND_PENDING_LABEL = 'Trying...';
/** Spec §8: the line for a failure that cannot be retried, with a 'Close' button. */
export const SEND_NOT_RETRYABLE_LINE = "Can't send this post.";
export const SEND_CLOSE_LABEL = 'Close';
/** Spec §8: "a random message such as 'Hrm. Post didn't send.'" — the others are ours. */
export const SEND_FAILURE_LINES: readonly string[] = [
  "Hrm. Post didn't send.",
  "Well, that didn't go through.",
  'Your message got lost on the way.',
  "Uh-oh. That one didn't make it.",
];
/** Statuses that mean "do not retry" (spec §4, §8). */
export const NOT_RETRYABLE_STATUSES: readonly number[] = [403, 404];

export interface PostRef {
  id: string;
  /** The post's blog uuid. */
  blog: string;
  /** Image-post messages: the media shown before the server answers. */
  mediaUrl?: string;
  width?: number;
  height?: number;
}

export interface ImageAttachment {
  width: number;
  height: number;
  /** The file to upload (multipart field `data`); not persisted. */
  file?: Blob;
  /** A local preview (object URL); not persisted. */
  previewUrl?: string;
}

export interface OutgoingMessage {
  clientId: string;
  /** When it was queued (ms). */
  clientTs: number;
  type: OutgoingType;
  /** The sending blog's uuid. */
  participant: string;
  conversationId?: string;
  /** A new conversation: the participants' uuids. */
  participants?: string[];
  message?: string;
  post?: PostRef;
  image?: ImageAttachment;
  context?: string;
  creationUserAction?: string;
  /** Who it goes to, for showing it (e.g. reopening its window after a reload); never sent. */
  to?: Recipient[];
  state: SendState;
  canRetry: boolean;
  errorStatus?: number;
  errorLine?: string;
}

/** A recipient as the dock shows it. */
export interface Recipient {
  uuid: string;
  name: string;
  avatar_url?: string;
}

/** Where a message goes: an existing conversation, or participants of a new one. */
export interface MessageTarget {
  participant: string;
  conversationId?: string | undefined;
  participants?: string[] | undefined;
  to?: Recipient[] | undefined;
}

export interface BuildOptions {
  context?: string;
  creationUserAction?: string;
  clientId?: string;
  now?: number;
}

/** The first segment of a context string ('post-chrome:share' → 'post-chrome'). */
export function contextSegment(context: string | undefined): string {
  return (context ?? '').trim().split(/[:/|.,\s]/, 1)[0] ?? '';
}

/** The context to send, or undefined when the spec says it is not sent. */
export function contextToSend(context: string | undefined): string | undefined {
  return context && SENDABLE_CONTEXTS.includes(contextSegment(context)) ? context : undefined;
}

function base(target: MessageTarget, type: OutgoingType, options: BuildOptions): OutgoingMessage {
  if (!target.participant) throw new TypeError('A message needs the sending blog (participant)');
  if (!target.conversationId && !(target.participants && target.participants.length > 0)) {
    throw new TypeError('A message needs a conversation id or participants');
  }
  return {
    // a client id the server can de-duplicate on
    clientId: options.clientId ?? randomId(),
    clientTs: options.now ?? Date.now(),
    type,
    participant: target.participant,
    ...(target.conversationId ? { conversationId: target.conversationId } : {}),
    ...(!target.conversationId && target.participants ? { participants: [...target.participants] } : {}),
    ...(options.context ? { context: options.context } : {}),
    ...(options.creationUserAction ? { creationUserAction: options.creationUserAction } : {}),
    ...(target.to ? { to: target.to.map((r) => ({ ...r })) } : {}),
    state: 'queued',
    canRetry: true,
  };
}

/** A text message; the text must be non-empty once trimmed and at most 4096 characters. */
export function buildTextMessage(target: MessageTarget, text: string, options: BuildOptions = {}): OutgoingMessage {
  if (text.trim() === '') throw new RangeError('Empty text is not sent');
  if (text.length > MESSAGE_MAX_LENGTH) throw new RangeError(`A message is at most ${MESSAGE_MAX_LENGTH} characters`);
  return { ...base(target, 'TEXT', options), message: text };
}

/** A sent post (postId, blog uuid). */
export function buildPostMessage(
  target: MessageTarget,
  post: { postId: string; blogUuid: string },
  options: BuildOptions = {},
): OutgoingMessage {
  if (!post.postId || !post.blogUuid) throw new TypeError('A post message needs a post id and a blog uuid');
  return { ...base(target, 'POSTREF', options), post: { id: post.postId, blog: post.blogUuid } };
}

/** An image post (e.g. a chosen GIF): postId, blog uuid, media url, width, height. */
export function buildImagePostMessage(
  target: MessageTarget,
  post: { postId: string; blogUuid: string; mediaUrl: string; width: number; height: number },
  options: BuildOptions = {},
): OutgoingMessage {
  if (!post.postId || !post.blogUuid) throw new TypeError('An image-post message needs a post id and a blog uuid');
  return {
    ...base(target, 'POSTREF', options),
    post: { id: post.postId, blog: post.blogUuid, mediaUrl: post.mediaUrl, width: post.width, height: post.height },
  };
}

/** An uploaded image (file, width, height). */
export function buildImageMessage(target: MessageTarget, image: ImageAttachment, options: BuildOptions = {}): OutgoingMessage {
  return { ...base(target, 'IMAGE', options), image: { ...image } };
}

/** The fields of POST /svc/conversations/messages for a message (the file travels separately as `data`). */
export function sendPayload(msg: OutgoingMessage): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = { type: msg.type, participant: msg.participant, client_id: msg.clientId };
  if (msg.conversationId) out.conversation_id = msg.conversationId;
  else if (msg.participants) out.participants = [...msg.participants];
  if (msg.message !== undefined) out.message = msg.message;
  if (msg.post) {
    const { id, blog, mediaUrl, width, height } = msg.post;
    // an image post (a GIF) names the picture that was chosen, not just its post
    out.post = JSON.stringify(mediaUrl ? { id, blog, media_url: mediaUrl, width, height } : { id, blog });
  }
  const context = contextToSend(msg.context);
  if (context) out.context = context;
  return out;
}

/** The status of a failure: an ApiError's HTTP status, 0 for anything else (network). */
export function failureStatus(error: unknown): number {
  if (error instanceof ApiError) return error.status;
  if (typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number') {
    return (error as { status: number }).status;
  }
  return 0;
}

export function isRetryableStatus(status: number): boolean {
  return !NOT_RETRYABLE_STATUSES.includes(status);
}

/** A random failure line, never the one shown last time. */
export function sendFailureLine(random: () => number = Math.random, previous?: string): string {
  const pool = SEND_FAILURE_LINES.filter((l) => l !== previous);
  return pool[Math.min(pool.length - 1, Math.floor(random() * pool.length))]!;
}

/** The button on a message: 'Trying...' while pending, 'Retry' or 'Could not send' on error, else none. */
export function sendButtonLabel(msg: Pick<OutgoingMessage, 'state' | 'canRetry'>): string | null {
  if (msg.state === 'pending') return SEND_PENDING_LABEL;
  if (msg.state === 'error') return msg.canRetry ? SEND_RETRY_LABEL : SEND_FAILED_LABEL;
  return null;
}

// ---- persistence ----

/** The part of localStorage the queue uses. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const STORED_VERSION = 1;
const TYPES: readonly OutgoingType[] = ['TEXT', 'POSTREF', 'IMAGE'];

function storable(msg: OutgoingMessage): boolean {
  return msg.state !== 'sent' && !(msg.type === 'IMAGE' && msg.image?.file);
}

function toStored(msg: OutgoingMessage): Record<string, unknown> {
  const { image, ...rest } = msg;
  return image ? { ...rest, image: { width: image.width, height: image.height } } : rest;
}

function recipients(raw: unknown): Recipient[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  const list = raw.flatMap((r) =>
    isRecord(r) && typeof r.uuid === 'string' && typeof r.name === 'string'
      ? [{ uuid: r.uuid, name: r.name, ...(typeof r.avatar_url === 'string' ? { avatar_url: r.avatar_url } : {}) }]
      : [],
  );
  return list.length > 0 ? list : undefined;
}

function fromStored(raw: unknown): OutgoingMessage | null {
  if (!isRecord(raw)) return null;
  const { clientId, clientTs, type, participant, state } = raw;
  if (typeof clientId !== 'string' || !clientId || typeof participant !== 'string' || !participant) return null;
  if (typeof type !== 'string' || !TYPES.includes(type as OutgoingType)) return null;
  if (typeof clientTs !== 'number' || !Number.isFinite(clientTs)) return null;
  const conversationId = typeof raw.conversationId === 'string' && raw.conversationId ? raw.conversationId : undefined;
  const participants = Array.isArray(raw.participants)
    ? raw.participants.filter((p): p is string => typeof p === 'string' && p !== '')
    : undefined;
  if (!conversationId && !(participants && participants.length > 0)) return null;
  const post =
    isRecord(raw.post) && typeof raw.post.id === 'string' && typeof raw.post.blog === 'string'
      ? (raw.post as unknown as PostRef)
      : undefined;
  if (type === 'POSTREF' && !post) return null;
  if (type === 'TEXT' && typeof raw.message !== 'string') return null;
  if (type === 'IMAGE') return null; // without its file an image cannot be sent
  const wasError = state === 'error';
  const canRetry = raw.canRetry !== false;
  return {
    clientId,
    clientTs,
    type: type as OutgoingType,
    participant,
    ...(conversationId ? { conversationId } : { participants: participants! }),
    ...(typeof raw.message === 'string' ? { message: raw.message } : {}),
    ...(post ? { post } : {}),
    ...(typeof raw.context === 'string' ? { context: raw.context } : {}),
    ...(typeof raw.creationUserAction === 'string' ? { creationUserAction: raw.creationUserAction } : {}),
    ...(recipients(raw.to) ? { to: recipients(raw.to)! } : {}),
    // pending at reload: it may or may not have reached the server; the client id makes a resend safe
    state: wasError ? 'error' : 'queued',
    canRetry: wasError ? canRetry : true,
    ...(wasError && typeof raw.errorStatus === 'number' ? { errorStatus: raw.errorStatus } : {}),
    ...(wasError && typeof raw.errorLine === 'string' ? { errorLine: raw.errorLine } : {}),
  };
}

// ---- the queue ----

export interface FlushResult {
  /** Messages sent by this flush. */
  sent: number;
  /** The message that stopped the flush (failed now, or a failure waiting for a retry). */
  stoppedAt?: OutgoingMessage;
}

export interface SendQueueOptions {
  /** Sends one message; resolves with the server's message, rejects with an ApiError. */
  send: (msg: OutgoingMessage) => Promise<unknown>;
  /** localStorage (or a stand-in); null/undefined = no persistence. */
  storage?: StorageLike | null;
  /** Whose unsent messages these are (the storage key). */
  userName?: string;
  /** A message changed state (a copy). */
  onUpdate?: (msg: OutgoingMessage) => void;
  /** A message was delivered; `result` is what `send` resolved with. */
  onSent?: (msg: OutgoingMessage, result: unknown) => void;
  /** A storage read or write failed (quota, security, bad data). Never thrown. */
  onStorageError?: (error: unknown) => void;
  random?: () => number;
}

export class SendQueue {
  private items: OutgoingMessage[] = [];
  /**
   * Every client id this queue has held. The user's other tabs keep their own queues in the same
   * storage record: a save replaces only what this queue knows and keeps the others' entries.
   */
  private readonly known = new Set<string>();
  private readonly options: SendQueueOptions;
  private flushing: Promise<FlushResult> | null = null;
  private lastLine: string | undefined;

  constructor(options: SendQueueOptions) {
    this.options = options;
    this.items = this.load();
    for (const m of this.items) this.known.add(m.clientId);
  }

  /** The unsent messages in order (queued, pending, failed); copies. */
  get messages(): OutgoingMessage[] {
    return this.items.map((m) => ({ ...m }));
  }

  /** Unsent messages of one conversation (or of a new one with these participants). */
  messagesFor(conversationId: string): OutgoingMessage[] {
    return this.items.filter((m) => m.conversationId === conversationId).map((m) => ({ ...m }));
  }

  get isFlushing(): boolean {
    return this.flushing !== null;
  }

  /** Adds a message at the end (state queued). A client id already in the queue is ignored. */
  enqueue(msg: OutgoingMessage): void {
    if (this.items.some((m) => m.clientId === msg.clientId)) return;
    const queued: OutgoingMessage = { ...msg, state: 'queued', canRetry: true };
    delete queued.errorStatus;
    delete queued.errorLine;
    this.items.push(queued);
    this.known.add(queued.clientId);
    this.save();
    this.options.onUpdate?.({ ...queued });
  }

  /**
   * Drops a message: 'Close' on a failed one, or one another tab delivered (the same client id). A
   * message this queue is sending right now stays (the server keeps one copy).
   */
  remove(clientId: string): boolean {
    const index = this.items.findIndex((m) => m.clientId === clientId && m.state !== 'pending');
    if (index < 0) return false;
    this.items.splice(index, 1);
    this.save();
    return true;
  }

  /** Sends queued messages in order; stops at the first failure. Concurrent calls share one run. */
  flush(): Promise<FlushResult> {
    // a flush asked for while one runs: run again after it (messages queued meanwhile are sent)
    if (this.flushing) return this.flushing.then(() => this.flush());
    const run = this.drain().finally(() => {
      this.flushing = null;
    });
    this.flushing = run;
    return run;
  }

  /** Retries one failed message (if it can be retried) and flushes. */
  async retry(clientId: string): Promise<FlushResult | null> {
    const msg = this.items.find((m) => m.clientId === clientId);
    if (!msg || msg.state !== 'error' || !msg.canRetry) return null;
    this.requeue(msg);
    this.save();
    return this.flush();
  }

  /** Back online (or after a reload): every retryable failure is queued again, then a flush. */
  retryAll(): Promise<FlushResult> {
    for (const msg of this.items) if (msg.state === 'error' && msg.canRetry) this.requeue(msg);
    this.save();
    return this.flush();
  }

  private requeue(msg: OutgoingMessage): void {
    msg.state = 'queued';
    delete msg.errorStatus;
    delete msg.errorLine;
    this.options.onUpdate?.({ ...msg });
  }

  private async drain(): Promise<FlushResult> {
    let sent = 0;
    for (;;) {
      // the first message that still matters for the order (permanent failures are skipped)
      const next = this.items.find((m) => !(m.state === 'error' && !m.canRetry));
      if (!next) return { sent };
      if (next.state === 'error') return { sent, stoppedAt: { ...next } };
      if (next.state !== 'queued') return { sent }; // cannot happen: one drain at a time
      next.state = 'pending';
      this.save();
      this.options.onUpdate?.({ ...next });
      let result: unknown;
      try {
        result = await this.options.send({ ...next });
      } catch (error) {
        const status = failureStatus(error);
        next.state = 'error';
        next.canRetry = isRetryableStatus(status);
        next.errorStatus = status;
        if (next.canRetry) {
          next.errorLine = sendFailureLine(this.options.random, this.lastLine);
          this.lastLine = next.errorLine;
        } else {
          next.errorLine = SEND_NOT_RETRYABLE_LINE;
        }
        this.save();
        this.options.onUpdate?.({ ...next });
        // any failure stops this flush (spec); a permanent one is skipped by the next flush
        return { sent, stoppedAt: { ...next } };
      }
      next.state = 'sent';
      const index = this.items.indexOf(next);
      if (index >= 0) this.items.splice(index, 1);
      this.save();
      sent++;
      this.options.onUpdate?.({ ...next });
      this.options.onSent?.({ ...next }, result);
    }
  }

  private key(): string | null {
    const { storage, userName } = this.options;
    return storage && userName ? unsentStorageKey(userName) : null;
  }

  private load(): OutgoingMessage[] {
    const key = this.key();
    if (!key) return [];
    let text: string | null;
    try {
      text = this.options.storage!.getItem(key);
    } catch (error) {
      this.options.onStorageError?.(error);
      return [];
    }
    if (!text) return [];
    try {
      const parsed = JSON.parse(text) as unknown;
      if (!isRecord(parsed) || parsed.v !== STORED_VERSION || !Array.isArray(parsed.messages))
        throw new Error('Unrecognised unsent-messages record');
      const seen = new Set<string>();
      return parsed.messages.map(fromStored).filter((m): m is OutgoingMessage => {
        if (!m || seen.has(m.clientId)) return false;
        seen.add(m.clientId);
        return true;
      });
    } catch (error) {
      this.options.onStorageError?.(error);
      return [];
    }
  }

  private save(): void {
    const key = this.key();
    if (!key) return;
    const storage = this.options.storage!;
    const keep = this.items.filter(storable).map(toStored);
    try {
      const others = this.storedByOthers(storage.getItem(key));
      const all = [...others, ...keep];
      if (all.length === 0) storage.removeItem(key);
      else storage.setItem(key, JSON.stringify({ v: STORED_VERSION, messages: all }));
    } catch (error) {
      this.options.onStorageError?.(error);
    }
  }

  /** The stored entries this queue never held: the user's other tabs' unsent messages. */
  private storedByOthers(text: string | null): unknown[] {
    if (!text) return [];
    try {
      const parsed = JSON.parse(text) as unknown;
      if (!isRecord(parsed) || !Array.isArray(parsed.messages)) return [];
      return parsed.messages.filter((m) => isRecord(m) && typeof m.clientId === 'string' && !this.known.has(m.clientId));
    } catch {
      return []; // a broken record is replaced by what this queue holds
    }
  }
}
