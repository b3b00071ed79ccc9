/**
 * Audio and video sources (authoring spec §3 "Post (form model)" audio and video fields, §5, §7):
 * each is a URL (or, for video, embed code) or a file uploaded here, with the permission checkbox
 * an upload needs. Audio has its ID3 fields and album art (a URL, or an image uploaded here).
 * The video field shows what it understood as the user types (use-embed-preview.ts).
 */
import { useEffect, useId, type ReactNode } from 'react';
import { prepareImageFile } from './prepare-image';
import { hostOf as hostOfUrl } from '../../../src/models/urls';
import { ID3_HEAD_BYTES, ID3V1_BYTES, readId3, type Id3Tags } from '../model/id3';
import { AUDIO_UPLOAD_OPTIONS, PHOTO_UPLOAD_OPTIONS, VIDEO_UPLOAD_OPTIONS } from './uploads';
import { previewableSrc } from '../model/embed';
import type { PostModel } from '../model/post';
import type { UploadOptions } from '../model/upload';
import { isBusyUpload, UploadProgress } from './UploadProgress';
import { useEmbedPreview } from './use-embed-preview';
import { useSingleUpload } from './use-single-upload';
import { FileButton } from '../../../src/ui/FileButton';

type UpdateWith = (change: (post: PostModel) => Partial<PostModel>, touched?: keyof PostModel) => void;

/** An http(s) address for a picture the user gave (a same-site path counts), or null. */
function absoluteHttp(url: string): string | null {
  try {
    return url.trim() ? previewableSrc(new URL(url.trim(), location.href).href) : null;
  } catch {
    return null;
  }
}
const hostOf = (url: string) => hostOfUrl(url, location.href);

interface MediaFieldsProps {
  post: PostModel;
  updateWith: UpdateWith;
  errorOf: (field: keyof PostModel) => string | undefined;
  /** The type's plain text fields (caption, ID3 fields), as TypeFields draws them. */
  text: (field: keyof PostModel, label: string, opts?: { placeholder?: string; rows?: number; type?: string; hint?: string }) => ReactNode;
}

/** "From a URL" or "Upload a file": which source the post uses. */
function SourceChoice({
  name,
  value,
  labels,
  onChange,
}: {
  name: string;
  value: 'url' | 'upload';
  labels: [string, string];
  onChange: (v: 'url' | 'upload') => void;
}) {
  const id = useId();
  return (
    <div className="source-choice" role="radiogroup" aria-label="Source">
      {(['url', 'upload'] as const).map((v, i) => (
        <label key={v} className="source-choice__option" htmlFor={`${id}-${v}`}>
          <input id={`${id}-${v}`} type="radio" name={`${name}-${id}`} value={v} checked={value === v} onChange={() => onChange(v)} />
          {labels[i]}
        </label>
      ))}
    </div>
  );
}

/** The file button and the upload's state, for one file. */
function FilePicker({
  label,
  accept,
  upload,
  uploadedName,
  onPicked,
}: {
  label: string;
  accept: string;
  upload: ReturnType<typeof useSingleUpload>;
  uploadedName: string;
  onPicked?: (file: File) => void;
}) {
  return (
    <div className="file-pick">
      <FileButton
        className="tl-button is-secondary"
        accept={accept}
        inputClassName="file-pick__input"
        onFiles={([file]) => {
          upload.start(file!);
          onPicked?.(file!);
        }}
      >
        {label}
      </FileButton>
      {upload.status === 'complete' && <span className="file-pick__done">Uploaded: {upload.fileName}</span>}
      {!upload.status && uploadedName && <span className="file-pick__done">Uploaded: {uploadedName}</span>}
      <UploadProgress
        what={upload.fileName || 'the file'}
        status={upload.status}
        progress={upload.progress}
        error={upload.error}
        onCancel={upload.cancel}
        onRetry={upload.retry}
      />
    </div>
  );
}

function Permission({
  post,
  updateWith,
  errorOf,
  what,
}: {
  post: PostModel;
  updateWith: UpdateWith;
  errorOf: MediaFieldsProps['errorOf'];
  what: string;
}) {
  const id = useId();
  const error = errorOf('confirmTos');
  return (
    <div className="field permission" data-field="confirmTos" data-invalid={error ? '' : undefined}>
      <label className="permission__label" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={post.confirmTos}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => updateWith(() => ({ confirmTos: e.target.checked }), 'confirmTos')}
        />
        I have permission to share this {what}
      </label>
      {error && (
        <p className="field__error" id={`${id}-error`} part="error">
          {error}
        </p>
      )}
    </div>
  );
}

/** Keeps the post's `uploading` flag in step with this field's uploads. */
function useUploadingFlag(busy: boolean, post: PostModel, updateWith: UpdateWith) {
  useEffect(() => {
    if (busy !== post.uploading) updateWith(() => ({ uploading: busy }));
  }, [busy, post.uploading, updateWith]);
}

/**
 * Where the audio or video comes from, and its file upload: a URL (or embed code) stays when a file
 * is chosen; choosing the URL again drops the upload and its permission.
 */
function useMediaSource(options: UploadOptions, post: PostModel, updateWith: UpdateWith) {
  // In the model (not this component's state): validation says "No video specified" for an upload
  // chosen with no file (elements/post-composer/model/post.ts).
  const source = post.mediaSource ?? (post.preuploadUrl ? 'upload' : 'url');
  // The upload's media key: a video sends it as preuploaded_ch (§7; audio has no such field).
  const upload = useSingleUpload(options, (url, response) =>
    updateWith(
      () => ({ preuploadUrl: url, preuploadKey: typeof response.media_key === 'string' ? response.media_key : '' }),
      'preuploadUrl',
    ),
  );
  const choose = (next: 'url' | 'upload') => {
    if (next === 'url') upload.clear();
    updateWith(() =>
      next === 'url' ? { mediaSource: next, preuploadUrl: '', preuploadKey: '', confirmTos: false } : { mediaSource: next },
    );
  };
  return { source, choose, upload };
}

export function VideoFields({ post, updateWith, errorOf, text }: MediaFieldsProps) {
  const { source, choose, upload } = useMediaSource(VIDEO_UPLOAD_OPTIONS, post, updateWith);
  useUploadingFlag(isBusyUpload(upload.status), post, updateWith);
  const { preview, retry } = useEmbedPreview(source === 'url' ? post.embedCode : '');
  return (
    <>
      <SourceChoice name="video-source" value={source} labels={['Embed or link', 'Upload a video']} onChange={choose} />
      {source === 'url' ? (
        <>
          {text('embedCode', 'Embed code or URL', {
            rows: 3,
            placeholder: 'Paste a URL or embed code',
            hint: 'A link to a video file or a video page, or the embed code a video site gives you.',
          })}
          <div className="embed-preview" role="status" data-kind={preview.kind}>
            {preview.kind === 'looking' && <span>Looking the video up…</span>}
            {preview.kind === 'found' &&
              (preview.data.unsupported ? (
                <span>This video can’t be embedded. Try its embed code instead.</span>
              ) : (
                <>
                  {preview.data.thumbnail && previewableSrc(preview.data.thumbnail) && (
                    <img className="embed-preview__thumb" src={previewableSrc(preview.data.thumbnail)!} alt="" />
                  )}
                  <span>A {preview.service} video, ready to embed</span>
                </>
              ))}
            {preview.kind === 'code' && <span>Embed from {hostOf(preview.src) || 'this code'}</span>}
            {preview.kind === 'direct' && <span>Video file at {hostOf(preview.url)}</span>}
            {preview.kind === 'error' && <span className="field__error">{preview.message}</span>}
            {preview.kind === 'error' && preview.retryable && (
              <button type="button" className="tl-button is-secondary embed-preview__retry" onClick={retry}>
                Retry
              </button>
            )}
          </div>
        </>
      ) : (
        <>
          <FilePicker
            label="Choose a video"
            accept="video/mp4,video/webm,video/quicktime"
            upload={upload}
            uploadedName={post.preuploadUrl ? 'a video' : ''}
          />
          {errorOf('embedCode') && (
            <p className="field__error" part="error">
              {errorOf('embedCode')}
            </p>
          )}
          <Permission post={post} updateWith={updateWith} errorOf={errorOf} what="video" />
        </>
      )}
      {text('caption', 'Caption', { rows: 3 })}
    </>
  );
}

/** The file's own title, artist and album fill the track fields the user left empty (elements/post-composer/model/id3.ts). */
async function fillFromTags(file: File, updateWith: UpdateWith): Promise<void> {
  let tags: Id3Tags;
  try {
    const [head, tail] = await Promise.all([file.slice(0, ID3_HEAD_BYTES).arrayBuffer(), file.slice(-ID3V1_BYTES).arrayBuffer()]);
    tags = readId3(new Uint8Array(head), new Uint8Array(tail));
  } catch {
    return; // an unreadable file says nothing; its upload reports the problem
  }
  updateWith((p) => ({
    ...(tags.title && !p.trackTitle.trim() ? { trackTitle: tags.title } : {}),
    ...(tags.artist && !p.trackArtist.trim() ? { trackArtist: tags.artist } : {}),
    ...(tags.album && !p.trackAlbum.trim() ? { trackAlbum: tags.album } : {}),
  }));
}

export function AudioFields({ post, updateWith, errorOf, text }: MediaFieldsProps) {
  const { source, choose, upload } = useMediaSource(AUDIO_UPLOAD_OPTIONS, post, updateWith);
  // Album art uploaded here is sent as artwork_pre_upload too (§7); a typed URL is not.
  const art = useSingleUpload(
    PHOTO_UPLOAD_OPTIONS,
    (url) => updateWith(() => ({ albumArt: url, preuploadAlbumArt: url, removeAlbumArt: false }), 'albumArt'),
    prepareImageFile,
  );
  useUploadingFlag(isBusyUpload(upload.status) || isBusyUpload(art.status), post, updateWith);
  const artSrc = absoluteHttp(post.albumArt);
  return (
    <>
      <SourceChoice name="audio-source" value={source} labels={['From a URL', 'Upload an audio file']} onChange={choose} />
      {source === 'url' ? (
        text('url', 'Audio URL', { type: 'url', placeholder: 'https://…/song.mp3' })
      ) : (
        <>
          <FilePicker
            label="Choose an audio file"
            accept="audio/*"
            upload={upload}
            uploadedName={post.preuploadUrl ? 'an audio file' : ''}
            onPicked={(file) => void fillFromTags(file, updateWith)}
          />
          {errorOf('url') && (
            <p className="field__error" part="error">
              {errorOf('url')}
            </p>
          )}
          <Permission post={post} updateWith={updateWith} errorOf={errorOf} what="audio file" />
        </>
      )}
      {text('trackTitle', 'Track')}
      {text('trackArtist', 'Artist')}
      {text('trackAlbum', 'Album')}
      <div className="album-art">
        <div className="album-art__thumb">{artSrc ? <img src={artSrc} alt="Album art" /> : <span aria-hidden="true">♫</span>}</div>
        <div className="album-art__fields">
          {text('albumArt', 'Album art URL', { type: 'url', placeholder: 'https://…' })}
          <FilePicker label="Upload album art" accept="image/*" upload={art} uploadedName="" />
          {post.albumArt && (
            <button
              type="button"
              className="tl-button is-secondary"
              onClick={() => (art.clear(), updateWith(() => ({ albumArt: '', preuploadAlbumArt: '', removeAlbumArt: true }), 'albumArt'))}
            >
              Remove album art
            </button>
          )}
        </div>
      </div>
      {text('caption', 'Caption', { rows: 3 })}
    </>
  );
}
