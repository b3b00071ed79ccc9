/**
 * The window side of the message bridge (model/message-bridge.ts has the protocol): reading a
 * `message` event, and the one warning a page gets about what it dropped.
 */
import { readMessage, type BridgeMessage, type MethodShapes } from '../model/message-bridge';

let warned = false;

/**
 * Drops a message with one console warning per page: the first says what was wrong and where it
 * came from; later ones are dropped quietly (a misbehaving frame could post thousands).
 */
export function dropMessage(reason: string, origin: string): void {
  if (warned) return;
  warned = true;
  console.warn(
    `[tumblelog] video bridge: dropped a message from ${origin || 'an unknown origin'} (${reason}); further dropped messages are not reported`,
  );
}

/**
 * The bridge message in `event`, or null when it is not one for us: not ours at all (what some
 * other script posted), for the other side of a bridge in this window (`judge` says
 * undefined: a player in a frame hears its parent, the page side its frames), from a sender `judge`
 * refuses (its reason), or malformed. The last two are warned.
 */
export function bridgeMessage(
  event: MessageEvent,
  shapes: MethodShapes,
  judge: (event: MessageEvent) => string | null | undefined,
): BridgeMessage | null {
  const reading = readMessage(event.data, shapes);
  if (reading.kind === 'foreign') return null;
  const refused = judge(event);
  if (refused === undefined) return null;
  if (refused !== null) {
    dropMessage(refused, event.origin);
    return null;
  }
  if (reading.kind === 'invalid') {
    dropMessage(reading.reason, event.origin);
    return null;
  }
  return reading;
}
