/**
 * A photo's live video (authoring spec §3 Photo item livephotoUrl / livephotoStillImageTime;
 * only with the `livephotos_web` flag): uploaded like a video post's file, then previewed the way
 * a live photo plays (elements/post-composer/model/live-photo.ts: rest the pointer on it, or press it). The still's
 * time in the video is a number of seconds the user can set.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { createLivePhoto, stillImageTime, type LivePhotoState } from '../model/live-photo';
import type { PhotoItem } from '../model/post';
import { prefersReducedMotion } from '../../../src/ui/reduced-motion';
import { isBusyUpload, UploadProgress } from './UploadProgress';
import { VIDEO_UPLOAD_OPTIONS } from './uploads';
import { useSingleUpload } from './use-single-upload';
import { FileButton } from '../../../src/ui/FileButton';

type LivePatch = Pick<PhotoItem, 'livephotoUrl' | 'livephotoStillImageTime'>;

interface LivePhotoFieldProps {
  photo: PhotoItem;
  /** The photo's number in the list (1-based), for names. */
  n: number;
  /** The still to show (the uploaded photo, or its local preview). */
  still: string;
  onChange: (patch: LivePatch) => void;
}

function LivePhotoPreview({ src, still, n }: { src: string; still: string; n: number }) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<LivePhotoState>('still');
  const live = useMemo(
    () =>
      createLivePhoto({
        setTimer: (fn, ms) => window.setTimeout(fn, ms),
        clearTimer: (id) => window.clearTimeout(id as number),
        now: () => performance.now(),
        play: () => {
          const v = video.current;
          if (!v) return;
          v.currentTime = 0;
          // A refused play (autoplay rules) leaves the still showing; the next press tries again.
          void v.play().catch(() => setState('still'));
        },
        stop: () => video.current?.pause(),
        onState: setState,
      }),
    [],
  );
  useEffect(() => () => live.dispose(), [live]);
  const moving = state === 'playing' || state === 'leaving' || state === 'postroll';
  return (
    <button
      type="button"
      className="livephoto"
      data-state={state}
      aria-pressed={moving}
      aria-label={`Play the live photo of photo ${n}`}
      // Hover plays it only for those who have not asked for less motion; a press always does.
      onPointerEnter={(e) => e.pointerType === 'mouse' && !prefersReducedMotion() && live.pointerEnter()}
      onPointerLeave={(e) => e.pointerType === 'mouse' && live.pointerLeave()}
      onClick={() => live.tap()}
    >
      {still && <img className="livephoto__still" src={still} alt="" hidden={moving} />}
      <video
        ref={video}
        className="livephoto__video"
        src={src}
        muted
        playsInline
        preload="metadata"
        hidden={!moving && Boolean(still)}
        onEnded={() => live.ended()}
      />
      <span className="livephoto__badge" aria-hidden="true">
        LIVE
      </span>
    </button>
  );
}

export function LivePhotoField({ photo, n, still, onChange }: LivePhotoFieldProps) {
  const id = useId();
  const upload = useSingleUpload(VIDEO_UPLOAD_OPTIONS, (url) => onChange({ livephotoUrl: url, livephotoStillImageTime: 0 }));
  const [duration, setDuration] = useState<number | undefined>(undefined);
  const src = photo.livephotoUrl;

  useEffect(() => {
    if (!src) return setDuration(undefined);
    // The duration bounds the still's time; read from the file's metadata only.
    const probe = document.createElement('video');
    probe.preload = 'metadata';
    probe.muted = true;
    const read = () => setDuration(Number.isFinite(probe.duration) ? probe.duration : undefined);
    probe.addEventListener('loadedmetadata', read, { once: true });
    probe.src = src;
    return () => {
      probe.removeEventListener('loadedmetadata', read);
      probe.removeAttribute('src');
      probe.load();
    };
  }, [src]);

  if (!src) {
    const busy = isBusyUpload(upload.status);
    return (
      <div className="livephoto-field">
        {!busy && (
          <FileButton
            className="tl-button is-secondary livephoto-field__pick"
            accept="video/mp4,video/quicktime,video/webm"
            inputClassName="livephoto-field__file"
            onFiles={([file]) => upload.start(file!)}
          >
            Add a live video<span className="tl-visually-hidden"> to photo {n}</span>
          </FileButton>
        )}
        <UploadProgress
          what={`the live video of photo ${n}`}
          status={upload.status}
          progress={upload.progress}
          error={upload.error}
          onCancel={upload.cancel}
          onRetry={upload.retry}
        />
      </div>
    );
  }

  return (
    <div className="livephoto-field">
      <LivePhotoPreview src={src} still={still} n={n} />
      <div className="livephoto-field__controls">
        <label htmlFor={`${id}-still`} className="field__label">
          Still at (seconds)
        </label>
        <input
          id={`${id}-still`}
          className="field__control livephoto-field__time"
          type="number"
          min={0}
          max={duration !== undefined ? Math.floor(duration * 10) / 10 : undefined}
          step={0.1}
          value={photo.livephotoStillImageTime ?? 0}
          onChange={(e) => onChange({ livephotoUrl: src, livephotoStillImageTime: stillImageTime(e.target.value, duration) })}
        />
        <button
          type="button"
          className="tl-button is-secondary"
          onClick={() => {
            upload.clear();
            onChange({ livephotoUrl: '', livephotoStillImageTime: 0 });
          }}
        >
          Remove the live video<span className="tl-visually-hidden"> of photo {n}</span>
        </button>
      </div>
    </div>
  );
}
