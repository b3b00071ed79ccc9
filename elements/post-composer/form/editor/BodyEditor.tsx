/**
 * The post body's editor: rich text, HTML or Markdown (authoring spec §3 editorType; the default is
 * the user's defaultEditorType). Switching keeps the content, converted to what the new mode
 * holds. The rich editor (Lexical) and the Markdown converters load only when first used; until
 * the rich editor arrives the HTML field stands in, so nothing typed waits on the network.
 */
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { SafeHtml } from '../../../../src/core/trusted-types';
import { PlainTextEditor } from '../PlainTextEditor';
import { reportPendingEdits } from '../pending-edits';
import { EDITOR_TYPES, type EditorType, type PostModel } from '../../model/post';

const RichEditor = lazy(() => import('./RichEditor'));
const loadConvert = () => import('./convert');

const LABELS: Record<EditorType, string> = { rich: 'Rich text', html: 'HTML', markdown: 'Markdown' };

interface BodyEditorProps {
  post: PostModel;
  updateWith: (change: (post: PostModel) => Partial<PostModel>, touched?: keyof PostModel) => void;
  error: string | undefined;
  label: string;
  placeholder: string;
}

/** The Markdown preview: the converted HTML, through the allow-list (innerHTML of sanitised HTML only). */
function MarkdownPreview({ markdown }: { markdown: string }) {
  const [html, setHtml] = useState<SafeHtml>('');
  useEffect(() => {
    let live = true;
    void loadConvert().then((m) => live && setHtml(m.markdownPreviewHtml(markdown)));
    return () => {
      live = false;
    };
  }, [markdown]);
  // Nothing to show is an empty region, never '' into innerHTML: a page enforcing Trusted Types
  // refuses any plain string there, the empty one too. Keyed, so React replaces the node.
  return html ? (
    <div key="html" className="ed-preview" aria-label="Preview" role="region" dangerouslySetInnerHTML={{ __html: html }} />
  ) : (
    <div key="empty" className="ed-preview" aria-label="Preview" role="region" />
  );
}

export function BodyEditor({ post, updateWith, error, label, placeholder }: BodyEditorProps) {
  const id = useId();
  const mode = post.editorType;
  const [switching, setSwitching] = useState(false);
  // The rich editor reads its HTML once when it mounts: a new key after a switch reloads it.
  const [richKey, setRichKey] = useState(0);
  const describedBy = error ? `${id}-error` : undefined;
  /**
   * Bodies the editor itself wrote lately. Any other body (a restored draft) reloads the rich
   * editor; one of its own must not, even from a render that is a keystroke behind (React may
   * render an older body while a newer one is on its way: reloading then lost that keystroke).
   */
  const written = useRef(new Set([post.body]));
  const setBody = (body: string) => {
    written.current.add(body);
    if (written.current.size > 64) written.current.delete(written.current.values().next().value!);
    updateWith((p) => (p.body === body ? {} : { body }), 'body');
  };
  useEffect(() => {
    if (written.current.has(post.body)) return;
    written.current = new Set([post.body]);
    if (mode === 'rich') setRichKey((k) => k + 1);
  }, [post.body, mode]);

  const setLoadingImages = useCallback(
    (busy: boolean) => updateWith((p) => (p.hasLoadingInlineImages === busy ? {} : { hasLoadingInlineImages: busy })),
    [updateWith],
  );

  const switchTo = async (next: EditorType) => {
    if (next === mode || switching) return;
    setSwitching(true);
    try {
      const { convertBody } = await loadConvert();
      reportPendingEdits(); // the rich editor's last keys, before the body is converted
      updateWith((p) => ({ body: convertBody(p.body, p.editorType, next), editorType: next }));
      setRichKey((k) => k + 1);
    } finally {
      setSwitching(false);
    }
  };

  const textarea = (kind: 'html' | 'markdown') => (
    <PlainTextEditor
      id={`${id}-field`}
      className={`field__control field__control--area ed-source ed-source--${kind}`}
      rows={8}
      spellCheck={kind === 'markdown'}
      aria-label={`${label} (${LABELS[kind]})`}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
      placeholder={kind === 'html' ? '<p>Your text here</p>' : 'Your text here, in *Markdown*'}
      value={post.body}
      onChange={setBody}
    />
  );

  return (
    <div className="field body-editor" part="field" data-field="body" data-mode={mode} data-invalid={error ? '' : undefined}>
      <div className="body-editor__modes" role="radiogroup" aria-label="Editor">
        {EDITOR_TYPES.map((type) => (
          <label key={type} className="source-choice__option">
            <input
              type="radio"
              name={`${id}-mode`}
              value={type}
              checked={mode === type}
              disabled={switching}
              onChange={() => void switchTo(type)}
            />
            {LABELS[type]}
          </label>
        ))}
      </div>
      {mode === 'rich' && (
        <Suspense fallback={textarea('html')}>
          <RichEditor
            key={richKey}
            initialHtml={post.body}
            onChange={setBody}
            label={label}
            placeholder={placeholder}
            describedBy={describedBy}
            onUploadingImage={setLoadingImages}
          />
        </Suspense>
      )}
      {mode === 'html' && textarea('html')}
      {mode === 'markdown' && (
        <div className="ed-markdown">
          {textarea('markdown')}
          <MarkdownPreview markdown={post.body} />
        </div>
      )}
      {error && (
        <p className="field__error" id={`${id}-error`} part="error">
          {error}
        </p>
      )}
    </div>
  );
}
