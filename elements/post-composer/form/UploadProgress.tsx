/**
 * One file's upload as the user sees it: a progress bar with Cancel while it is made ready or
 * sent, and the error with Retry once it failed (none for a file refused before sending).
 */
import { useEffect, useRef } from 'react';
import { useSay } from '../../../src/ui/use-say';
import { uploadDoneSpoken, uploadStartSpoken } from '../model/upload';

export type UploadView = 'preparing' | 'queued' | 'uploading' | 'complete' | 'error' | 'aborted' | 'invalid';

export const isBusyUpload = (status: UploadView | undefined): boolean =>
  status === 'preparing' || status === 'queued' || status === 'uploading';

interface UploadProgressProps {
  /** What is being uploaded, for the bar's and the buttons' names ("photo 2", "the video"). */
  what: string;
  status: UploadView | undefined;
  progress: number;
  error?: string | undefined;
  onCancel: () => void;
  /** Absent when the upload cannot be tried again. */
  onRetry?: (() => void) | undefined;
}

export function UploadProgress({ what, status, progress, error, onCancel, onRetry }: UploadProgressProps) {
  // Its start and its end are said (the bar itself is not live: its percentages would be read out one by one).
  const say = useSay();
  // 'unmounted' before the first run: a bar that appears with its upload already running (a photo's row
  // is made with it) says the start; one that appears complete (a form reopened) says nothing.
  const was = useRef<UploadView | 'unmounted' | undefined>('unmounted');
  useEffect(() => {
    const before = was.current;
    was.current = status;
    if (isBusyUpload(status) && !isBusyUpload(before === 'unmounted' ? undefined : before)) say(uploadStartSpoken(what));
    else if (status === 'complete' && before !== 'complete' && before !== 'unmounted') say(uploadDoneSpoken(what));
  }, [status]);

  if (isBusyUpload(status)) {
    const percent = Math.round(progress * 100);
    return (
      <div className="upload">
        <div
          className="upload__bar"
          role="progressbar"
          aria-label={`Uploading ${what}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={status === 'preparing' ? 'Getting it ready' : status === 'queued' ? 'Waiting to upload' : `${percent}%`}
          data-status={status}
        >
          <span className="upload__fill" style={{ transform: `scaleX(${progress})` }} />
        </div>
        <button type="button" className="tl-button is-secondary upload__cancel" onClick={onCancel}>
          Cancel<span className="tl-visually-hidden"> {what}</span>
        </button>
      </div>
    );
  }
  if (status === 'error' || status === 'aborted' || status === 'invalid') {
    return (
      <div className="upload upload--failed">
        <p className="field__error" role="alert">
          {error || 'Upload canceled.'}
        </p>
        {onRetry && status !== 'invalid' && (
          <button type="button" className="tl-button is-secondary" onClick={onRetry}>
            Retry<span className="tl-visually-hidden"> {what}</span>
          </button>
        )}
      </div>
    );
  }
  return null;
}
