import { describe, expect, it } from 'vitest';
import { buildImageMessage, buildTextMessage, type OutgoingMessage } from '../../../src/messaging/model/send-queue';
import { readSendingElsewhere, sendingSnapshot } from './sending-elsewhere';

const target = { participant: 't:alice', conversationId: 'alice-bob' };

describe('messages another tab is sending', () => {
  it('posts the text part of what is unsent, and reads it back as shown elsewhere', () => {
    const text = buildTextMessage(target, 'hello there', { clientId: 'c1', now: 5 });
    const failed: OutgoingMessage = { ...buildTextMessage(target, 'again', { clientId: 'c2', now: 6 }), state: 'error', errorLine: 'Hrm.' };
    const image = buildImageMessage(target, { width: 10, height: 10, file: new Blob(['x']) }, { clientId: 'c3', now: 7 });
    const sent: OutgoingMessage = { ...buildTextMessage(target, 'gone', { clientId: 'c4' }), state: 'sent' };
    const posted = sendingSnapshot([text, failed, image, sent]);
    expect(posted.map((m) => m.clientId)).toEqual(['c1', 'c2', 'c3']);
    expect(JSON.stringify(posted)).not.toContain('file');
    const shown = readSendingElsewhere(structuredClone(posted));
    expect(shown.map((m) => [m.clientId, m.state, m.message ?? m.type, m.elsewhere])).toEqual([
      ['c1', 'queued', 'hello there', true],
      ['c2', 'error', 'again', true],
      ['c3', 'queued', 'IMAGE', true],
    ]);
    expect(shown[1]!.errorLine).toBe('Hrm.');
  });

  it('leaves out anything malformed', () => {
    const good = { clientId: 'c', clientTs: 1, type: 'TEXT', participant: 't:a', conversationId: 'x', message: 'hi', state: 'pending' };
    expect(readSendingElsewhere('nope')).toEqual([]);
    for (const bad of [
      { ...good, clientId: 1 },
      { ...good, clientTs: 'now' },
      { ...good, type: 'HTML' },
      { ...good, state: 'sent' },
      { ...good, conversationId: undefined },
      { ...good, message: 5 },
      { ...good, message: 'x'.repeat(4097) },
    ])
      expect(readSendingElsewhere([bad]), JSON.stringify(bad).slice(0, 80)).toEqual([]);
    expect(readSendingElsewhere([good])).toHaveLength(1);
  });
});
