/** The messaging tables of the demo server: its prepared queries and the few writes several routes share. */
import type BetterSqlite3 from 'better-sqlite3';
import type { Db } from '../db/index';

export interface ConversationRow {
  id: string;
  created_ts: number;
  last_modified_ts: number;
}
export interface PartRow {
  conversation_id: string;
  blog_name: string;
  last_read_ts: number;
  deleted_ts: number | null;
  is_possible_spam: number;
  images_unblurred: number;
}
export interface MessageRow {
  id: number;
  conversation_id: string;
  sender_blog: string;
  ts: number;
  type: string;
  text: string | null;
  post_id: number | null;
  image_url: string | null;
  image_width: number | null;
  image_height: number | null;
  client_id: string | null;
  context: string | null;
}

type Query = 'conversation' | 'part' | 'parts' | 'message' | 'byClientId' | 'lastMessage' | 'unread' | 'post' | 'userState';

export interface MessagingStore {
  q: Record<Query, BetterSqlite3.Statement>;
  partsOf(id: string): PartRow[];
  /** An existing conversation with exactly these blogs. */
  findConversation(names: string[]): ConversationRow | undefined;
  insertMessage(conv: ConversationRow, sender: string, fields: Partial<MessageRow> & { type: string }, ts: number): MessageRow;
}

export function messagingStore(db: Db): MessagingStore {
  const q: MessagingStore['q'] = {
    conversation: db.prepare('SELECT * FROM conversations WHERE id = ?'),
    part: db.prepare('SELECT * FROM conversation_participants WHERE conversation_id = ? AND blog_name = ?'),
    parts: db.prepare('SELECT * FROM conversation_participants WHERE conversation_id = ? ORDER BY rowid'),
    message: db.prepare('SELECT * FROM messages WHERE id = ?'),
    byClientId: db.prepare('SELECT * FROM messages WHERE sender_blog = ? AND client_id = ?'),
    lastMessage: db.prepare('SELECT * FROM messages WHERE conversation_id = ? ORDER BY ts DESC, id DESC LIMIT 1'),
    unread: db.prepare('SELECT COUNT(*) AS n FROM messages WHERE conversation_id = ? AND sender_blog != ? AND ts > ?'),
    post: db.prepare('SELECT * FROM posts WHERE id = ?'),
    userState: db.prepare('SELECT * FROM messaging_users WHERE user_name = ?'),
  };

  const partsOf = (id: string) => q.parts.all(id) as PartRow[];

  /** An existing conversation with exactly these blogs. */
  const findConversation = (names: string[]): ConversationRow | undefined => {
    const sorted = [...names].sort();
    const rows = db.prepare(`SELECT conversation_id FROM conversation_participants WHERE blog_name = ?`).all(sorted[0]) as {
      conversation_id: string;
    }[];
    for (const { conversation_id } of rows) {
      const members = partsOf(conversation_id)
        .map((p) => p.blog_name)
        .sort();
      if (members.length === sorted.length && members.every((m, i) => m === sorted[i]))
        return q.conversation.get(conversation_id) as ConversationRow;
    }
    return undefined;
  };

  const insertMessage = (conv: ConversationRow, sender: string, fields: Partial<MessageRow> & { type: string }, ts: number): MessageRow => {
    const info = db
      .prepare(
        `INSERT INTO messages (conversation_id, sender_blog, ts, type, text, post_id, image_url, image_width, image_height, client_id, context)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        conv.id,
        sender,
        ts,
        fields.type,
        fields.text ?? null,
        fields.post_id ?? null,
        fields.image_url ?? null,
        fields.image_width ?? null,
        fields.image_height ?? null,
        fields.client_id ?? null,
        fields.context ?? null,
      );
    db.prepare('UPDATE conversations SET last_modified_ts = MAX(last_modified_ts, ?) WHERE id = ?').run(ts, conv.id);
    db.prepare('UPDATE conversation_participants SET last_read_ts = MAX(last_read_ts, ?) WHERE conversation_id = ? AND blog_name = ?').run(
      ts,
      conv.id,
      sender,
    );
    return q.message.get(info.lastInsertRowid) as MessageRow;
  };

  return { q, partsOf, findConversation, insertMessage };
}
