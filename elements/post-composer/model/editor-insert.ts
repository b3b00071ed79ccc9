/**
 * What the rich editor can insert besides text (authoring spec §5 "Editor rules"): images,
 * iframes, figures (either of those with a caption) and `hr`, whose only class is `read-more`.
 * This module reads what an insert was asked for and gives either the block to insert or one of
 * the spec's editor warnings; the editor logs the warning and shows it beside the insert bar.
 * No DOM, no editor: the editor component applies the plan.
 */
import { editorLink } from './editor-links';

/** Spec §5 editor warnings, verbatim in meaning (the spec gives them as descriptions, not strings). */
export const EDITOR_EMPTY_DATA = 'Cannot insert empty data';
export const EDITOR_NO_SELECTION = 'Cannot insert without a cursor or selection';
export const EDITOR_UNKNOWN_IMAGE_SOURCE = 'Unknown source type for an image';

/** A block the editor holds: a picture or a frame (optionally captioned, i.e. a figure), or a rule. */
export type EditorBlock =
  | { kind: 'image'; src: string; alt: string; width?: number; height?: number; caption?: string }
  | { kind: 'iframe'; src: string; width?: number; height?: number; caption?: string }
  | { kind: 'rule'; readMore: boolean };

/** An image to insert: an address, or a file still to be uploaded (the editor uploads it first). */
export type ImageSource = { type: 'url'; url: string } | { type: 'file'; file: Blob };

export type InsertRequest =
  | { kind: 'image'; source: unknown; alt?: string; caption?: string }
  | { kind: 'iframe'; src: unknown; width?: number; height?: number; caption?: string }
  | { kind: 'read-more' }
  | { kind: 'rule' };

export type InsertPlan =
  { ok: true; block: EditorBlock } | { ok: true; upload: Blob; alt: string; caption?: string } | { ok: false; warning: string };

const isBlob = (v: unknown): v is Blob => typeof Blob !== 'undefined' && v instanceof Blob;

/**
 * Reads an image source: an http(s) address (a string, or `{url}`), or a file. Anything else is
 * the spec's "unknown source type"; an empty string or an empty file is "empty data".
 */
export function readImageSource(source: unknown): ImageSource | { warning: string } {
  if (source === undefined || source === null || source === '') return { warning: EDITOR_EMPTY_DATA };
  if (isBlob(source)) return source.size === 0 ? { warning: EDITOR_EMPTY_DATA } : { type: 'file', file: source };
  const url =
    typeof source === 'string'
      ? source
      : typeof source === 'object' && typeof (source as { url?: unknown }).url === 'string'
        ? (source as { url: string }).url
        : null;
  if (url === null) return { warning: EDITOR_UNKNOWN_IMAGE_SOURCE };
  const address = mediaAddress(url);
  if (address === '') return { warning: EDITOR_EMPTY_DATA };
  return address === null ? { warning: EDITOR_UNKNOWN_IMAGE_SOURCE } : { type: 'url', url: address };
}

/**
 * An image or frame address as typed: the link rules (trimmed; a bare host gets a scheme; a path
 * on this site stays) without mailto. '' for blank, null for anything else.
 */
export function mediaAddress(text: string): string | null {
  if (!text.trim()) return '';
  const url = editorLink(text);
  return url && !/^mailto:/i.test(url) ? url : null;
}

const positive = (n: number | undefined): number | undefined =>
  typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.round(n) : undefined;
const withCaption = <T extends object>(block: T, caption: string | undefined): T & { caption?: string } => {
  const text = caption?.trim();
  return text ? { ...block, caption: text } : block;
};

/**
 * Plans an insert. `hasSelection` says whether the editor has a cursor or selection to insert at
 * (spec: "cannot insert without a cursor or selection"); it is checked after the data, so a
 * request that is wrong twice names what the caller can fix first.
 */
export function planInsert(request: InsertRequest, hasSelection: boolean): InsertPlan {
  let plan: InsertPlan;
  switch (request.kind) {
    case 'image': {
      const source = readImageSource(request.source);
      if ('warning' in source) return { ok: false, warning: source.warning };
      const alt = request.alt?.trim() ?? '';
      plan =
        source.type === 'file'
          ? { ok: true, upload: source.file, alt, ...(request.caption?.trim() ? { caption: request.caption.trim() } : {}) }
          : { ok: true, block: withCaption({ kind: 'image', src: source.url, alt }, request.caption) };
      break;
    }
    case 'iframe': {
      if (typeof request.src !== 'string' || request.src.trim() === '') return { ok: false, warning: EDITOR_EMPTY_DATA };
      const src = mediaAddress(request.src);
      if (!src) return { ok: false, warning: EDITOR_EMPTY_DATA };
      const width = positive(request.width);
      const height = positive(request.height);
      plan = {
        ok: true,
        block: withCaption({ kind: 'iframe', src, ...(width ? { width } : {}), ...(height ? { height } : {}) }, request.caption),
      };
      break;
    }
    case 'read-more':
      plan = { ok: true, block: { kind: 'rule', readMore: true } };
      break;
    case 'rule':
      plan = { ok: true, block: { kind: 'rule', readMore: false } };
      break;
    default:
      return { ok: false, warning: EDITOR_EMPTY_DATA };
  }
  return hasSelection ? plan : { ok: false, warning: EDITOR_NO_SELECTION };
}
