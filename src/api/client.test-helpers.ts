/** What the unit tests of the network client and of the API modules built on it share. */
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { ApiError } from '../errors';
import { $session, configure } from '../session/session';

export interface Call {
  url: string;
  init: RequestInit & { headers: Record<string, string> };
}

/** Stubs global fetch; each call is recorded and answered by `answer`. */
export function stubFetch(answer: (call: Call) => Response | Promise<Response>): Call[] {
  const calls: Call[] = [];
  const fn = vi.fn(async (url: string, init: RequestInit) => {
    const call = { url, init: init as Call['init'] };
    calls.push(call);
    return answer(call);
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The error a call failed with; fails the test when the call succeeds or throws something else. */
export async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

/** Each test starts from the initial session with this form key, and with the real fetch and timers back after it. */
export function useTestSession(formKey: string): void {
  const initialSession = $session.get();
  beforeEach(() => {
    $session.set(initialSession);
    configure({ formKey, apiBase: '' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
}
