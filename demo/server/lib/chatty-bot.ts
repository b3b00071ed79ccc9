/** chatty-bot (and any blog marked is_messaging_bot): answers every message about two seconds later. */
import { getBlog } from './blogs';
import type { BlogRow, Deps } from './types';
import type { ConversationRow, MessageRow, MessagingStore } from './messaging-store';

export const BOT_REPLY_MS = 2000;
const BOT_LINES = [
  'Beep boop! You said: "{text}"',
  'Fascinating. Tell me more about "{text}".',
  'Processing "{text}"… done. Hello, human!',
];

export function chattyBot(deps: Deps, { q, partsOf, insertMessage }: MessagingStore) {
  const { db } = deps;
  const botTimers = new Set<ReturnType<typeof setTimeout>>();
  const clearBots = () => {
    for (const t of botTimers) clearTimeout(t);
    botTimers.clear();
  };
  deps.onReset.add(clearBots);
  deps.onClose.add(clearBots);

  const scheduleBotReplies = (conv: ConversationRow, sender: string, msg: MessageRow) => {
    const bots = partsOf(conv.id)
      .map((p) => getBlog(db, p.blog_name))
      .filter((b): b is BlogRow => !!b && b.is_messaging_bot === 1 && b.name !== sender);
    for (const bot of bots) {
      const timer = setTimeout(() => {
        botTimers.delete(timer);
        try {
          if (!q.conversation.get(conv.id)) return; // reset or deleted meanwhile
          const said =
            msg.type === 'TEXT' ? (msg.text ?? '').replace(/\s+/g, ' ').trim().slice(0, 80) : msg.type === 'IMAGE' ? 'a picture' : 'a post';
          const line = BOT_LINES[msg.id % BOT_LINES.length]!.replace('{text}', said);
          insertMessage(conv, bot.name, { type: 'TEXT', text: line }, Math.max(Date.now(), msg.ts + 1));
        } catch (error) {
          console.error('[demo] chatty-bot could not answer:', error);
        }
      }, BOT_REPLY_MS);
      botTimers.add(timer);
    }
  };

  return { scheduleBotReplies };
}
