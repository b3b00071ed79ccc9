/** The post form's services (routes/posts.ts, authoring spec §7): builder data, save, fetch for editing, reblogs. */
import { beforeAll, describe, expect, it } from 'vitest';
import { asUser, form, useTestServer, type Answer, type Json } from '../app.test-helpers';

const { req, formKey, keyOf } = useTestServer({ formKeysOf: ['alice'] });
/** A form POST as alice, with her form key. */
const aliceForm = (fields: Record<string, string>) => form({ ...fields, form_key: keyOf('alice') });

const textPost = {
  channel_id: 'alice',
  'post[type]': 'regular',
  'post[state]': '0',
  'post[one]': 'Self check',
  'post[two]': 'Written by the checks.',
  'post[tags]': 'checks,server',
  'post[slug]': 'Self Check!',
};

describe('the post form (authoring spec §7)', () => {
  /** alice's new text post, then her reblog of bob's post. */
  let createdId: string | undefined;
  let newest: string;
  let bobPost: Json | undefined;

  beforeAll(async () => {
    bobPost = (await req('/__demo/state?table=posts&blog_name=bob')).json?.rows?.[0];
  });

  it('builder data: channels and limits', async () => {
    const builder = await req('/svc/post/get_post_form_builder_data', aliceForm({}));
    expect(builder.json?.response?.channels?.map((ch: Json) => ch.name).join(), builder.text).toBe('alice,alice-sketches');
    expect(builder.json?.response?.limits?.max_photos, builder.text).toBe(10);
  });

  it('builder data: logged out → 401', async () => {
    const anonymousKey = await formKey('anonymous');
    expect((await req('/svc/post/get_post_form_builder_data', asUser('anonymous', anonymousKey, form({})))).status).toBe(401);
  });

  it('builder data: no form key → 403', async () => {
    expect((await req('/svc/post/get_post_form_builder_data', form({}))).status).toBe(403);
  });

  let created: Answer;
  it('update: a new text post', async () => {
    created = await req('/svc/post/update', aliceForm(textPost));
    createdId = created.json?.response?.post?.id as string | undefined;
    expect(created.status, created.text).toBe(200);
    expect(created.json?.response?.created_post, created.text).toBe(true);
    expect(created.json?.response?.post?.is_edit, created.text).toBe(false);
    expect(created.json?.response?.post_context_page, created.text).toBe('dashboard');
  });

  it('update: the save response carries the dashboard HTML and the blogs', () => {
    expect(created.json?.response?.post_dashboard_html ?? '').toContain(`id="post_${createdId}"`);
    expect(created.json?.response?.post_tumblelog?.name_or_id).toBe('alice');
    expect(created.json?.response?.context_tumblelog?.posts_count).toBeTypeOf('number');
  });

  it('update: stored with tags, slug and type', async () => {
    const stored = (await req(`/__demo/state?table=posts&id=${createdId}`)).json?.rows?.[0];
    const why = JSON.stringify(stored);
    expect(stored?.type, why).toBe('text');
    expect(stored?.tags, why).toBe('["checks","server"]');
    expect(stored?.slug, why).toBe('self-check');
    expect(JSON.parse(stored?.content).body, why).toBe('Written by the checks.');
  });

  it('update: on the dashboard after a reload', async () => {
    expect((await req('/dashboard')).text).toContain(`id="post_${createdId}"`);
  });

  it('update: on its blog page', async () => {
    expect((await req('/blog/alice')).text).toContain('Written by the checks.');
  });

  it('update: a post date, photo replies and a carousel are stored, and the edit fetch gives them back', async () => {
    const dated = await req(
      '/svc/post/update',
      aliceForm({
        ...textPost,
        'post[slug]': 'dated',
        'post[date]': '2024-02-29T13:05',
        allow_photo_replies: '1',
        carousel_display: '1',
        carousel_link_url: 'https://x.example',
      }),
    );
    const id = dated.json?.response?.post?.id as string;
    expect(dated.status, dated.text).toBe(200);
    const stored = (await req(`/__demo/state?table=posts&id=${id}`)).json?.rows?.[0];
    expect(stored?.timestamp, JSON.stringify(stored)).toBe(Date.UTC(2024, 1, 29, 13, 5) / 1000);
    const fetched = (await req('/svc/post/fetch', aliceForm({ post_id: id, channel_id: 'alice' }))).json?.response?.post;
    expect(fetched, JSON.stringify(fetched)).toMatchObject({
      date: '2024-02-29T13:05',
      allow_photo_replies: true,
      carousel_display: true,
      carousel_link_url: 'https://x.example',
    });
    const refused = await req('/svc/post/update', aliceForm({ ...textPost, 'post[date]': '2023-02-29T13:05' }));
    expect(refused.status, refused.text).toBe(400);
  });

  it('update: validated like the client ("No quote")', async () => {
    const invalid = await req(
      '/svc/post/update',
      aliceForm({ channel_id: 'alice', 'post[type]': 'quote', 'post[state]': '0', 'post[one]': '  ' }),
    );
    expect(invalid.status, invalid.text).toBe(400);
    expect(invalid.json?.errors?.[0]?.detail, invalid.text).toBe('No quote');
  });

  it('update: bad state → Invalid "state" value', async () => {
    const bad = await req('/svc/post/update', aliceForm({ ...textPost, 'post[state]': 'nope' }));
    expect(bad.json?.errors?.[0]?.detail).toBe('Invalid "state" value');
  });

  it("update: someone else's blog → 403", async () => {
    expect((await req('/svc/post/update', aliceForm({ ...textPost, channel_id: 'bob' }))).status).toBe(403);
  });

  it('fetch: an own post for editing', async () => {
    const fetched = await req('/svc/post/fetch', aliceForm({ post_id: createdId ?? '' }));
    expect(fetched.json?.response?.post?.type, fetched.text).toBe('regular');
    expect(fetched.json?.response?.post?.title, fetched.text).toBe('Self check');
    expect(fetched.json?.response?.post?.tags?.join(), fetched.text).toBe('checks,server');
  });

  it('update: an edit (made a draft: it moves to drafts)', async () => {
    const edited = await req(
      '/svc/post/update',
      aliceForm({ ...textPost, edit_post_id: createdId ?? '', post_id: createdId ?? '', 'post[two]': 'Edited.', 'post[state]': '1' }),
    );
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json?.response?.post?.is_edit, edited.text).toBe(true);
    expect(edited.json?.response?.post_context_page, edited.text).toBe('drafts');
  });

  it('update: the edit is stored', async () => {
    const rows = (await req(`/__demo/state?table=posts&id=${createdId}`)).json?.rows;
    expect(JSON.parse(rows?.[0]?.content ?? '{}').body).toBe('Edited.');
  });

  it("fetch: bob's post cannot be edited → 403", async () => {
    expect((await req('/svc/post/fetch', aliceForm({ post_id: String(bobPost?.id) }))).status).toBe(403);
  });

  it("fetch: a reblog (with the reblogged post's HTML)", async () => {
    const reblogRead = await req('/svc/post/fetch', aliceForm({ reblog_id: String(bobPost?.id), reblog_key: bobPost?.reblog_key ?? '' }));
    const why = reblogRead.text.slice(0, 300);
    expect(reblogRead.status, why).toBe(200);
    expect(reblogRead.json?.response?.reblog_html ?? '', why).toContain(`id="post_${bobPost?.id}"`);
  });

  it('fetch: a wrong reblog key → 404', async () => {
    expect((await req('/svc/post/fetch', aliceForm({ reblog_id: String(bobPost?.id), reblog_key: 'wrong' }))).status).toBe(404);
  });

  it('update: a reblog', async () => {
    const reblogged = await req(
      '/svc/post/update',
      aliceForm({
        channel_id: 'alice-sketches',
        'post[type]': 'regular',
        'post[state]': '0',
        'post[two]': 'So good.',
        reblog: '1',
        reblog_key: bobPost?.reblog_key ?? '',
        reblog_post_id: String(bobPost?.id),
      }),
    );
    newest = reblogged.json?.response?.post?.id as string;
    const why = reblogged.text.slice(0, 300);
    expect(reblogged.status, why).toBe(200);
    expect(reblogged.json?.response?.post?.is_reblog, why).toBe(true);
    expect(reblogged.json?.response?.post_dashboard_html ?? '', why).toContain('reblogged from');
  });

  it('update: a reblog without its tree shows only the addition; its edit fetch says so and names the source', async () => {
    const bare = await req(
      '/svc/post/update',
      aliceForm({
        channel_id: 'alice',
        'post[type]': 'regular',
        'post[state]': '0',
        'post[two]': 'Only my words.',
        reblog: '1',
        reblog_key: bobPost?.reblog_key ?? '',
        reblog_post_id: String(bobPost?.id),
        remove_reblog_tree: '1',
        reblog_source: 'bob',
      }),
    );
    const why = bare.text.slice(0, 400);
    expect(bare.status, why).toBe(200);
    const html = String(bare.json?.response?.post_dashboard_html ?? '');
    expect(html, why).toContain('reblogged from');
    expect(html, why).toContain('Only my words.');
    expect(html, why).not.toContain('class="reblog_source"');
    const id = bare.json?.response?.post?.id as string;
    const fetched = (await req('/svc/post/fetch', aliceForm({ post_id: id, channel_id: 'alice' }))).json?.response?.post;
    expect(fetched, JSON.stringify(fetched)).toMatchObject({ remove_reblog_tree: true, reblog_source: 'bob' });
    // With the tree gone and nothing added there is no post: the client's rule, on the server too.
    const empty = await req(
      '/svc/post/update',
      aliceForm({
        channel_id: 'alice',
        'post[type]': 'regular',
        'post[state]': '0',
        reblog: '1',
        reblog_key: bobPost?.reblog_key ?? '',
        reblog_post_id: String(bobPost?.id),
        remove_reblog_tree: '1',
      }),
    );
    expect(empty.status, empty.text).toBe(400);
    expect(empty.json?.errors?.[0]?.detail, empty.text).toBe('Post body empty');
  });

  it('update: a photoset layout and a note caption are stored and fetched back; the editor type comes back as its code', async () => {
    const photo = await req(
      '/svc/post/update',
      aliceForm({
        channel_id: 'alice',
        'post[type]': 'photo',
        'post[state]': '0',
        'images[o1]': '/assets/photo/1.jpg',
        'images[o2]': '/assets/photo/2.jpg',
        'images[o3]': '/assets/photo/3.jpg',
        'post[photoset_order]': 'o1,o2,o3',
        'post[photoset_layout]': '12',
        editor_type: '2',
        content_stats: '{"words":0}',
        context_id: 'cats',
      }),
    );
    expect(photo.status, photo.text).toBe(200);
    const photoId = photo.json?.response?.post?.id as string;
    const fetchedPhoto = (await req('/svc/post/fetch', aliceForm({ post_id: photoId }))).json?.response?.post;
    expect(fetchedPhoto, JSON.stringify(fetchedPhoto)).toMatchObject({ layout: '12', editor_type: 2 });
    const options = JSON.parse((await req(`/__demo/state?table=posts&id=${photoId}`)).json?.rows?.[0]?.options ?? '{}');
    expect(options, JSON.stringify(options)).toMatchObject({ context_id: 'cats', content_stats: '{"words":0}' });
    const note = await req(
      '/svc/post/update',
      aliceForm({
        channel_id: 'alice',
        'post[type]': 'note',
        'post[state]': '0',
        'post[one]': 'Q?',
        'post[two]': 'A.',
        'post[three]': 'Cap',
      }),
    );
    expect(note.status, note.text).toBe(200);
    const fetchedNote = (await req('/svc/post/fetch', aliceForm({ post_id: note.json?.response?.post?.id as string }))).json?.response
      ?.post;
    expect(fetchedNote, JSON.stringify(fetchedNote)).toMatchObject({ ask: 'Q?', answer: 'A.', caption: 'Cap' });
    const builder = await req('/svc/post/get_post_form_builder_data', aliceForm({}));
    expect(builder.json?.response?.user?.defaultEditorType, builder.text).toBe(0);
  });

  it('fetch: channel_id must be one of the user’s blogs (403) and the post’s own (404)', async () => {
    expect((await req('/svc/post/fetch', aliceForm({ post_id: createdId ?? '', channel_id: 'alice' }))).status).toBe(200);
    expect((await req('/svc/post/fetch', aliceForm({ post_id: createdId ?? '', channel_id: 'alice-sketches' }))).status).toBe(404);
    expect((await req('/svc/post/fetch', aliceForm({ post_id: createdId ?? '', channel_id: 'bob' }))).status).toBe(403);
  });

  it('fetch: a reblog gives back the carousel slide asked for', async () => {
    const read = await req(
      '/svc/post/fetch',
      aliceForm({ reblog_id: String(bobPost?.id), reblog_key: bobPost?.reblog_key ?? '', carousel_index: '2' }),
    );
    expect(read.json?.response?.post?.carousel_index, read.text.slice(0, 300)).toBe(2);
  });

  it('page: a reload of /tagged/{tag}/new/{type} is the tagged dashboard (the form opens from its route)', async () => {
    const page = await req('/tagged/cats/new/text');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<post-composer');
  });

  it('before: the dashboard posts newer than a post', async () => {
    const before = await req(`/svc/post/dashboard/before/${createdId}`);
    const why = before.text.slice(0, 200);
    expect(before.status, why).toBe(200);
    expect(before.json?.response?.post_ids, why).toContain(newest);
  });

  it('after on drafts: the drafts listed after a post', async () => {
    expect((await req(`/svc/post/drafts/after/${newest}`)).json?.response?.post_ids).toContain(createdId);
  });

  it('fault injection on /svc/post/update', async () => {
    const fault = await req('/__demo/faults', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ path: '/svc/post/update', status: 500, count: 1 }),
    });
    expect(fault.status).toBe(201);
    expect((await req('/svc/post/update', aliceForm(textPost))).status).toBe(500);
    expect((await req('/svc/post/update', aliceForm(textPost))).status).toBe(200);
  });
});
