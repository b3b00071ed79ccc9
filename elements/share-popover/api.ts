/**
 * Sharing calls (authoring spec §7 "Sharing"; messaging spec §7). Every POST carries the form key
 * (the client adds it).
 */
import { requestData, isPlainObject } from '../../src/api/client';
import { MalformedResponse } from '../../src/errors';
import { parseShareData, type ShareData } from './model/rules';

/**
 * POST /svc/post/share/{blog}/{post_id} (the spec's method; it carries the form key like every
 * POST): the share data, unwrapped from response.share_popover_data.
 */
export function fetchShareData(blogName: string, postId: string, signal?: AbortSignal): Promise<ShareData> {
  return requestData(
    `/svc/post/share/${encodeURIComponent(blogName)}/${encodeURIComponent(postId)}`,
    { method: 'POST', form: {}, ...(signal ? { signal } : {}) },
    (data) => {
      const parsed = parseShareData(data);
      if (!parsed) throw new MalformedResponse('The share data names no post');
      return parsed;
    },
  );
}

export interface EmailShare {
  postId: string;
  blogName: string;
  email: string;
  message: string;
  allowReplyTo: boolean;
  /** A share of the blog rather than of a post: /svc/email_tumblelog. */
  blogShare: boolean;
}

const accepted = (data: unknown): true => {
  if (!isPlainObject(data)) throw new MalformedResponse('The share answer is not an object');
  return true;
};

/** POST /svc/share/email (or /svc/email_tumblelog for a blog share). */
export function shareByEmail(share: EmailShare): Promise<true> {
  return requestData(
    share.blogShare ? '/svc/email_tumblelog' : '/svc/share/email',
    {
      method: 'POST',
      form: {
        email_address: share.email.trim(),
        message: share.message,
        post_id: share.postId,
        tumblelog_name: share.blogName,
        allow_reply_to: share.allowReplyTo,
      },
    },
    accepted,
  );
}

export type ShareNetwork = 'twitter' | 'facebook' | 'pinterest' | 'reddit';

/**
 * POST /svc/share/{network}: a linked account's share with its message, or the record of a popup
 * share (`share_fallback` true).
 */
export function shareToNetwork(
  network: ShareNetwork,
  input: { postId: string; blogName: string; message?: string; fallback: boolean },
): Promise<true> {
  return requestData(
    `/svc/share/${network}`,
    {
      method: 'POST',
      form: {
        post_id: input.postId,
        tumblelog_name: input.blogName,
        ...(input.message !== undefined ? { message: input.message } : {}),
        ...(input.fallback ? { share_fallback: true } : {}),
      },
    },
    accepted,
  );
}

/** POST /svc/facebook_status: the linked account's name, or null when there is none. */
export function fetchFacebookStatus(): Promise<string | null> {
  return requestData('/svc/facebook_status', { method: 'POST' }, (data) => {
    if (!isPlainObject(data)) return null;
    return typeof data.name === 'string' && data.name.trim() ? data.name : null;
  });
}
