/** The blog preview drawer's services (routes/indash.ts): a blog's posts and header, blog search, the ad. */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, type Json } from '../app.test-helpers';

const { req, keyOf } = useTestServer({ formKeysOf: ['alice'] });

const posts = async (query: string) => (await req(`/svc/indash_blog/posts?${query}`)).json?.response;

describe('the blog preview drawer', () => {
  let page1: Json | undefined;
  let page25: Json | undefined;
  let firstPost: Json | undefined;
  beforeAll(async () => {
    page1 = await posts('tumblelog_name_or_id=long-archive&limit=10&offset=0');
    page25 = await posts('tumblelog_name_or_id=long-archive&limit=10&offset=230');
    firstPost = page1?.posts?.[3];
  });

  it('indash posts: a page of 10 with the blog and the ad', () => {
    const why = String(page1?.posts?.length);
    expect(page1?.posts?.length, why).toBe(10);
    expect(page1?.tumblelog?.name, why).toBe('long-archive');
    expect(page1?.peepr_ad?.width, why).toBe(300);
    expect(page1?.tumblelog?.global_theme_params, why).toBeTypeOf('object');
  });

  it('indash posts: 240 posts, the last page short', async () => {
    expect(page25?.posts?.length).toBe(10);
    expect((await posts('tumblelog_name_or_id=long-archive&limit=10&offset=235'))?.posts?.length).toBe(5);
  });

  it('indash posts: from a post, then the older ones', async () => {
    const single = (await posts(`tumblelog_name_or_id=long-archive&post_id=${firstPost?.id}&limit=1`))?.posts;
    const olderOnes = (await posts(`tumblelog_name_or_id=long-archive&post_id=${firstPost?.id}&limit=10&offset=1`))?.posts;
    expect(single?.length).toBe(1);
    expect(single?.[0].id).toBe(firstPost?.id);
    expect(olderOnes?.[0]?.id).toBe(page1?.posts?.[4]?.id);
  });

  it('indash posts: the fields post actions read', () => {
    const why = JSON.stringify(firstPost);
    const keys = ['id', 'reblog_key', 'post_id', 'tumblelog_name', 'post_url', 'post_tiny_url', 'root_id', 'tumblelog_uuid'];
    expect(
      keys.filter((k) => typeof firstPost?.[k] !== 'string'),
      why,
    ).toEqual([]);
    expect(firstPost?.liked, why).toBe(false);
    expect(firstPost?.is_mine, why).toBe(false);
  });

  it('indash posts: bad paging is a 400, an unknown blog a 404', async () => {
    expect((await req('/svc/indash_blog/posts?tumblelog_name_or_id=long-archive&limit=x')).status).toBe(400);
    expect((await req('/svc/indash_blog/posts?tumblelog_name_or_id=nobody-here')).status).toBe(404);
  });

  it('indash posts: photos with original_size and alt_sizes', () => {
    const photoPost = page1?.posts?.find((p: Json) => p.type === 'photo') ?? page25?.posts?.find((p: Json) => p.type === 'photo');
    const why = JSON.stringify(photoPost?.photos);
    expect(photoPost?.photos?.[0]?.original_size?.url, why).toBeTruthy();
    expect(photoPost?.photos[0].alt_sizes.length, why).toBeGreaterThan(0);
  });

  it('indash header', async () => {
    const hdr = (await req('/svc/indash_blog/header?tumblelog_name_or_id=bob')).json?.response;
    expect(hdr?.name).toBe('bob');
    expect(hdr?.following).toBeTypeOf('boolean');
    expect(hdr?.is_mine).toBe(false);
  });

  it('indash header save: own blog, known theme keys only', async () => {
    const saveHdr = await req('/svc/indash_blog/header', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Tumblr-Form-Key': keyOf('alice') },
      body: JSON.stringify({
        tumblelog_name_or_id: 'alice',
        tumblelog: { title: 'Alice, renamed', global_theme_params: { title_color: '#123456', header_image_focused: 'javascript:x' } },
      }),
    });
    expect(saveHdr.status).toBe(200);
    expect(saveHdr.json?.response?.title).toBe('Alice, renamed');
    expect(saveHdr.json?.response?.global_theme_params.title_color).toBe('#123456');
    expect(saveHdr.json?.response?.global_theme_params.header_image_focused).not.toBe('javascript:x');
  });

  it("indash header save: someone else's blog is a 403", async () => {
    const saveHdr = await req('/svc/indash_blog/header', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Tumblr-Form-Key': keyOf('alice') },
      body: JSON.stringify({ tumblelog_name_or_id: 'bob', tumblelog: { title: 'x' } }),
    });
    expect(saveHdr.status).toBe(403);
  });

  it('ad script served', async () => {
    expect((await req('/assets/ads/peepr-ad.js')).text).toContain('tumblelogAds');
  });
});

describe('blog search', () => {
  const search = async (path: string) => (await req(`/svc/search/${path}`)).json?.response;

  it('blog search: by tag, paged', async () => {
    const tagged = await search('blog_search/long-archive/archive?limit=10&next_offset=0');
    const why = String(tagged?.next_offset);
    expect(tagged?.posts?.length, why).toBe(10);
    expect(
      tagged?.posts.every((p: Json) => p.tags.includes('archive') || p.content),
      why,
    ).toBe(true);
    expect(tagged?.next_offset, why).toBe(10);
  });

  it('blog search: the type filter', async () => {
    const photos = await search('blog_search/long-archive/archive?post_type=PHOTO&limit=20');
    expect(photos?.posts?.length).toBeGreaterThan(0);
    expect(photos?.posts.map((p: Json) => p.type).filter((t: string) => t !== 'photo')).toEqual([]);
  });

  it('blog search: by popularity', async () => {
    const popular = (await search('blog_search/long-archive/archive?sort=POPULARITY_DESC&limit=20'))?.posts as Json[];
    expect(popular?.length).toBeGreaterThan(1);
    expect(popular.every((p, i) => i === 0 || popular[i - 1]!.note_count >= p.note_count)).toBe(true);
  });

  it('blog search: an unknown sort is a 400; nothing found is an empty page that ends', async () => {
    expect((await req('/svc/search/blog_search/bob/x?sort=NEWEST')).status).toBe(400);
    expect((await search('blog_search/bob/zzzqqq'))?.next_offset).toBe(-1);
  });

  it("type-ahead: the blog's tags, most used first", async () => {
    const ahead = (await search('blog_search_typeahead/long-archive'))?.tags as Json[];
    expect(ahead?.length).toBeGreaterThan(3);
    expect(ahead[0]?.tag).toBeTypeOf('string');
  });
});
