/**
 * A conversation window's image attachment (rules in elements/messaging-dock/model/attachment.ts): one
 * image at a time, checked, decoded (an unreadable file is refused), previewed, and closed with
 * its 200 ms animation. The window decides when a file may be attached at all.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { $session } from '../../src/session/session';
import { attachmentError, imageMaxBytes, PREVIEW_OUT_MS, UNREADABLE_IMAGE } from './model/attachment';
import { prefersReducedMotion } from '../../src/ui/reduced-motion';
import { readImage } from './FileThumbnail';

export interface Attachment {
  file: File;
  bitmap: ImageBitmap;
  width: number;
  height: number;
}

export interface AttachmentState {
  attachment: Attachment | null;
  /** The preview is animating out (still shown). */
  leaving: boolean;
  error: string | null;
  attach(file: File): Promise<void>;
  /** Closes the preview; resolves once it is gone (its animation over). */
  close(): Promise<void>;
  dismissError(): void;
  showError(text: string): void;
}

export function useAttachment(): AttachmentState {
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const current = useRef<Attachment | null>(null);
  const reading = useRef(0);

  const attach = useCallback(async (file: File) => {
    const problem = attachmentError(file, imageMaxBytes($session.get().config));
    if (problem) {
      setError(problem);
      return;
    }
    const ticket = ++reading.current;
    let bitmap: ImageBitmap;
    try {
      bitmap = await readImage(file);
    } catch {
      if (ticket === reading.current) setError(UNREADABLE_IMAGE);
      return;
    }
    if (ticket !== reading.current || bitmap.width === 0 || bitmap.height === 0) {
      bitmap.close();
      if (ticket === reading.current) setError(UNREADABLE_IMAGE);
      return;
    }
    const next = { file, bitmap, width: bitmap.width, height: bitmap.height };
    current.current = next;
    setError(null);
    setLeaving(false);
    setAttachment(next);
  }, []);

  const close = useCallback(async () => {
    const closing = current.current;
    if (!closing) return;
    current.current = null;
    if (!prefersReducedMotion()) {
      setLeaving(true);
      await new Promise((resolve) => setTimeout(resolve, PREVIEW_OUT_MS));
    }
    setLeaving(false);
    setAttachment((a) => (a === closing ? null : a));
    // the outgoing bubble decodes its own copy from the file
    closing.bitmap.close();
  }, []);

  // a window closed with a preview open frees its bitmap
  useEffect(() => () => current.current?.bitmap.close(), []);

  return { attachment, leaving, error, attach, close, dismissError: useCallback(() => setError(null), []), showError: setError };
}
