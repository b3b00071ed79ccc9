/**
 * Sending a post as a message (messaging spec §2 "Send-a-post-as-message popover", §4): the
 * request <share-popover> makes of <messaging-dock>, which owns the one send queue. The popover
 * asks; the dock builds the conversation from the sender and the recipient, queues the post
 * message and the optional text, and opens the conversation.
 */
import { MESSAGE_MAX_LENGTH } from './send-queue';
import type { Participant } from './conversation';

export interface SendPostRequest {
  /** The sending blog's name (one of the user's blogs that can message). */
  sender: string;
  recipient: Participant;
  postId: string;
  /** The post's blog uuid. */
  postBlogUuid: string;
  /** The optional message sent after the post. */
  text?: string;
}

/** Sent with the post message; its first segment is one the server accepts (spec §5). */
export const SEND_POST_CONTEXT = 'post-chrome:share';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The request's detail, checked (it may come from page code); null when it cannot be sent. */
export function parseSendPostRequest(detail: unknown): SendPostRequest | null {
  if (!isObject(detail) || !isObject(detail.recipient)) return null;
  const { sender, postId, postBlogUuid, text } = detail;
  const r = detail.recipient;
  if (typeof sender !== 'string' || !sender || typeof postId !== 'string' || !postId || typeof postBlogUuid !== 'string' || !postBlogUuid)
    return null;
  if (typeof r.uuid !== 'string' || !r.uuid || typeof r.name !== 'string' || !r.name) return null;
  if (text !== undefined && (typeof text !== 'string' || text.length > MESSAGE_MAX_LENGTH)) return null;
  const recipient: Participant = {
    tags: [],
    is_blog_following_you: false,
    is_following_blog: false,
    ...(r as Partial<Participant>),
    uuid: r.uuid,
    name: r.name,
    can_receive_messages: r.can_receive_messages !== false,
  };
  return { sender, recipient, postId, postBlogUuid, ...(typeof text === 'string' && text.trim() ? { text } : {}) };
}
