/**
 * The help articles of /help and /help/{topic}, as data: one place for their words. Each says what
 * the product does (the elements and the reference server), briefly. `keywords` are words a reader
 * may search for that the title and summary lack; the search (the page's and the shell's, the same
 * function: elements/blog-header/model/help.ts) looks at title, summary and keywords only.
 */

/** A paragraph, or a list of short points. */
export type HelpBlock = string | { list: string[] };

export interface HelpArticle {
  slug: string;
  title: string;
  summary: string;
  keywords: string[];
  body: HelpBlock[];
  /** Other topics worth reading next, by slug. */
  related: string[];
}

export const HELP_ARTICLES: readonly HelpArticle[] = [
  {
    slug: 'messaging',
    title: 'Messaging',
    summary: 'Talk privately with another blog: the inbox, conversations, and messages that did not send.',
    keywords: ['dm', 'direct', 'chat', 'inbox', 'conversation', 'unread', 'send'],
    body: [
      'The inbox button in the header opens your conversations; its number counts the unread messages of all your blogs. If you have more than one blog, pick which one you are talking as at the top of the inbox.',
      {
        list: [
          'Compose message starts a conversation: type a blog’s name in To: and pick it from the list.',
          'Enter sends; Shift+Enter starts a new line. A message can be up to 4,096 characters.',
          'Each conversation opens in a window at the bottom of the page. Minimizing it keeps what you were typing. On a phone one window is open at a time.',
        ],
      },
      'A message that could not be sent says so, with Retry. Unsent messages are kept in this browser and tried again by themselves, also after a reload or when you are back online.',
      'Some blogs take no messages; their window says “This Tumblr can’t receive messages.”',
    ],
    related: ['blocking', 'asks'],
  },
  {
    slug: 'post-form',
    title: 'The post form',
    summary: 'Write a new post, edit one or reblog: the post types, tags, options, and when it goes out.',
    keywords: ['new', 'create', 'compose', 'write', 'edit', 'reblog', 'draft', 'queue', 'schedule', 'tags', 'photo', 'text'],
    body: [
      'Create a post with the pencil in the header, or Create a post in the mobile menu, and pick a type: text, photo, quote, link, chat, audio or video. On a computer, Alt+C on a Mac (elsewhere hold Z and press C) opens the same choice from anywhere on the page.',
      {
        list: [
          'Tags: press Enter or type a comma to make a tag; Backspace removes the last one.',
          'Post options hold the custom URL, the content source, and whether people may like, reblog or answer the post.',
          'The menu beside the post button chooses when it goes out: publish now, add to your queue, save as a draft, schedule it for a date and time, or post privately.',
        ],
      },
      'Leaving a form you have changed asks first: “Discard this post?” Nevermind keeps your work where it was.',
    ],
    related: ['video-player'],
  },
  {
    slug: 'blocking',
    title: 'Blocking a blog',
    summary: 'Stop a blog from following or messaging you, and how to undo it.',
    keywords: ['block', 'unblock', 'spam', 'report', 'harassment', 'mute'],
    body: [
      'Block a blog from the menu on its blog card, from the menu in its header when you view it in the blog viewer, or from a conversation’s Actions menu. You are asked first: “Are you sure you want to block {blog} from {your blog}?”',
      {
        list: [
          'The block is made by the blog you are using at the time; your other blogs are not affected.',
          'Follows between the two blogs end, and the blocked blog can no longer follow you or message you. Its posts leave your dashboard.',
          'Changed your mind? The same blog card menu then offers Unblock.',
        ],
      },
      'A conversation that looks like spam has Mark as spam at its foot: the sender is blocked and reported, and the conversation is removed.',
    ],
    related: ['messaging'],
  },
  {
    slug: 'asks',
    title: 'Asks',
    summary: 'Ask a blog a question, anonymously where the blog allows it.',
    keywords: ['question', 'ask', 'anonymous', 'answer', 'inbox'],
    body: [
      'Use a blog’s Ask button, or the message icon on its page and then Ask a question.',
      {
        list: [
          'A question is up to 500 characters on one line, and may not contain links. A counter appears when 100 characters are left.',
          'Ask anonymously is offered when the blog accepts anonymous questions. Logged out, your question is anonymous; where the blog does not accept that, the form offers Log in to ask.',
          'Some blogs take no questions at all; the form says so.',
        ],
      },
      'Your question waits in the blog’s inbox until it is answered. If sending fails, what you typed stays in the form.',
    ],
    related: ['messaging'],
  },
  {
    slug: 'video-player',
    title: 'The video player',
    summary: 'Sound, HD, keyboard shortcuts, and docking a video to the side while you scroll.',
    keywords: ['video', 'autoplay', 'mute', 'unmute', 'sound', 'hd', 'keyboard', 'shortcuts', 'dock', 'fullscreen'],
    body: [
      'Videos that play by themselves start muted: click the video, or its “Tap to unmute” badge, for sound. Once you pause one it no longer plays by itself. On phones nothing plays by itself.',
      {
        list: [
          'HD switches to the sharper version, where there is one, and keeps your place.',
          'With the player focused: Space or K plays and pauses, ← and → skip 5 seconds, J and L 10 seconds, ↑ and ↓ change the volume, M mutes, F is full screen.',
          'Dock video to the side keeps it playing in a small player at the right of the window while you scroll. Return video to its post puts it back, playing on; Close (or Escape) pauses it and puts it back. Not on phones.',
        ],
      },
    ],
    related: ['post-form'],
  },
];

/** The article with this slug, if there is one. */
export function helpArticle(slug: string): HelpArticle | undefined {
  return HELP_ARTICLES.find((a) => a.slug === slug);
}
