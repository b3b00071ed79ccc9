/**
 * The rich editor's insert bar: an image (by address, or a file that is made upright, scaled and
 * uploaded first, like a photo post's photos) or an embed (a known service's address is looked
 * up, embed code gives its frame's address). Either can have a caption, which makes it a figure.
 * The block goes in at the cursor the editor had when the bar opened.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { prepareImageFile } from '../prepare-image';
import { extractEmbedSrc } from '../../model/embed';
import type { InsertRequest } from '../../model/editor-insert';
import { isBusyUpload, UploadProgress } from '../UploadProgress';
import { PHOTO_UPLOAD_OPTIONS } from '../uploads';
import { useEmbedPreview, type EmbedPreview } from '../use-embed-preview';
import { useSingleUpload } from '../use-single-upload';
import { insertIntoEditor } from './insert';
import { FileButton } from '../../../../src/ui/FileButton';

export type InsertKind = 'image' | 'embed';

interface InsertBarProps {
  kind: InsertKind;
  /** A file pasted or dropped into the editor: uploaded at once. */
  file?: File | undefined;
  onClose: () => void;
  /** Whether an inline image is still uploading (the post waits for it). */
  onUploading: (busy: boolean) => void;
}

/** The frame address an embed preview gives, if any (checked again by the insert's plan). */
function embedSrc(preview: EmbedPreview): string | null {
  if (preview.kind === 'code') return preview.src;
  if (preview.kind !== 'found' || preview.data.unsupported) return null;
  const code = preview.data.embed_code ?? preview.data.preview_iframe;
  return code ? extractEmbedSrc(code) : null;
}

export function InsertBar({ kind, file, onClose, onUploading }: InsertBarProps) {
  const [editor] = useLexicalComposerContext();
  const id = useId();
  const [address, setAddress] = useState('');
  const [alt, setAlt] = useState('');
  const [caption, setCaption] = useState('');
  const [problem, setProblem] = useState('');
  const first = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const { preview } = useEmbedPreview(kind === 'embed' ? address : '');

  const close = () => {
    onClose();
    editor.focus();
  };
  const insert = (request: InsertRequest): boolean => {
    const plan = insertIntoEditor(editor, request);
    if (!plan.ok) {
      setProblem(plan.warning);
      return false;
    }
    close();
    return true;
  };

  const upload = useSingleUpload(PHOTO_UPLOAD_OPTIONS, (url) => insert({ kind: 'image', source: url, alt, caption }), prepareImageFile);
  const busy = isBusyUpload(upload.status);
  useEffect(() => onUploading(busy), [busy, onUploading]);
  useEffect(() => () => onUploading(false), [onUploading]);
  useEffect(() => {
    if (file) upload.start(file);
    else first.current?.focus();
    // Only the file the bar opened with.
  }, []);

  const submit = () => {
    setProblem('');
    if (kind === 'image') return void insert({ kind: 'image', source: address, alt, caption });
    const src = embedSrc(preview);
    if (!address.trim()) return void insert({ kind: 'iframe', src: '' });
    if (!src) {
      setProblem(
        preview.kind === 'error'
          ? preview.message
          : preview.kind === 'looking'
            ? 'Still looking it up…'
            : 'This cannot be embedded here. Paste embed code or a video address.',
      );
      return;
    }
    insert({ kind: 'iframe', src, caption });
  };

  const status =
    kind !== 'embed'
      ? null
      : preview.kind === 'looking'
        ? 'Looking it up…'
        : preview.kind === 'found' && !preview.data.unsupported
          ? `Found on ${preview.service}.`
          : preview.kind === 'code'
            ? 'Embed code read.'
            : null;

  return (
    <div
      className="ed-insertbar"
      role="group"
      aria-label={kind === 'image' ? 'Insert an image' : 'Insert an embed'}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          // Escape closes the bar, not the post form around it.
          e.preventDefault();
          e.stopPropagation();
          if (!busy) close();
        }
      }}
    >
      {kind === 'image' ? (
        <>
          <label className="ed-insertbar__field">
            <span>Image address</span>
            <input
              ref={first}
              className="field__control"
              type="url"
              placeholder="https://…"
              value={address}
              onChange={(e) => (setAddress(e.target.value), setProblem(''))}
              onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), submit())}
              disabled={busy}
            />
          </label>
          <label className="ed-insertbar__field">
            <span>Description (alt text)</span>
            <input className="field__control" type="text" value={alt} onChange={(e) => setAlt(e.target.value)} />
          </label>
        </>
      ) : (
        <label className="ed-insertbar__field ed-insertbar__field--wide">
          <span>Embed code or video address</span>
          <textarea
            ref={first}
            className="field__control"
            rows={2}
            value={address}
            aria-describedby={status ? `${id}-status` : undefined}
            onChange={(e) => (setAddress(e.target.value), setProblem(''))}
          />
        </label>
      )}
      <label className="ed-insertbar__field">
        <span>Caption (optional)</span>
        <input className="field__control" type="text" value={caption} onChange={(e) => setCaption(e.target.value)} />
      </label>
      {status && (
        <p className="ed-insertbar__status" id={`${id}-status`} role="status">
          {status}
        </p>
      )}
      <div className="ed-insertbar__actions">
        <button type="button" className="tl-button" onClick={submit} disabled={busy}>
          Insert
        </button>
        {kind === 'image' && (
          <FileButton
            className="tl-button is-secondary"
            accept="image/*"
            inputClassName="ed-insertbar__file"
            disabled={busy}
            onFiles={([picked]) => upload.start(picked!)}
          >
            Upload an image…
          </FileButton>
        )}
        <button type="button" className="tl-button is-secondary" onClick={() => (busy ? upload.cancel() : close())}>
          Cancel
        </button>
      </div>
      {kind === 'image' && (
        <UploadProgress
          what={upload.fileName || 'the image'}
          status={upload.status}
          progress={upload.progress}
          error={upload.error}
          onCancel={upload.cancel}
          onRetry={upload.retry}
        />
      )}
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
