/**
 * Image attachments in a conversation (spec §3 Preview / attachment, §4 the dropping-files flag,
 * §5 the image attachment rules, §8 image errors, §9 preview sizes and timings), no DOM: which
 * files are accepted, when a drop or paste counts, the error texts and the preview's size.
 */

/** Spec §5, §9: 10485760 bytes unless the server config says otherwise. */
export const IMAGE_MAX_BYTES_DEFAULT = 10_485_760;
/** Spec §9: the preview fits in 210 × 150. */
export const PREVIEW_MAX = { width: 210, height: 150 } as const;
/** Spec §9: the preview animates in over 300 ms (styles.css) and out over 200 ms; the queue flushes 150 ms after it closed. */
export const PREVIEW_OUT_MS = 200;
export const FLUSH_AFTER_PREVIEW_MS = 150;
/** The sending context of an uploaded image (spec §5: a context the server is sent). */
export const IMAGE_UPLOAD_CONTEXT = 'messaging-image-upload';
/** The sending context of a GIF from the search (spec §5), also the search's own context. */
export const GIF_MESSAGE_CONTEXT = 'messaging-gif';

/** Ours: the spec does not say what a GIF without its post says. */
export const GIF_NOT_SENDABLE = "This GIF can't be sent. Try another one.";

/** Spec §5: a GIF can be sent only with a post id and its blog's uuid. */
export function gifSendable(media: {
  postId?: string | undefined;
  postBlogUuid?: string | undefined;
}): media is { postId: string; postBlogUuid: string } {
  return !!media.postId && !!media.postBlogUuid;
}

// ---- spec §8 texts ----
export const INVALID_FILE_TYPE = 'Invalid file type.';
export const UNREADABLE_IMAGE = 'Something about that file is off. Try sending something else.';
export function tooBigText(maxBytes: number): string {
  return `Image must be smaller than ${Math.floor(maxBytes / 1_048_576)}MB`;
}

/** The accepted types (spec §5: jpg, jpeg, png or gif), for a file input's `accept`. */
export const ACCEPTED_IMAGE_TYPES = 'image/jpeg,image/png,image/gif,.jpg,.jpeg,.png,.gif';

/** The configured maximum (`messaging_image_max_bytes`), or the default. */
export function imageMaxBytes(config: { messaging_image_max_bytes?: unknown }): number {
  const n = config.messaging_image_max_bytes;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : IMAGE_MAX_BYTES_DEFAULT;
}

/** Spec §5: the type must match jpg, jpeg, png or gif (by its MIME type, or its name when the type is empty). */
export function isAcceptedImage(file: { name?: string; type?: string }): boolean {
  const type = (file.type ?? '').toLowerCase();
  if (type) return /^image\/(jpe?g|png|gif)$/.test(type);
  return /\.(jpe?g|png|gif)$/i.test(file.name ?? '');
}

/** The error for a file before it is read, or null when it may be read. */
export function attachmentError(file: { name?: string; type?: string; size: number }, maxBytes: number): string | null {
  if (!isAcceptedImage(file)) return INVALID_FILE_TYPE;
  if (file.size > maxBytes) return tooBigText(maxBytes);
  return null;
}

export interface AttachState {
  /** The config's send-photos switch. */
  photosEnabled: boolean;
  /** An image is already previewed (one at a time). */
  hasPreview: boolean;
  canSend: boolean;
  /** The conversation is in its error state (or not loaded). */
  hasError: boolean;
}

/** Spec §5: a dropped or pasted file is accepted only under all of these. */
export function canAttach(state: AttachState): boolean {
  return state.photosEnabled && !state.hasPreview && state.canSend && !state.hasError;
}

/** Spec §5: a drag counts only when the dragged items include Files. */
export function dragHasFiles(types: Iterable<string> | null | undefined): boolean {
  if (!types) return false;
  for (const t of types) if (t === 'Files') return true;
  return false;
}

/** Spec §5: only the last dropped (or pasted) file is used. */
export function lastFile<F>(files: ArrayLike<F> | null | undefined): F | null {
  return files && files.length > 0 ? (files[files.length - 1] ?? null) : null;
}

/**
 * The files a clipboard or drag carries: `files`, or where that list is empty the items of kind
 * 'file' (some engines fill only one of the two, depending on where the data came from).
 */
export function transferFiles<F>(
  data: { files?: ArrayLike<F> | null; items?: ArrayLike<{ kind: string; getAsFile(): F | null }> | null } | null | undefined,
): F[] {
  if (!data) return [];
  const files = data.files ? Array.from(data.files) : [];
  if (files.length > 0) return files;
  const items = data.items ? Array.from(data.items) : [];
  return items
    .filter((i) => i.kind === 'file')
    .map((i) => i.getAsFile())
    .filter((f): f is F => f !== null);
}

/** The preview's size: the image scaled down (never up) to fit 210 × 150, keeping its shape. */
export function previewSize(
  width: number,
  height: number,
  max: { width: number; height: number } = PREVIEW_MAX,
): { width: number; height: number } {
  if (!(width > 0) || !(height > 0)) return { ...max };
  const scale = Math.min(1, max.width / width, max.height / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
