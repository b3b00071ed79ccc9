/**
 * A link post's fields (authoring spec §3 link fields, §5 "Loading OpenGraph data"): once a valid
 * URL has been typed, its OpenGraph data fills the title, description and thumbnail the user has
 * not filled; Post waits meanwhile. The thumbnail shows with a Remove button (remove_thumbnail).
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { fetchOpenGraph } from '../api/upload';
import { previewableSrc } from '../model/embed';
import { isValidLinkUrl, type PostModel } from '../model/post';

/** Typing pauses this long before the URL is looked up (ours). */
export const OPENGRAPH_DEBOUNCE_MS = 500;

interface LinkFieldsProps {
  post: PostModel;
  updateWith: (change: (post: PostModel) => Partial<PostModel>, touched?: keyof PostModel) => void;
  text: (field: keyof PostModel, label: string, opts?: { placeholder?: string; rows?: number; type?: string; hint?: string }) => ReactNode;
}

export function LinkFields({ post, updateWith, text }: LinkFieldsProps) {
  // An edit's own link is not looked up again: its fields are the author's.
  const looked = useRef(post.mode === 'edit' ? post.url.trim() : '');
  const url = post.url.trim();
  useEffect(() => {
    if (!isValidLinkUrl(url) || url === looked.current) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      looked.current = url;
      updateWith(() => ({ loading: true }));
      fetchOpenGraph(url, controller.signal)
        .then((og) => {
          if (!og || controller.signal.aborted) return;
          updateWith((p) => ({
            title: p.title || og.title,
            caption: p.caption || og.description,
            thumbnail: p.thumbnail || (og.image && previewableSrc(og.image)) || '',
          }));
        })
        .catch(() => {
          // No OpenGraph data (or offline): the fields stay as the user left them, and the address
          // typed again is looked up again (the server may answer by then).
          if (looked.current === url) looked.current = '';
        })
        .finally(() => updateWith(() => ({ loading: false })));
    }, OPENGRAPH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [url, updateWith]);

  const thumb = post.thumbnail ? previewableSrc(post.thumbnail) : null;
  return (
    <>
      {text('url', 'URL', { type: 'url', placeholder: 'https://…' })}
      {post.loading && (
        <p className="link-loading" role="status">
          Loading OpenGraph data
        </p>
      )}
      {thumb && (
        <div className="link-thumb">
          <img src={thumb} alt="Link thumbnail" />
          <button type="button" className="tl-button is-secondary" onClick={() => updateWith(() => ({ thumbnail: '' }), 'thumbnail')}>
            Remove thumbnail
          </button>
        </div>
      )}
      {text('title', 'Title', { placeholder: 'Title (optional)' })}
      {text('caption', 'Description', { rows: 3 })}
      {text('excerpt', 'Excerpt', { rows: 2 })}
      {text('author', 'Author')}
    </>
  );
}
