import { requestData } from '../../src/api/client';
import { parseAskResponse } from './model/rules';

/**
 * POST /svc/post/ask (recipient, anonymous, question). Resolves with the server's errors list
 * (empty on success; spec §7: "response may contain an errors list (first is shown)"). An error
 * status rejects with ApiError, whose `errors` carry the server's list.
 */
export function sendQuestion(
  input: { recipient: string; anonymous: boolean; question: string },
  signal?: AbortSignal,
): Promise<{ errors: string[] }> {
  return requestData(
    '/svc/post/ask',
    {
      method: 'POST',
      form: { recipient: input.recipient, anonymous: input.anonymous, question: input.question },
      ...(signal ? { signal } : {}),
    },
    parseAskResponse,
  );
}
