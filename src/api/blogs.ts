import { requestData } from './client';
import { parseBlogCard, type BlogCardData } from '../models/blog';

/** The blog popover data: blog fields plus highlighted_posts. */
export function fetchBlogPopover(name: string, signal?: AbortSignal): Promise<BlogCardData> {
  return requestData(
    `/svc/tumblelog_popover/${encodeURIComponent(name)}`,
    // The authoring spec's §7 reads carry the form key too.
    { query: { is_tumblelog_popover: true }, formKey: true, ...(signal ? { signal } : {}) },
    parseBlogCard,
  );
}
