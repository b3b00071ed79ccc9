/**
 * A photo post's photos (authoring spec §3 "Photo item", §5, §9): up to 10, added from the file
 * picker, by dropping files (on the zone, or before/after a photo at the 66% split) or by pasting
 * into the form, or by URL. Each file is made ready (turned upright, scaled to 1080:
 * prepare-image.ts) and uploaded, one at a time (../model/upload.ts), with its progress bar,
 * Cancel and Retry. The list reorders by dragging or from the keyboard (@dnd-kit: its live region
 * renders inline, so it works inside the shadow root), and every photo has its caption.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { PhotoReadError, prepareImage } from './prepare-image';
import { PHOTO_UPLOAD_OPTIONS, createFieldUploader } from './uploads';
import { LivePhotoField } from './LivePhotoField';
import { PhotosetLayoutPicker } from './PhotosetLayoutPicker';
import { imageFiles } from './image-files';
import { scrollerOf } from './scroller';
import { isFlagOn } from '../../../src/session/session';
import {
  DROP_SCROLL_STEP_PX,
  DROP_SCROLL_THROTTLE_MS,
  PHOTO_LIMIT_REACHED,
  dropScrollDirection,
  dropSide,
  insertAt,
  photosThatFit,
} from '../model/photo-media';
import { MAX_PHOTOS, PHOTO_CAPTION_MAX, type PhotoItem, type PostModel } from '../model/post';
import { progressOf, validateUpload, type Uploader } from '../model/upload';
import { prefersReducedMotion } from '../../../src/ui/reduced-motion';
import { Field, UrlInput } from './Field';
import { FileButton } from '../../../src/ui/FileButton';
import { isBusyUpload, UploadProgress, type UploadView } from './UploadProgress';

/** What the form knows of a photo besides its URL and caption: a file on its way. */
interface PhotoMedia {
  /** A local picture of the file (an object URL), shown until the upload's own address is known. */
  preview: string;
  status: UploadView;
  progress: number;
  error?: string;
  uploadId?: string;
}

let photoSeq = 0;
const newPhotoId = () => `n${++photoSeq}`;

interface PhotoFieldsProps {
  post: PostModel;
  /** Changes the post from its latest state (uploads end after other edits). */
  updateWith: (change: (post: PostModel) => Partial<PostModel>, touched?: keyof PostModel) => void;
  errorOf: (field: keyof PostModel) => string | undefined;
}

export function PhotoFields({ post, updateWith, errorOf }: PhotoFieldsProps) {
  const [media, setMedia] = useState<Record<string, PhotoMedia>>({});
  const [notice, setNotice] = useState('');
  const [dragOver, setDragOver] = useState(false);
  const fieldsetRef = useRef<HTMLFieldSetElement>(null);
  /** upload id → photo id */
  const owners = useRef(new Map<string, string>());
  /** Photos removed while their file was still being made ready: nothing to send for them. */
  const removed = useRef(new Set<string>());
  /** The end of the line of prepared files waiting to join the upload queue in their order. */
  const enqueueTurn = useRef<Promise<void>>(Promise.resolve());
  const photosRef = useRef(post.photos);
  photosRef.current = post.photos;

  const setPhoto = useCallback(
    (id: string, change: Partial<PhotoMedia>) => setMedia((m) => (m[id] ? { ...m, [id]: { ...m[id], ...change } } : m)),
    [],
  );

  const uploader: Uploader<File> = useMemo(
    () =>
      createFieldUploader(PHOTO_UPLOAD_OPTIONS, (items) => {
        for (const item of items) {
          const photoId = owners.current.get(item.id);
          if (!photoId) continue;
          setPhoto(photoId, { status: item.status, progress: progressOf(item), error: item.error });
          if (item.status === 'complete' && item.url) {
            const url = item.url;
            updateWith((p) => ({ photos: p.photos.map((ph) => (ph.id === photoId && ph.url !== url ? { ...ph, url } : ph)) }), 'photos');
          }
        }
      }),
    [setPhoto, updateWith],
  );

  // The post is "uploading" while any photo is being made ready or sent: Post waits ("Uploads in progress").
  const busy = Object.values(media).some((m) => isBusyUpload(m.status));
  useEffect(() => {
    if (busy !== post.uploading) updateWith(() => ({ uploading: busy }));
  }, [busy, post.uploading, updateWith]);

  // Object URLs go when their photo does, and all of them when the form closes.
  const mediaRef = useRef(media);
  mediaRef.current = media;
  useEffect(
    () => () => {
      for (const m of Object.values(mediaRef.current)) URL.revokeObjectURL(m.preview);
      for (const item of uploader.items()) if (item.status === 'uploading' || item.status === 'queued') uploader.cancel(item.id);
    },
    [uploader],
  );

  const addFiles = useCallback(
    (files: File[], at?: number) => {
      if (files.length === 0) return;
      const fit = photosThatFit(photosRef.current.length, files.length);
      const refused: string[] = [];
      const accepted: File[] = [];
      for (const file of files.slice(0, fit)) {
        const invalid = validateUpload({ name: file.name, size: 0, type: file.type }, PHOTO_UPLOAD_OPTIONS);
        if (invalid) refused.push(`${file.name}: ${invalid.error}`);
        else accepted.push(file);
      }
      setNotice([fit < files.length ? PHOTO_LIMIT_REACHED : '', ...refused].filter(Boolean).join(' '));
      if (accepted.length === 0) return;
      const rows: PhotoItem[] = accepted.map(() => ({ id: newPhotoId(), url: '', caption: '' }));
      setMedia((m) => ({
        ...m,
        ...Object.fromEntries(
          rows.map((row, i) => [
            row.id,
            { preview: URL.createObjectURL(accepted[i]!), status: 'preparing', progress: 0 } satisfies PhotoMedia,
          ]),
        ),
      }));
      updateWith((p) => ({ photos: insertAt(p.photos, at ?? p.photos.length, rows) }), 'photos');
      rows.forEach((row, i) => {
        // Every file is made ready at once, but they join the upload queue in the order they were
        // chosen: a small second photo must not go up before a big first one.
        const prepared = prepareImage(accepted[i]!);
        enqueueTurn.current = enqueueTurn.current.then(() =>
          prepared.then(
            (ready) => {
              // Removed while it was being prepared: nothing to send.
              if (removed.current.has(row.id)) return;
              const [item] = uploader.add([ready.file]);
              if (!item) return;
              owners.current.set(item.id, row.id);
              setPhoto(row.id, { uploadId: item.id, status: item.status, error: item.error, progress: 0 });
            },
            (error: unknown) =>
              setPhoto(row.id, { status: 'error', error: error instanceof PhotoReadError ? error.message : String(error) }),
          ),
        );
      });
    },
    [setPhoto, updateWith, uploader],
  );

  /**
   * A photo's upload, as of now: its file joins the uploader (and is sent) before the render that
   * records the id, so a press in between (Cancel as it starts) must not see "still being made ready".
   */
  const uploadIdOf = (photoId: string): string | undefined =>
    media[photoId]?.uploadId ?? [...owners.current].find(([, owner]) => owner === photoId)?.[0];

  const remove = (id: string) => {
    removed.current.add(id);
    const m = media[id];
    const uploadId = uploadIdOf(id);
    if (uploadId) uploader.remove(uploadId);
    if (m) URL.revokeObjectURL(m.preview);
    setMedia((all) => {
      const { [id]: _, ...rest } = all;
      return rest;
    });
    updateWith((p) => ({ photos: p.photos.filter((ph) => ph.id !== id) }), 'photos');
  };

  // Paste anywhere in the form: the images on the clipboard become photos.
  useEffect(() => {
    const form = fieldsetRef.current?.closest('form');
    if (!form) return;
    const onPaste = (event: ClipboardEvent) => {
      const files = imageFiles(event.clipboardData?.files);
      if (files.length === 0) return;
      event.preventDefault();
      addFiles(files);
    };
    form.addEventListener('paste', onPaste);
    return () => form.removeEventListener('paste', onPaste);
  }, [addFiles]);

  // ---- dropping files: on the zone (at the end) or on a photo (before or after it) ----
  const lastScroll = useRef(0);
  const onDragOver = (event: DragEvent) => {
    if (!Array.from(event.dataTransfer.types).includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragOver(true);
    const now = performance.now();
    if (now - lastScroll.current < DROP_SCROLL_THROTTLE_MS) return;
    const direction = dropScrollDirection(event.clientY, window.innerHeight);
    if (!direction) return;
    lastScroll.current = now;
    const scroller = scrollerOf(fieldsetRef.current);
    if (scroller) scroller.scrollTop += direction * DROP_SCROLL_STEP_PX;
    else window.scrollBy(0, direction * DROP_SCROLL_STEP_PX);
  };
  const onDrop = (event: DragEvent, index?: number) => {
    const files = Array.from(event.dataTransfer.files);
    setDragOver(false);
    if (files.length === 0 && !Array.from(event.dataTransfer.types).includes('Files')) return;
    event.preventDefault();
    event.stopPropagation();
    if (index === undefined) return addFiles(files);
    const box = (event.currentTarget as HTMLElement).getBoundingClientRect();
    addFiles(files, dropSide(event.clientY - box.top, box.height) === 'after' ? index + 1 : index);
  };

  // ---- reordering ----
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: sortableKeyboardCoordinates,
      scrollBehavior: prefersReducedMotion() ? 'auto' : 'smooth',
    }),
  );
  const position = (id: string | number) => post.photos.findIndex((p) => p.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up photo ${position(active.id)} of ${post.photos.length}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `Photo ${position(active.id)} is over position ${position(over.id)} of ${post.photos.length}.`
        : `Photo ${position(active.id)} is no longer over the list.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `Photo ${position(active.id)} dropped at position ${position(over.id)} of ${post.photos.length}.`
        : `Photo ${position(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving cancelled. Photo ${position(active.id)} is back in place.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    updateWith((p) => {
      const from = p.photos.findIndex((ph) => ph.id === active.id);
      const to = p.photos.findIndex((ph) => ph.id === over.id);
      return from < 0 || to < 0 ? {} : { photos: arrayMove(p.photos, from, to) };
    }, 'photos');
  };

  // Live photos are behind a feature flag (authoring spec §6, livephotos_web).
  const livePhotos = isFlagOn('livephotos_web');
  const full = post.photos.length >= MAX_PHOTOS;
  const error = errorOf('photos');
  return (
    <>
      <fieldset
        ref={fieldsetRef}
        className={`photos${dragOver ? ' is-drag-over' : ''}`}
        data-field="photos"
        aria-describedby={error ? 'photos-error' : undefined}
        onDragOver={onDragOver}
        onDragLeave={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragOver(false);
        }}
        onDrop={(e) => onDrop(e)}
      >
        <legend className="field__label">Photos (up to {MAX_PHOTOS})</legend>
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements,
            screenReaderInstructions: {
              draggable:
                'To move a photo, press space or enter, then the up and down arrow keys, then space or enter to drop it there, or escape to cancel.',
            },
          }}
        >
          <SortableContext items={post.photos.map((p) => p.id)} strategy={verticalListSortingStrategy}>
            <ol className="photos__list">
              {post.photos.map((photo, i) => (
                <SortablePhoto
                  key={photo.id}
                  photo={photo}
                  index={i}
                  count={post.photos.length}
                  media={media[photo.id]}
                  onCaption={(caption) =>
                    updateWith((p) => ({ photos: p.photos.map((ph) => (ph.id === photo.id ? { ...ph, caption } : ph)) }), 'photos')
                  }
                  onUrl={(url) =>
                    updateWith((p) => ({ photos: p.photos.map((ph) => (ph.id === photo.id ? { ...ph, url } : ph)) }), 'photos')
                  }
                  onLive={
                    livePhotos
                      ? (patch) =>
                          updateWith((p) => ({ photos: p.photos.map((ph) => (ph.id === photo.id ? { ...ph, ...patch } : ph)) }), 'photos')
                      : undefined
                  }
                  onRemove={() => remove(photo.id)}
                  onCancel={() => {
                    const uploadId = uploadIdOf(photo.id);
                    if (uploadId) uploader.cancel(uploadId);
                    else if (media[photo.id]?.status === 'preparing') remove(photo.id);
                  }}
                  onRetry={() => {
                    const id = uploadIdOf(photo.id);
                    if (id) uploader.retry(id);
                  }}
                  onDrop={(event) => onDrop(event, i)}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
        <div className="photos__drop" data-drop-zone>
          <span className="photos__drop-text" aria-hidden="true">
            {full ? PHOTO_LIMIT_REACHED : 'Drop photos here, or paste them.'}
          </span>
          {/* Every chosen file: one that is not an image is refused with the spec's message. */}
          <FileButton
            className="tl-button"
            accept="image/*"
            multiple
            inputClassName="photos__file"
            disabled={full}
            onFiles={addFiles}
            data-autofocus=""
          >
            Choose photos
          </FileButton>
          <button
            type="button"
            className="tl-button is-secondary"
            disabled={full}
            onClick={() => updateWith((p) => ({ photos: [...p.photos, { id: newPhotoId(), url: '', caption: '' }] }))}
          >
            Add a photo by URL
          </button>
        </div>
        <p className="photos__notice" role="status">
          {notice}
        </p>
        {error && (
          <p className="field__error" id="photos-error" part="error">
            {error}
          </p>
        )}
      </fieldset>
      <PhotosetLayoutPicker post={post} onLayout={(layout) => updateWith(() => ({ layout }), 'layout')} />
    </>
  );
}

interface SortablePhotoProps {
  photo: PhotoItem;
  index: number;
  count: number;
  media: PhotoMedia | undefined;
  onCaption: (caption: string) => void;
  onUrl: (url: string) => void;
  /** With the `livephotos_web` flag: the photo's live video changed. */
  onLive?: ((patch: Pick<PhotoItem, 'livephotoUrl' | 'livephotoStillImageTime'>) => void) | undefined;
  onRemove: () => void;
  onCancel: () => void;
  onRetry: () => void;
  onDrop: (event: DragEvent) => void;
}

function SortablePhoto({ photo, index, count, media, onCaption, onUrl, onLive, onRemove, onCancel, onRetry, onDrop }: SortablePhotoProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: photo.id });
  const n = index + 1;
  const picture = media?.preview || (/^(https?:\/\/|\/)/.test(photo.url.trim()) ? photo.url.trim() : '');
  const status = media?.status;
  return (
    <li
      ref={setNodeRef}
      className={`photos__item${isDragging ? ' is-dragging' : ''}`}
      data-photo-id={photo.id}
      data-status={status ?? 'url'}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      onDrop={onDrop}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="photos__handle"
        aria-label={`Move photo ${n} of ${count}`}
        {...attributes}
        {...listeners}
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <div className="photos__thumb">{picture ? <img src={picture} alt="" /> : <span aria-hidden="true">◉</span>}</div>
      <div className="photos__body">
        {media ? (
          <UploadProgress
            what={`photo ${n}`}
            status={media.status}
            progress={media.progress}
            error={media.error}
            onCancel={onCancel}
            onRetry={media.uploadId ? onRetry : undefined}
          />
        ) : (
          <Field name={`photo-${index}`} label={`Photo ${n} URL`}>
            {(control) => <UrlInput control={control} value={photo.url} onChange={onUrl} />}
          </Field>
        )}
        <Field name={`photo-caption-${index}`} label={`Photo ${n} caption`} hint={`Up to ${PHOTO_CAPTION_MAX} characters`}>
          {(control) => (
            <input
              {...control}
              className="field__control"
              maxLength={PHOTO_CAPTION_MAX}
              value={photo.caption}
              onChange={(e) => onCaption(e.target.value)}
            />
          )}
        </Field>
        {onLive && (photo.url.trim() || photo.livephotoUrl) && <LivePhotoField photo={photo} n={n} still={picture} onChange={onLive} />}
        <button type="button" className="tl-button is-secondary photos__remove" onClick={onRemove}>
          Remove photo {n}
        </button>
      </div>
    </li>
  );
}
