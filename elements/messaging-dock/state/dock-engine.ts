/**
 * What the dock runs but does not draw: polling, the tab sync, the send queue and its redelivery,
 * the windows kept across reloads, and the work behind the page's requests. Its own chunk, loaded
 * as the dock mounts (MessagingDock.tsx): the dock's closed state (its button and badge, from the
 * session) paints without waiting for it.
 */
import { parseSendPostRequest } from '../../../src/messaging/model/send-post';
import { sendPostAsMessage } from './send-post';

export { startMessaging } from './lifecycle';
export { onMessageSent } from './send-queue';
export { openByBlogName } from './windows';

/** `tl-messaging-send-post-request`: the post (and any text) queued, and its conversation opened. */
export function sendPostRequested(detail: unknown): void {
  const req = parseSendPostRequest(detail);
  if (req) sendPostAsMessage(req);
  else
    console.error(
      '<messaging-dock>: tl-messaging-send-post-request needs { sender, recipient: { uuid, name }, postId, postBlogUuid, text? }',
      detail,
    );
}
