/**
 * The fields of each post type, as plain inputs (the editor issue swaps the body fields for the
 * rich editor). A reblog shows only the user's own addition.
 */
import { MAX_PHOTOS, PHOTO_CAPTION_MAX, type PostModel } from '../../../src/models/post';
import { Field } from './Field';

export type Update = (patch: Partial<PostModel>) => void;

/** Keys for photo rows added in the form (fetched ones are o1, o2 …; ids are renumbered on send). */
let photoSeq = 0;

interface TypeFieldsProps {
  post: PostModel;
  update: Update;
  /** The error to show for a field (once the user changed it, or pressed Post). */
  errorOf: (field: keyof PostModel) => string | undefined;
}

export function TypeFields({ post, update, errorOf }: TypeFieldsProps) {
  const text = (field: keyof PostModel, label: string, opts: { placeholder?: string; rows?: number; type?: string; hint?: string; hiddenLabel?: boolean } = {}) => (
    <Field name={field} label={label} error={errorOf(field)} {...(opts.hint ? { hint: opts.hint } : {})} hiddenLabel={opts.hiddenLabel ?? false}>
      {(control) =>
        opts.rows ? (
          <textarea
            {...control}
            className="field__control field__control--area"
            rows={opts.rows}
            value={String(post[field])}
            placeholder={opts.placeholder}
            onChange={(e) => update({ [field]: e.target.value })}
          />
        ) : (
          <input
            {...control}
            className="field__control"
            type={opts.type ?? 'text'}
            value={String(post[field])}
            placeholder={opts.placeholder}
            onChange={(e) => update({ [field]: e.target.value })}
          />
        )
      }
    </Field>
  );

  if (post.mode === 'reblog') {
    return post.type === 'text' ? text('body', 'Your addition', { rows: 4, placeholder: 'Add something, if you like' }) : text('caption', 'Your addition', { rows: 4, placeholder: 'Add something, if you like' });
  }

  switch (post.type) {
    case 'text':
      return (
        <>
          {text('title', 'Title', { placeholder: 'Title', hiddenLabel: true })}
          {text('body', 'Body', { rows: 8, placeholder: 'Your text here', hiddenLabel: true })}
        </>
      );
    case 'photo':
      return (
        <>
          <fieldset className="photos" data-field="photos" aria-describedby={errorOf('photos') ? 'photos-error' : undefined}>
            <legend className="field__label">Photos (by URL, up to {MAX_PHOTOS})</legend>
            <ol className="photos__list">
              {post.photos.map((photo, i) => (
                <li key={photo.id} className="photos__item">
                  <Field name={`photo-${i}`} label={`Photo ${i + 1} URL`}>
                    {(control) => (
                      <input
                        {...control}
                        className="field__control"
                        type="url"
                        inputMode="url"
                        value={photo.url}
                        placeholder="https://…"
                        onChange={(e) => update({ photos: post.photos.map((p, j) => (j === i ? { ...p, url: e.target.value } : p)) })}
                      />
                    )}
                  </Field>
                  <Field name={`photo-caption-${i}`} label={`Photo ${i + 1} caption`} hint={`Up to ${PHOTO_CAPTION_MAX} characters`}>
                    {(control) => (
                      <input
                        {...control}
                        className="field__control"
                        maxLength={PHOTO_CAPTION_MAX}
                        value={photo.caption}
                        onChange={(e) => update({ photos: post.photos.map((p, j) => (j === i ? { ...p, caption: e.target.value } : p)) })}
                      />
                    )}
                  </Field>
                  <button type="button" className="tl-button is-secondary photos__remove" onClick={() => update({ photos: post.photos.filter((_, j) => j !== i) })}>
                    Remove photo {i + 1}
                  </button>
                </li>
              ))}
            </ol>
            <button
              type="button"
              className="tl-button is-secondary"
              disabled={post.photos.length >= MAX_PHOTOS}
              onClick={() => update({ photos: [...post.photos, { id: `n${++photoSeq}`, url: '', caption: '' }] })}
            >
              Add a photo
            </button>
            {errorOf('photos') && (
              <p className="field__error" id="photos-error" part="error">
                {errorOf('photos')}
              </p>
            )}
          </fieldset>
          {text('caption', 'Caption', { rows: 3, placeholder: 'Add a caption, if you like' })}
          {text('linkthrough', 'Click-through link', { type: 'url', placeholder: 'https://…' })}
        </>
      );
    case 'quote':
      return (
        <>
          {text('quote', 'Quote', { rows: 4, placeholder: '“Quote”' })}
          {text('source', 'Source', { placeholder: '— Source' })}
        </>
      );
    case 'link':
      return (
        <>
          {text('url', 'URL', { type: 'url', placeholder: 'https://…' })}
          {text('title', 'Title', { placeholder: 'Title (optional)' })}
          {text('caption', 'Description', { rows: 3 })}
          {text('excerpt', 'Excerpt', { rows: 2 })}
          {text('author', 'Author')}
        </>
      );
    case 'chat':
      return (
        <>
          {text('title', 'Title', { placeholder: 'Title (optional)' })}
          {text('chat', 'Chat', { rows: 6, placeholder: 'Tourist: Could you give us directions to Olive Garden?\nNew Yorker: No, but I could give you directions to an actual Italian restaurant.', hint: 'One line per speaker, "Name: what they said".' })}
        </>
      );
    case 'audio':
      return (
        <>
          {text('url', 'Audio URL', { type: 'url', placeholder: 'https://…/song.mp3' })}
          {text('trackTitle', 'Track')}
          {text('trackArtist', 'Artist')}
          {text('trackAlbum', 'Album')}
          {text('albumArt', 'Album art URL', { type: 'url', placeholder: 'https://…' })}
          {text('caption', 'Caption', { rows: 3 })}
        </>
      );
    case 'video':
      return (
        <>
          {text('embedCode', 'Embed code or URL', { rows: 3, placeholder: 'Paste a URL or embed code', hint: 'A link to a video file or page, or the embed code a video site gives you.' })}
          {text('caption', 'Caption', { rows: 3 })}
        </>
      );
    case 'note':
      return (
        <>
          {text('ask', 'Question', { rows: 2, placeholder: 'Ask a question' })}
          {text('answer', 'Answer', { rows: 5 })}
        </>
      );
  }
}
