/**
 * Messages another tab of the user is sending (README, "Many tabs, one user"): that tab posts its
 * unsent list whenever it changes, and a tab with the same conversation open shows them with their
 * state, without controls (Retry and Close are the sending tab's). What is posted is the text part
 * only (no files, no media addresses), and what is heard is checked like any untrusted input. No DOM.
 */
import type { OutgoingMessage, SendState } from '../../../src/messaging/model/send-queue';
import { isRecord } from '../../../src/models/record';

/** An outgoing message as this tab shows it; `elsewhere` when another tab is sending it. */
export type ShownOutgoing = OutgoingMessage & { elsewhere?: true };

const STATES: readonly SendState[] = ['queued', 'pending', 'error'];
const TYPES = ['TEXT', 'POSTREF', 'IMAGE'] as const;
const MAX_TEXT = 4096;

/** What a tab posts of its unsent list. */
export function sendingSnapshot(messages: readonly OutgoingMessage[]): Record<string, unknown>[] {
  return messages
    .filter((m) => m.state !== 'sent')
    .map((m) => ({
      clientId: m.clientId,
      clientTs: m.clientTs,
      type: m.type,
      participant: m.participant,
      ...(m.conversationId ? { conversationId: m.conversationId } : { participants: m.participants ?? [] }),
      ...(m.type === 'TEXT' && m.message !== undefined ? { message: m.message } : {}),
      state: m.state,
      ...(m.state === 'error' && m.errorLine ? { errorLine: m.errorLine } : {}),
    }));
}

const str = (v: unknown): v is string => typeof v === 'string' && v !== '';

/** Another tab's posted list, read strictly: anything malformed is left out. */
export function readSendingElsewhere(raw: unknown): ShownOutgoing[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((m): ShownOutgoing[] => {
    if (!isRecord(m) || !str(m.clientId) || !str(m.participant)) return [];
    if (typeof m.clientTs !== 'number' || !Number.isFinite(m.clientTs)) return [];
    const type = TYPES.find((t) => t === m.type);
    const state = STATES.find((s) => s === m.state);
    if (!type || !state) return [];
    const participants = Array.isArray(m.participants) ? m.participants.filter(str) : [];
    if (!str(m.conversationId) && participants.length === 0) return [];
    if (type === 'TEXT' && (typeof m.message !== 'string' || m.message.length > MAX_TEXT)) return [];
    return [
      {
        clientId: m.clientId,
        clientTs: m.clientTs,
        type,
        participant: m.participant,
        ...(str(m.conversationId) ? { conversationId: m.conversationId } : { participants }),
        ...(type === 'TEXT' ? { message: m.message as string } : {}),
        state,
        canRetry: true,
        ...(state === 'error' && typeof m.errorLine === 'string' ? { errorLine: m.errorLine.slice(0, 200) } : {}),
        elsewhere: true,
      },
    ];
  });
}
