/**
 * What the dock tells the user's other tabs besides polling (README, "Many tabs, one user"): a
 * conversation read here clears its count there at once, and a message delivered here makes a tab
 * with the same conversation open fetch its newest messages, so it shows there within a moment,
 * once (messages merge by id). The other tab fetches rather than trusting what it is sent: what
 * it renders always comes from the server through the one client. The user's tabs share the
 * unsent-message record (src/messaging/model/send-queue.ts): a message one tab delivered leaves
 * the others' queues, so it is never sent again from there. Each tab posts its unsent list as it
 * changes, and the others show those messages in the same conversation, with their state.
 */
import { tabChannel, TabMessages } from '../../../src/tabs/tab-channel';
import { fetchNewest } from './load-messages';
import { forgetDelivered, onMessageSent } from './send-queue';
import { $outgoing, $sendingElsewhere, $windows } from './stores';
import { readSendingElsewhere, sendingSnapshot, type ShownOutgoing } from '../model/sending-elsewhere';
import { conversationStore } from './conversations';

/** Starts listening; `readHere` clears a conversation's count without telling the tabs again. */
export function startTabSync(readHere: (blogName: string, conversationId: string) => void): () => void {
  const channel = tabChannel();
  if (!channel) return () => {};
  const setElsewhere = (tab: string, list: ShownOutgoing[] | null) => {
    const { [tab]: _old, ...rest } = $sendingElsewhere.get();
    void _old;
    $sendingElsewhere.set(list && list.length > 0 ? { ...rest, [tab]: list } : rest);
  };
  const postOutgoing = () => channel.post(TabMessages.outgoing, { messages: sendingSnapshot($outgoing.get()) });
  const stops = [
    // what this tab is sending shows, with its state, in the other tabs' windows
    $outgoing.listen(postOutgoing),
    channel.on(TabMessages.outgoing, (m) => setElsewhere(m.from, readSendingElsewhere(m.messages))),
    channel.on(TabMessages.outgoingWho, () => {
      if ($outgoing.get().length > 0) postOutgoing();
    }),
    channel.on(TabMessages.pollBye, (m) => setElsewhere(m.from, null)),
    channel.on(TabMessages.conversationRead, (m) => {
      if (typeof m.blog === 'string' && typeof m.conversation === 'string') readHere(m.blog, m.conversation);
    }),
    channel.on(TabMessages.messageSent, (m) => {
      if (typeof m.clientId === 'string') {
        forgetDelivered(m.clientId);
        const list = $sendingElsewhere.get()[m.from];
        if (list)
          setElsewhere(
            m.from,
            list.filter((o) => o.clientId !== m.clientId),
          );
      }
      if (typeof m.conversation !== 'string') return;
      const win = $windows.get().find((w) => w.conversationId === m.conversation);
      if (win && conversationStore(win.key).get().fetched) void fetchNewest(win, 1);
    }),
    onMessageSent((msg, message) => {
      channel.post(TabMessages.messageSent, { clientId: msg.clientId, conversation: message.conversation_id ?? null });
    }),
  ];
  channel.post(TabMessages.outgoingWho);
  return () => {
    for (const stop of stops) stop();
    $sendingElsewhere.set({});
  };
}
