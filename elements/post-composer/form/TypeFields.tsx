/**
 * The fields of each post type: the text body in the body editor (rich, HTML or Markdown), the
 * other long texts in the plain-text editor, the media in their lazy chunks. A reblog shows only
 * the user's own addition.
 */
import type { PostModel } from '../model/post';
import { lazy, Suspense, useLayoutEffect, type ReactNode } from 'react';
import { LinkFields } from './LinkFields';
import { Loader } from '../../../src/ui/Loader';
import { BodyEditor } from './editor/BodyEditor';
import { Field } from './Field';
import { PlainTextEditor } from './PlainTextEditor';

// The media fields load with the type that needs them: the sortable list (@dnd-kit), the uploads
// and image preparation cost a photo post, not every post form.
const PhotoFields = lazy(() => import('./PhotoFields').then((m) => ({ default: m.PhotoFields })));
const AudioFields = lazy(() => import('./MediaFields').then((m) => ({ default: m.AudioFields })));
const VideoFields = lazy(() => import('./MediaFields').then((m) => ({ default: m.VideoFields })));

/**
 * Tells the form when the lazy fields it waited for are shown (it focuses the first one then). A
 * layout effect: React runs it once the boundary reveals them, so they can take focus.
 */
function Arrived({ onArrive, children }: { onArrive: () => void; children: ReactNode }) {
  useLayoutEffect(onArrive, []);
  return children;
}

/** Whether the type's first fields come in a lazy chunk (the form waits for them before it puts focus anywhere). */
export function fieldsLoadLater(post: Pick<PostModel, 'type' | 'mode'>): boolean {
  return post.mode !== 'reblog' && (post.type === 'photo' || post.type === 'audio' || post.type === 'video');
}

export type Update = (patch: Partial<PostModel>) => void;

interface TypeFieldsProps {
  post: PostModel;
  update: Update;
  /** Changes the post from its latest state (for changes that land later, like an upload's end). */
  updateWith: (change: (post: PostModel) => Partial<PostModel>, touched?: keyof PostModel) => void;
  /** The error to show for a field (once the user changed it, or pressed Post). */
  errorOf: (field: keyof PostModel) => string | undefined;
  /** Called once the lazy fields of a photo, audio or video post are shown. */
  onLaterFields: () => void;
}

export function TypeFields({ post, update, updateWith, errorOf, onLaterFields }: TypeFieldsProps) {
  const later = (children: ReactNode) => (
    <Suspense fallback={<Loader />}>
      <Arrived onArrive={onLaterFields}>{children}</Arrived>
    </Suspense>
  );
  const text = (
    field: keyof PostModel,
    label: string,
    opts: { placeholder?: string; rows?: number; type?: string; hint?: string; hiddenLabel?: boolean } = {},
  ) => (
    <Field
      name={field}
      label={label}
      error={errorOf(field)}
      {...(opts.hint ? { hint: opts.hint } : {})}
      hiddenLabel={opts.hiddenLabel ?? false}
    >
      {(control) =>
        opts.rows ? (
          <PlainTextEditor
            {...control}
            rows={opts.rows}
            value={String(post[field])}
            placeholder={opts.placeholder}
            onChange={(value) => update({ [field]: value })}
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
    return post.type === 'text'
      ? text('body', 'Your addition', { rows: 4, placeholder: 'Add something, if you like' })
      : text('caption', 'Your addition', { rows: 4, placeholder: 'Add something, if you like' });
  }

  switch (post.type) {
    case 'text':
      return (
        <>
          {text('title', 'Title', { placeholder: 'Title', hiddenLabel: true })}
          <BodyEditor post={post} updateWith={updateWith} error={errorOf('body')} label="Body" placeholder="Your text here" />
        </>
      );
    case 'photo':
      return (
        <>
          {later(<PhotoFields post={post} updateWith={updateWith} errorOf={errorOf} />)}
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
      return <LinkFields post={post} updateWith={updateWith} text={text} />;
    case 'chat':
      return (
        <>
          {text('title', 'Title', { placeholder: 'Title (optional)' })}
          {text('chat', 'Chat', {
            rows: 6,
            placeholder:
              'Tourist: Could you give us directions to Olive Garden?\nNew Yorker: No, but I could give you directions to an actual Italian restaurant.',
            hint: 'One line per speaker, "Name: what they said".',
          })}
        </>
      );
    case 'audio':
      return later(<AudioFields post={post} updateWith={updateWith} errorOf={errorOf} text={text} />);
    case 'video':
      return later(<VideoFields post={post} updateWith={updateWith} errorOf={errorOf} text={text} />);
    case 'note':
      return (
        <>
          {text('ask', 'Question', { rows: 2, placeholder: 'Ask a question' })}
          {text('answer', 'Answer', { rows: 5 })}
          {text('caption', 'Caption', { rows: 2, placeholder: 'Add a caption, if you like' })}
        </>
      );
  }
}
