import { requestData } from '../../src/api/client';
import { GIF_RESULT_LIMIT, parseGifSearchResponse, type GifSearchResult } from '../../src/models/gif-search';

/**
 * POST /svc/search/inline_gif (q, limit, optional context). Reads response.media and an optional
 * message {header, body}; the client adds the timestamp. A response without a media list
 * rejects with ApiError('malformed', "Invalid GIF search response").
 */
export function searchGifs(
  query: string,
  options: { limit?: number; context?: string; signal?: AbortSignal } = {},
): Promise<GifSearchResult> {
  return requestData(
    '/svc/search/inline_gif',
    {
      method: 'POST',
      form: { q: query, limit: options.limit ?? GIF_RESULT_LIMIT, ...(options.context ? { context: options.context } : {}) },
      ...(options.signal ? { signal: options.signal } : {}),
    },
    (data) => parseGifSearchResponse(data, query, Date.now()),
  );
}
