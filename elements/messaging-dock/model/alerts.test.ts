import { describe, expect, it } from 'vitest';
import {
  defaultSoundPack,
  newArrivals,
  notificationText,
  NOTIFICATION_TIMEOUT_MS,
  parseSoundPack,
  shouldAskPermission,
  shouldNotify,
  soundFor,
} from './alerts';

describe('new-message alerts', () => {
  it("says 'New message for {blog}' and closes after 5000 ms", () => {
    expect(notificationText('alice')).toBe('New message for alice');
    expect(NOTIFICATION_TIMEOUT_MS).toBe(5000);
  });

  it('finds the conversations whose unread count rose', () => {
    expect(newArrivals({ alice: { a: 1, b: 2 } }, { alice: { a: 1, b: 3, c: 1 }, sketches: { d: 2 } })).toEqual([
      { blogName: 'alice', conversationId: 'b', added: 1 },
      { blogName: 'alice', conversationId: 'c', added: 1 },
      { blogName: 'sketches', conversationId: 'd', added: 2 },
    ]);
    expect(newArrivals({ alice: { a: 3 } }, { alice: { a: 1 } })).toEqual([]);
  });

  it('notifies only while hidden, enabled and granted; asks only while undecided', () => {
    expect(shouldNotify({ hidden: true, enabled: true, permission: 'granted' })).toBe(true);
    expect(shouldNotify({ hidden: false, enabled: true, permission: 'granted' })).toBe(false);
    expect(shouldNotify({ hidden: true, enabled: false, permission: 'granted' })).toBe(false);
    expect(shouldNotify({ hidden: true, enabled: true, permission: 'default' })).toBe(false);
    expect(shouldAskPermission({ enabled: true, permission: 'default' })).toBe(true);
    for (const permission of ['granted', 'denied', 'unsupported'] as const)
      expect(shouldAskPermission({ enabled: true, permission })).toBe(false);
    expect(shouldAskPermission({ enabled: false, permission: 'default' })).toBe(false);
  });

  it('reads a sound pack, audio/mpeg by default', () => {
    expect(
      parseSoundPack({ name: 'p', sounds: [{ name: 'new-message', filePath: '/a.mp3' }, { name: '', filePath: '/x' }, 'junk'] }),
    ).toEqual({ name: 'p', sounds: [{ name: 'new-message', filePath: '/a.mp3', fileType: 'audio/mpeg' }] });
    expect(parseSoundPack({ sounds: [] })).toBe(null);
    expect(parseSoundPack('x')).toBe(null);
    const pack = defaultSoundPack('');
    expect(soundFor(pack)?.filePath).toBe('/assets/sounds/classic/new-message.wav');
    expect(soundFor({ name: 'p', sounds: [{ name: 'ding', filePath: '/d', fileType: 'audio/mpeg' }] })?.name).toBe('ding');
  });
});
