/**
 * The post form's server answers, checked before use (authoring spec §3 "Save response fields
 * read", §7 "Post form"). A wrong shape throws MalformedResponse, which the client turns into a
 * typed ApiError: the form shows its error state, never an exception inside a render.
 */
import { MalformedResponse } from '../../../src/errors';
import { editorTypeFromCode, postFromServer, type EditorType, type PostModel } from './post';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

export interface BuilderChannel {
  name: string;
  title?: string;
  avatar_url?: string;
  is_current?: boolean;
  twitter_send_posts?: boolean;
  facebook_opengraph_send_posts?: boolean;
}
export interface BuilderData {
  channels: BuilderChannel[];
  limits: Record<string, number>;
  /** The server sends the format code 0, 1 or 2 (spec §3); a name is read too. */
  defaultEditorType: EditorType;
}

export function parseBuilderData(data: unknown): BuilderData {
  if (!isObject(data) || !Array.isArray(data.channels)) throw new MalformedResponse('Builder data without channels');
  const channels = data.channels
    .filter(isObject)
    .filter((c) => typeof c.name === 'string' && c.name !== '')
    .map((c): BuilderChannel => ({
      name: c.name as string,
      ...(typeof c.title === 'string' ? { title: c.title } : {}),
      ...(typeof c.avatar_url === 'string' ? { avatar_url: c.avatar_url } : {}),
      is_current: c.is_current === true,
      twitter_send_posts: c.twitter_send_posts === true,
      facebook_opengraph_send_posts: c.facebook_opengraph_send_posts === true,
    }));
  if (channels.length === 0) throw new MalformedResponse('Builder data has no channel');
  const limits: Record<string, number> = {};
  if (isObject(data.limits))
    for (const [k, v] of Object.entries(data.limits)) if (typeof v === 'number' && Number.isFinite(v)) limits[k] = v;
  const user = isObject(data.user) ? data.user : {};
  return { channels, limits, defaultEditorType: editorTypeFromCode(user.defaultEditorType) };
}

export interface FetchedPost {
  post: PostModel;
  /** The reblogged post's server-rendered HTML (sanitised before it is shown). */
  reblogHtml: string;
  postUrl: string;
  contextPage: string;
}

export function parseFetchedPost(mode: 'edit' | 'reblog'): (data: unknown) => FetchedPost {
  return (data) => {
    if (!isObject(data) || !isObject(data.post)) throw new MalformedResponse('Fetched post without a post');
    const post = postFromServer(data.post, mode);
    if (!post) throw new MalformedResponse(`Fetched post of an unknown type "${str(data.post.type)}"`);
    const blog = isObject(data.post_tumblelog) ? data.post_tumblelog : {};
    return { post, reblogHtml: str(data.reblog_html), postUrl: str(blog.post_url), contextPage: str(data.post_context_page) };
  };
}

export interface SaveResponse {
  post: { id: string; is_edit: boolean; is_reblog: boolean };
  post_dashboard_html: string;
  post_context_page: string;
  created_post: boolean;
  message: string;
  post_tumblelog: { post_url: string; name_or_id: string; url: string; avatar: string };
  context_tumblelog: Record<string, string | number>;
}

export function parseSaveResponse(data: unknown): SaveResponse {
  if (!isObject(data) || !isObject(data.post) || str(data.post.id) === '') throw new MalformedResponse('Save response without a post id');
  const blog = isObject(data.post_tumblelog) ? data.post_tumblelog : {};
  const context: Record<string, string | number> = {};
  if (isObject(data.context_tumblelog))
    for (const [k, v] of Object.entries(data.context_tumblelog)) if (typeof v === 'string' || typeof v === 'number') context[k] = v;
  return {
    post: { id: str(data.post.id), is_edit: data.post.is_edit === true, is_reblog: data.post.is_reblog === true },
    post_dashboard_html: str(data.post_dashboard_html),
    post_context_page: str(data.post_context_page),
    created_post: data.created_post === true,
    message: str(data.message),
    post_tumblelog: { post_url: str(blog.post_url), name_or_id: str(blog.name_or_id), url: str(blog.url), avatar: str(blog.avatar) },
    context_tumblelog: context,
  };
}

export function parsePostsFragment(data: unknown): { html: string; postIds: string[] } {
  if (!isObject(data) || typeof data.html !== 'string') throw new MalformedResponse('Posts fragment without html');
  return { html: data.html, postIds: Array.isArray(data.post_ids) ? data.post_ids.map(str).filter(Boolean) : [] };
}
