import { describe, expect, it } from 'vitest';
import {
  followStoredWindows,
  persistenceEnabled,
  restoreWindows,
  shouldStoreWindows,
  storedWindows,
  windowsLayout,
} from './window-persistence';
import { windowStorageKeys } from './window-keys';
import type { DockWindow } from './dock';

const alice = { name: 'alice', uuid: 't:alice' };
const sketches = { name: 'alice-sketches', uuid: 't:sketches' };
const bob = {
  uuid: 't:bob',
  name: 'bob',
  url: 'http://x/bob',
  avatar_url: 'http://x/bob.png',
  tags: [],
  can_receive_messages: true,
  is_blog_following_you: false,
  is_following_blog: true,
  theme: { background_color: '#123456', show_header_image: true },
};
const carol = {
  uuid: 't:carol',
  name: 'carol',
  tags: [],
  can_receive_messages: true,
  is_blog_following_you: false,
  is_following_blog: false,
};

const windows: DockWindow[] = [
  { key: 'c1', conversationId: 'c1', sender: alice, participants: [bob], minimized: false, openedAt: 20 },
  { key: 'new:t:sketches:t:carol', sender: sketches, participants: [carol], minimized: true, openedAt: 10 },
];

describe('window persistence', () => {
  it('keys are built from messaging, the user name and open / minimized', () => {
    expect(windowStorageKeys('alice')).toEqual({ open: 'messaging:alice:open', minimized: 'messaging:alice:minimized' });
  });

  it('applies only when the config does not turn it off and the e-mail is verified', () => {
    expect(persistenceEnabled({ messaging_persistence: true }, { is_verified_email: true })).toBe(true);
    expect(persistenceEnabled({ messaging_persistence: true }, { is_verified_email: false })).toBe(false);
    expect(persistenceEnabled({}, { is_verified_email: true }), 'on unless the config turns it off').toBe(true);
    expect(persistenceEnabled({ messaging_persistence: false }, { is_verified_email: true })).toBe(false);
    expect(persistenceEnabled({ messaging_persistence: true }, null)).toBe(false);
  });

  it('stores the spec fields, split into open and minimized', () => {
    const stored = storedWindows(windows);
    expect(stored.open).toEqual([
      {
        id: 'c1',
        participantUuid: 't:alice',
        participants: [{ uuid: 't:bob', name: 'bob', url: 'http://x/bob', avatar_url: 'http://x/bob.png', theme: bob.theme }],
        lastOpenedDateTs: 20,
      },
    ]);
    expect(stored.minimized).toEqual([
      { participantUuid: 't:sketches', participants: [{ uuid: 't:carol', name: 'carol' }], lastOpenedDateTs: 10 },
    ]);
  });

  it('restores the same windows in the same states (a round trip through JSON)', () => {
    const { open, minimized } = JSON.parse(JSON.stringify(storedWindows(windows))) as ReturnType<typeof storedWindows>;
    const restored = restoreWindows(open, minimized, [alice, sketches]);
    expect(
      restored.map((w) => [w.key, w.conversationId, w.sender.name, w.minimized, w.openedAt, w.participants.map((p) => p.name)]),
    ).toEqual([
      ['c1', 'c1', 'alice', false, 20, ['bob']],
      ['new:t:sketches:t:carol', undefined, 'alice-sketches', true, 10, ['carol']],
    ]);
    expect(restored[0]!.participants[0]!.theme?.background_color).toBe('#123456');
  });

  it('drops what is malformed, not the user’s own any more, or a duplicate', () => {
    const good = { id: 'c1', participantUuid: 't:alice', participants: [{ uuid: 't:bob', name: 'bob' }], lastOpenedDateTs: 5 };
    const restored = restoreWindows(
      [
        good,
        good,
        null,
        'x',
        { ...good, id: 'c2', participantUuid: 't:someone-else' },
        { ...good, id: 'c3', participants: [{ uuid: '', name: 'x' }] },
        { ...good, id: 'c4', participants: 'bob' },
        { ...good, id: 'c5', lastOpenedDateTs: 'soon' },
      ],
      { not: 'a list' },
      [alice],
    );
    expect(restored.map((w) => w.key)).toEqual(['c1', 'c5']);
    expect(restored[1]!.openedAt).toBe(0);
    expect(restoreWindows(null, undefined, [alice])).toEqual([]);
  });

  it("follows another tab's windows: its set, order and states, keeping this tab's own objects", () => {
    const [c1, fresh] = windows;
    const d2: DockWindow = { key: 'c2', conversationId: 'c2', sender: alice, participants: [carol], minimized: false, openedAt: 30 };
    // nothing differs: the same array back
    expect(
      followStoredWindows(
        windows,
        windows.map((w) => ({ ...w })),
      ),
    ).toBe(windows);
    // the other tab minimized c1, closed the new one, opened c2
    const next = followStoredWindows(windows, [{ ...c1!, participants: [], minimized: true }, d2]);
    expect(next).toEqual([
      { ...c1!, minimized: true, quiet: true },
      { ...d2, quiet: true },
    ]);
    expect(next[0]!.participants).toEqual([bob]); // what this tab knew of bob stays
    // a new conversation that got its id in the other tab is the same window here (its alias)
    const renamed: DockWindow = { ...fresh!, key: 'c3', conversationId: 'c3', aliasKey: fresh!.key };
    expect(followStoredWindows([renamed], [{ ...fresh!, minimized: false }])).toEqual([{ ...renamed, minimized: false, quiet: true }]);
  });

  it('the window in use here stays open whatever the other tab did with it', () => {
    const [c1] = windows;
    expect(followStoredWindows(windows, [], 'c1')).toEqual([c1]);
    expect(followStoredWindows(windows, [{ ...c1!, minimized: true }], 'c1')).toEqual([c1]);
    // a minimized window is not in use: it follows
    expect(followStoredWindows(windows, [], 'new:t:sketches:t:carol')).toEqual([]);
  });

  it('a layout is which windows show, in which order and state; not what is learned about them', () => {
    const [c1, fresh] = windows;
    const layout = windowsLayout(windows);
    // a new conversation's id and its participants' details are learned, not done by the user
    const renamed: DockWindow = { ...fresh!, key: 'c3', conversationId: 'c3', aliasKey: fresh!.key };
    expect(windowsLayout([{ ...c1!, participants: [{ ...bob, avatar_url: 'http://x/other.png' }] }, renamed])).toBe(layout);
    expect(windowsLayout([{ ...c1!, minimized: true }, fresh!]), 'minimized').not.toBe(layout);
    expect(windowsLayout([fresh!, c1!]), 'reordered').not.toBe(layout);
    expect(windowsLayout([c1!]), 'closed').not.toBe(layout);
    expect(windowsLayout([{ ...c1!, sender: sketches }, fresh!]), 'sent from another blog').not.toBe(layout);
  });

  it("what the user did is stored; what was only learned gives way to another tab's newer write", () => {
    expect(shouldStoreWindows({ layout: 'a', syncedLayout: 'b', storageChanged: false })).toBe(true);
    expect(shouldStoreWindows({ layout: 'a', syncedLayout: 'b', storageChanged: true }), 'the last act wins').toBe(true);
    expect(shouldStoreWindows({ layout: 'a', syncedLayout: 'a', storageChanged: false }), 'a learned detail, storage as it was').toBe(true);
    expect(shouldStoreWindows({ layout: 'a', syncedLayout: 'a', storageChanged: true }), 'another tab acted since').toBe(false);
  });
});
