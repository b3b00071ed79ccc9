/**
 * Post media on the wire (authoring spec §7 "Media"): the upload transport, the embed lookup and
 * OpenGraph. Uploads use XMLHttpRequest, not the fetch client: fetch reports no upload progress,
 * and the spec's model needs bytesLoaded / bytesTotal. The form key goes in the header and the
 * body, as the client sends it everywhere else; the answer is handed to the model unparsed by
 * status (elements/post-composer/model/upload.ts reads meta.status, response and errors).
 */
import { $session } from '../../../src/session/session';
import { ApiError } from '../../../src/errors';
import type { UploadFile, UploadTransport } from '../model/upload';
import { buildUrl, FORM_KEY_HEADER, request } from '../../../src/api/client';

/** Upload endpoints of the reference server, one per kind; the field is named after the kind. */
export const UPLOAD_ENDPOINTS = {
  photo: '/svc/post/upload/photo',
  audio: '/svc/post/upload/audio',
  video: '/svc/post/upload/video',
} as const;

/** The answer's JSON, or null when it is empty or not JSON (the model makes that "Woops :("). */
function parseJson(text: string): unknown {
  try {
    return text.trim() ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

export const xhrUploadTransport: UploadTransport<UploadFile & Blob> = (file, target, onProgress) => {
  const session = $session.get();
  const xhr = new XMLHttpRequest();
  const done = new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    xhr.open('POST', buildUrl(target.endpoint));
    xhr.withCredentials = Boolean(session.apiBase);
    xhr.setRequestHeader(FORM_KEY_HEADER, session.formKey);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : 0);
    xhr.onload = () => {
      resolve({ status: xhr.status, body: parseJson(xhr.responseText) });
    };
    xhr.onerror = () => reject(new ApiError('network', 0, 'Upload failed on the network'));
    xhr.onabort = () => reject({ aborted: true });
    const form = new FormData();
    form.append('form_key', session.formKey);
    form.append(target.fieldName, file, file.name);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
};

/** POST /svc/post/get_video_data (JSON): the raw answer, for readEmbedResponse. */
export function fetchVideoData(embedUrl: string, embedWidth = 540, signal?: AbortSignal): Promise<unknown> {
  return request('/svc/post/get_video_data', {
    method: 'POST',
    json: { embed_url: embedUrl, embed_width: embedWidth },
    ...(signal ? { signal } : {}),
  });
}

export interface OpenGraph {
  url: string;
  title: string;
  description: string;
  image?: string;
  site_name?: string;
}

/** GET /svc/post/opengraph?url= (ours: the spec names no call). Null when there is nothing usable. */
export async function fetchOpenGraph(url: string, signal?: AbortSignal): Promise<OpenGraph | null> {
  const body = await request('/svc/post/opengraph', { query: { url }, ...(signal ? { signal } : {}) });
  const r = typeof body === 'object' && body !== null ? (body as { response?: unknown }).response : undefined;
  if (typeof r !== 'object' || r === null) return null;
  const o = r as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  if (!str(o.title) && !str(o.description)) return null;
  return {
    url: str(o.url) || url,
    title: str(o.title),
    description: str(o.description),
    ...(str(o.image) ? { image: str(o.image) } : {}),
    ...(str(o.site_name) ? { site_name: str(o.site_name) } : {}),
  };
}
