/**
 * What the video field's text is, shown as the user types (elements/post-composer/model/embed.ts): a known
 * service's URL is looked up (POST /svc/post/get_video_data, one retry after 2000 ms without a
 * thumbnail), embed code gives its address, a direct URL is a video file. A newer text cancels the
 * lookup before it. A lookup that failed on the way (the server or the network, not the answer)
 * can be tried again as it is: Retry.
 */
import { useEffect, useRef, useState } from 'react';
import { fetchVideoData } from '../api/upload';
import { classifyEmbed, EmbedError, lookupEmbed, type EmbedData } from '../model/embed';
import { isDirectEmbed } from '../model/post';

export type EmbedPreview =
  | { kind: 'none' }
  | { kind: 'looking'; url: string }
  | { kind: 'found'; url: string; service: string; data: EmbedData }
  | { kind: 'code'; src: string }
  | { kind: 'direct'; url: string }
  | { kind: 'error'; message: string; retryable?: boolean };

/** Typing pauses this long before the text is read (ours: the spec names no delay). */
export const EMBED_PREVIEW_DEBOUNCE_MS = 400;

export function useEmbedPreview(text: string): { preview: EmbedPreview; retry: () => void } {
  const [preview, setPreview] = useState<EmbedPreview>({ kind: 'none' });
  const [attempt, setAttempt] = useState(0);
  /** A Retry asks at once: the text has not changed, there is no typing to wait out. */
  const retried = useRef(false);
  useEffect(() => {
    const delay = retried.current ? 0 : EMBED_PREVIEW_DEBOUNCE_MS;
    retried.current = false;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      if (!text.trim()) return setPreview({ kind: 'none' });
      let input;
      try {
        input = classifyEmbed(text);
      } catch (error) {
        // A URL that no service claims is a link to a video file.
        if (isDirectEmbed(text)) return setPreview({ kind: 'direct', url: text.trim() });
        return setPreview({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
      }
      if (input.kind === 'code') return setPreview({ kind: 'code', src: input.src });
      const { url, service } = input;
      setPreview({ kind: 'looking', url });
      const sleep = (ms: number) =>
        new Promise<void>((resolve, reject) => {
          const t = setTimeout(resolve, ms);
          controller.signal.addEventListener('abort', () => (clearTimeout(t), reject(controller.signal.reason)), { once: true });
        });
      lookupEmbed(url, { fetchData: (u) => fetchVideoData(u, 540, controller.signal), sleep }).then(
        (data) => !controller.signal.aborted && setPreview({ kind: 'found', url, service, data }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setPreview(
            error instanceof EmbedError
              ? { kind: 'error', message: error.message }
              : { kind: 'error', message: 'The video could not be looked up. Check your connection and try again.', retryable: true },
          );
        },
      );
    }, delay);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, attempt]);
  return {
    preview,
    retry: () => {
      retried.current = true;
      setAttempt((n) => n + 1);
    },
  };
}
