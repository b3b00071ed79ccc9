/**
 * One file uploaded for a field (a video, an audio file, album art): the same upload model and
 * transport as the photos, its state for UploadProgress, and the uploaded address handed on.
 * A new file replaces the one before (which is cancelled if it still runs).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { progressOf, type UploadOptions } from '../model/upload';
import { createFieldUploader } from './uploads';
import type { UploadView } from './UploadProgress';

export interface SingleUpload {
  status: UploadView | undefined;
  progress: number;
  error: string | undefined;
  fileName: string;
  start(file: File): void;
  cancel(): void;
  retry(): void;
  clear(): void;
}

export function useSingleUpload(
  options: UploadOptions,
  onUploaded: (url: string, response: Record<string, unknown>) => void,
  prepare?: (file: File) => Promise<File>,
): SingleUpload {
  const [state, setState] = useState<{ status: UploadView | undefined; progress: number; error: string | undefined; fileName: string }>({
    status: undefined,
    progress: 0,
    error: undefined,
    fileName: '',
  });
  /** The upload item being shown, and the file whose preparation counts (a newer file wins). */
  const current = useRef<string | null>(null);
  const latest = useRef<symbol | null>(null);
  const onUploadedRef = useRef(onUploaded);
  onUploadedRef.current = onUploaded;
  const uploader = useMemo(
    () =>
      createFieldUploader(options, (items) => {
        const item = items.find((i) => i.id === current.current);
        if (!item) return;
        setState((s) => ({ ...s, status: item.status, progress: progressOf(item), error: item.error }));
        if (item.status === 'complete' && item.url) onUploadedRef.current(item.url, item.responseJSON ?? {});
      }),
    // Made once: the options are constants of the field that uses the hook.
    [],
  );
  useEffect(
    () => () => {
      if (current.current) uploader.remove(current.current);
    },
    [uploader],
  );

  const drop = () => {
    if (current.current) uploader.remove(current.current);
    current.current = null;
  };

  return {
    ...state,
    start(file) {
      drop();
      setState({ status: 'preparing', progress: 0, error: undefined, fileName: file.name });
      const token = Symbol('upload');
      latest.current = token;
      (prepare ? prepare(file) : Promise.resolve(file)).then(
        (ready) => {
          if (latest.current !== token) return;
          const [item] = uploader.add([ready]);
          if (!item) return;
          current.current = item.id;
          setState((s) => ({ ...s, status: item.status, error: item.error }));
        },
        (error: unknown) => {
          if (latest.current === token)
            setState((s) => ({ ...s, status: 'error', error: error instanceof Error ? error.message : String(error) }));
        },
      );
    },
    cancel() {
      if (current.current) uploader.cancel(current.current);
      else {
        latest.current = null;
        setState((s) => ({ ...s, status: undefined }));
      }
    },
    retry() {
      if (current.current) uploader.retry(current.current);
    },
    clear() {
      latest.current = null;
      drop();
      setState({ status: undefined, progress: 0, error: undefined, fileName: '' });
    },
  };
}
