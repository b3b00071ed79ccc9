/**
 * The composer's uploads: what each upload field accepts and where it sends it (the spec's upload
 * rules, ../model/upload.ts), and the uploader every field runs them with. One place, because
 * photos, album art and the editor's inline images all send images the same way, and each lives in
 * a lazy chunk of its own.
 */
import { logEvent } from '../../../src/bus/log';
import { UPLOAD_ENDPOINTS, xhrUploadTransport } from '../api/upload';
import { PHOTO_TYPES } from '../model/photo-media';
import { createUploader, type UploadItem, type Uploader, type UploadOptions } from '../model/upload';

export const PHOTO_UPLOAD_OPTIONS: UploadOptions = {
  endpoint: UPLOAD_ENDPOINTS.photo,
  maxSize: 10_485_760,
  pattern: PHOTO_TYPES,
  mediaType: 'image',
  fieldName: 'photo',
};
export const VIDEO_UPLOAD_OPTIONS: UploadOptions = {
  endpoint: UPLOAD_ENDPOINTS.video,
  maxSize: 52_428_800,
  pattern: /^video\/(mp4|webm|quicktime)$/,
  mediaType: 'video',
  fieldName: 'video',
};
export const AUDIO_UPLOAD_OPTIONS: UploadOptions = {
  endpoint: UPLOAD_ENDPOINTS.audio,
  maxSize: 10_485_760,
  pattern: /^audio\/(mpeg|mp3|mp4|x-m4a|aac|ogg|wav|x-wav|wave)$/,
  mediaType: 'audio',
  fieldName: 'audio',
};

/**
 * The upload model on the XHR transport, for one field: `onChange` hears every item's progress; a
 * file refused for its size is logged (`upload_limit_hit`, the spec's behaviour log).
 */
export function createFieldUploader(options: UploadOptions, onChange: (items: readonly UploadItem<File>[]) => void): Uploader<File> {
  return createUploader<File>({
    options,
    transport: xhrUploadTransport,
    onChange,
    onInvalid: (item) => {
      if (item.limitHit)
        logEvent('upload_limit_hit', { media_type: options.mediaType ?? 'image', bytes: item.file.size, max_bytes: options.maxSize });
    },
  });
}
