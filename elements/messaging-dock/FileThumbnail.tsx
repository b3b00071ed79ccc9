/**
 * A picture of a local file (a Blob the user chose, dropped or pasted) drawn into a <canvas>.
 * Why not <img src="blob:…">: a page's Content-Security-Policy often allows no blob: images
 * (the demo's `default-src 'self'` does not), and a canvas needs no URL at all. A GIF shows its
 * first frame. The decoding (`createImageBitmap`) also tells whether the file is an image at all.
 */
import { useEffect, useRef, useState } from 'react';

/** Decodes an image file; rejects when it is not one the browser can read. */
export function readImage(file: Blob): Promise<ImageBitmap> {
  return createImageBitmap(file);
}

/** Draws `source` (decoded here when it is a Blob) at width × height CSS pixels. */
export function FileThumbnail({
  source,
  width,
  height,
  label,
  className,
  part,
}: {
  source: Blob | ImageBitmap;
  width: number;
  height: number;
  label: string;
  className?: string;
  part?: string;
}) {
  const ref = useRef<HTMLCanvasElement>(null);
  const [bitmap, setBitmap] = useState<ImageBitmap | null>(source instanceof Blob ? null : source);
  useEffect(() => {
    if (!(source instanceof Blob)) {
      setBitmap(source);
      return;
    }
    let live = true;
    let decoded: ImageBitmap | null = null;
    readImage(source).then(
      (b) => {
        decoded = b;
        if (live) setBitmap(b);
        else b.close();
      },
      () => undefined, // an unreadable file stays a blank box with its label
    );
    return () => {
      live = false;
      decoded?.close();
    };
  }, [source]);
  useEffect(() => {
    const canvas = ref.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context || !bitmap) return;
    // sharp on high-density screens: the backing store in device pixels, the box in CSS pixels
    const ratio = Math.min(3, Math.max(1, globalThis.devicePixelRatio || 1));
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  }, [bitmap, width, height]);
  return <canvas ref={ref} className={className} part={part} role="img" aria-label={label} style={{ width, height }} />;
}
