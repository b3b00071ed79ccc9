import { describe, expect, it } from 'vitest';
import { contentStats } from './content-stats';
import { createPost } from './post';

describe('content_stats', () => {
  it('counts the words and characters a blogger wrote, not the markup or entities ("Hi a b bold next")', () => {
    const post = createPost('text', { title: 'Hi', body: '<p>a&nbsp;b <strong>bold</strong></p><p>next</p>' });
    expect(contentStats(post)).toEqual({ words: 5, characters: 16, images: 0, links: 0, videos: 0 });
  });
  it('counts images, links and videos in a body', () => {
    const body =
      '<p><a href="https://a.example">a</a> and https://b.example</p><figure><img src="/x.png"></figure><video src="/v.mp4"></video>';
    expect(contentStats(createPost('text', { body }))).toMatchObject({ images: 1, links: 2, videos: 1 });
  });
  it('counts the photos with an address, a link post its link and a video post its video', () => {
    const photo = createPost('photo', {
      photos: [
        { id: 'o1', url: '/a.jpg', caption: 'one two' },
        { id: 'o2', url: ' ', caption: '' },
      ],
    });
    expect(contentStats(photo)).toMatchObject({ images: 1, words: 2 });
    expect(contentStats(createPost('link', { url: 'https://x.example' }))).toMatchObject({ links: 1, words: 0 });
    expect(contentStats(createPost('video', { embedCode: 'https://x.example/v.mp4' }))).toMatchObject({ videos: 1 });
    expect(contentStats(createPost('video'))).toMatchObject({ videos: 0 });
  });
  it('is all zero for an empty post', () => {
    expect(contentStats(createPost('note'))).toEqual({ words: 0, characters: 0, images: 0, links: 0, videos: 0 });
  });
});
