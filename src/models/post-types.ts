/**
 * The post form's eight types, their labels and the type check: a module of its own because the
 * eager code of <post-composer> and <fast-compose> needs them, and the rest of the post model
 * (elements/post-composer/model/post.ts) belongs in the post form's lazy chunk.
 */

/** The eight types of the form. `note` is the answer post. */
export const POST_TYPES = ['text', 'photo', 'quote', 'link', 'chat', 'audio', 'video', 'note'] as const;
export type PostType = (typeof POST_TYPES)[number];

export const POST_TYPE_LABELS: Readonly<Record<PostType, string>> = {
  text: 'Text',
  photo: 'Photo',
  quote: 'Quote',
  link: 'Link',
  chat: 'Chat',
  audio: 'Audio',
  video: 'Video',
  note: 'Answer',
};

export function isPostType(value: unknown): value is PostType {
  return typeof value === 'string' && (POST_TYPES as readonly string[]).includes(value);
}
