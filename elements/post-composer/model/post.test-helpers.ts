import type { PostModel } from './post';
import type { PostType } from '../../../src/models/post-types';

/** One filled post per type; the expected payloads are the fixtures in tests/fixtures/post-update/. */
export const SAMPLES: Record<PostType, Partial<PostModel>> = {
  text: { title: 'Hello', body: 'First paragraph.\n\nSecond.', tags: ['hello', 'first post'], customUrl: 'hello-world' },
  photo: {
    photos: [
      { id: 'x', url: '/assets/photo/1.jpg', caption: 'c'.repeat(250) },
      { id: 'y', url: ' ', caption: 'dropped: no url' },
      { id: 'z', url: 'https://example.com/2.png', caption: '' },
    ],
    caption: 'Two photos',
    linkthrough: 'https://example.com',
    sourceUrl: 'example.com/source',
  },
  quote: { quote: 'Simplicity is prerequisite for reliability.', source: 'Dijkstra', state: 'queued' },
  link: { url: 'https://example.com/article', title: 'An article', caption: 'Worth reading', author: 'Ann', excerpt: 'The start…' },
  chat: { title: 'Overheard', chat: 'A: hi\nB: hello', state: 'draft', owner_flagged_nsfw: true },
  audio: {
    url: 'https://example.com/song.mp3',
    trackTitle: 'Song',
    trackArtist: 'Band',
    trackAlbum: 'Album',
    caption: 'Listen',
    state: 'scheduled',
    publish_on: '2026-12-24T18:00',
  },
  video: { embedCode: 'https://example.com/clip.mp4', caption: 'A clip', sendToTwitter: true, customTweet: 'Watch this [[MORE]] not this' },
  note: { ask: 'What is your favourite colour?', answer: 'Blue.', state: 'private', canBeReblogged: false },
};
