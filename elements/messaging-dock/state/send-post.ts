/** Sending a post as a message, for <share-popover> (src/messaging/model/send-post.ts). */
import { $session } from '../../../src/session/session';
import { openConversationError } from '../../../src/messaging/model/conversation';
import { buildPostMessage, buildTextMessage } from '../../../src/messaging/model/send-queue';
import { SEND_POST_CONTEXT, type SendPostRequest } from '../../../src/messaging/model/send-post';
import { currentSender, messagingChannels } from '../../../src/messaging/sender';
import { $windows, showNotice } from './stores';
import { openWithParticipant } from './windows';
import { queueMessage } from './send-queue';

/**
 * Sends a post (and the optional text after it) to one blog and opens that conversation: the
 * answer to `tl-messaging-send-post-request` (<share-popover>). Both messages go through the send queue,
 * so they survive a reload or a lost connection and are delivered once.
 */
export function sendPostAsMessage(req: SendPostRequest): boolean {
  const sender = messagingChannels($session.get().channels).find((c) => c.name === req.sender) ?? currentSender();
  if (!sender) return false;
  const problem = openConversationError(req.recipient);
  if (problem) {
    showNotice(problem);
    return false;
  }
  if (req.recipient.uuid === sender.uuid) return false;
  // Into the conversation already open with that blog, if any, so the messages show in its window.
  const existing = $windows
    .get()
    .find((w) => w.sender.uuid === sender.uuid && w.participants.length === 1 && w.participants[0]!.uuid === req.recipient.uuid);
  const r = req.recipient;
  const target = {
    participant: sender.uuid,
    conversationId: existing?.conversationId,
    participants: [r.uuid],
    to: [{ uuid: r.uuid, name: r.name, ...(r.avatar_url ? { avatar_url: r.avatar_url } : {}) }],
  };
  queueMessage(buildPostMessage(target, { postId: req.postId, blogUuid: req.postBlogUuid }, { context: SEND_POST_CONTEXT }));
  if (req.text) queueMessage(buildTextMessage(target, req.text));
  return openWithParticipant(r, sender);
}
