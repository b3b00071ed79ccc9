/**
 * Post actions on the wire (authoring spec §7 "Post actions"): every one a POST with the form key.
 * The answer is the spec's status mapping (src/post-actions/model.ts): callers announce the event
 * it names and show the alert when it says so.
 */
import { ApiError } from '../errors';
import { actionOutcome, endpointFor, type ActionOutcome, type PostActionName } from './model';
import { request } from '../api/client';

export interface PostActionResult {
  outcome: ActionOutcome;
  /** The answer's `response` on success. */
  data?: unknown;
  error?: ApiError;
}

/** Runs an action. Never rejects for an HTTP failure (the outcome says what happened); an unknown action throws MissingEndpointError. */
export async function runPostAction(action: PostActionName, form: Record<string, string>, signal?: AbortSignal): Promise<PostActionResult> {
  const path = endpointFor(action);
  try {
    const body = await request(path, { method: 'POST', form, ...(signal ? { signal } : {}) });
    const data = typeof body === 'object' && body !== null && 'response' in body ? (body as { response: unknown }).response : body;
    return { outcome: actionOutcome(200), data };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // A network failure, a timeout or a malformed answer has no status: a failure with the alert, like a 500.
    const status = error.status || 500;
    return { outcome: actionOutcome(error.kind === 'malformed' ? 500 : status), error };
  }
}
