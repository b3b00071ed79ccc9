/**
 * What each of the composer's upload fields accepts and where it sends it (the spec's upload
 * rules, elements/post-composer/model/upload.ts). One place, because photos, album art and the editor's inline
 * images all send images the same way, and each lives in a lazy chunk of its own.
 */
import { UPLOAD_ENDPOINTS } from '../api/upload';
import { PHOTO_TYPES } from '../model/photo-media';
import type { UploadOptions } from '../model/upload';

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
