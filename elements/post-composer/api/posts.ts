/** The post form's calls (authoring spec §7 "Post form"); every one sends the form key. */
import { requestData } from '../../../src/api/client';
import {
  parseBuilderData,
  parseFetchedPost,
  parsePostsFragment,
  parseSaveResponse,
  type BuilderData,
  type FetchedPost,
  type SaveResponse,
} from '../model/post-responses';

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** POST /svc/post/get_post_form_builder_data (empty body): the channels and limits. */
export function fetchBuilderData(signal?: AbortSignal): Promise<BuilderData> {
  return requestData('/svc/post/get_post_form_builder_data', { method: 'POST', ...withSignal(signal) }, parseBuilderData);
}

/** POST /svc/post/fetch: a post to edit (post_id, channel_id) or to reblog (reblog_id, reblog_key). */
export function fetchPostForForm(
  target: { mode: 'edit'; postId: string; channelId?: string } | { mode: 'reblog'; reblogId: string; reblogKey: string },
  signal?: AbortSignal,
): Promise<FetchedPost> {
  const form =
    target.mode === 'edit'
      ? { post_id: target.postId, channel_id: target.channelId ?? '' }
      : { reblog_id: target.reblogId, reblog_key: target.reblogKey, carousel_index: 0 };
  return requestData('/svc/post/fetch', { method: 'POST', form, ...withSignal(signal) }, parseFetchedPost(target.mode));
}

/** POST /svc/post/update: create or update (the payload from updatePayload). */
export function savePost(payload: Record<string, string>, signal?: AbortSignal): Promise<SaveResponse> {
  return requestData('/svc/post/update', { method: 'POST', form: payload, ...withSignal(signal) }, parseSaveResponse);
}

/** GET /svc/post/{pageRoot}/{before|after}/{referencePostId}: dashboard HTML of the posts around one. */
export function fetchPostsAround(
  pageRoot: string,
  direction: 'before' | 'after',
  referencePostId: string,
  signal?: AbortSignal,
): Promise<{ html: string; postIds: string[] }> {
  return requestData(
    `/svc/post/${encodeURIComponent(pageRoot)}/${direction}/${encodeURIComponent(referencePostId)}`,
    // Authoring spec §7: every call sends the form key unless stated (a GET sends it when there is one).
    { formKey: true, ...withSignal(signal) },
    parsePostsFragment,
  );
}
