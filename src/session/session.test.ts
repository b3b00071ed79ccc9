import { describe, expect, it } from 'vitest';
import { $session, configure, setChannelUnread, setCurrentChannel } from './session';

describe('configure()', () => {
  it('picks the current blog: flagged channel, else primary', () => {
    configure({ user: { name: 'alice', primary: 'alice' }, channels: [{ name: 'alice' }, { name: 'alice-sketches', is_current: true }] });
    expect($session.get().currentChannel).toBe('alice-sketches');
    configure({ user: { name: 'alice', primary: 'alice' }, channels: [{ name: 'alice' }, { name: 'alice-sketches' }] });
    expect($session.get().currentChannel).toBe('alice');
  });

  it("keeps the user's choice when only other settings change, not across a new session", () => {
    configure({ user: { name: 'alice', primary: 'alice' }, channels: [{ name: 'alice' }, { name: 'alice-sketches' }] });
    setCurrentChannel('alice-sketches');
    configure({ formKey: 'k2' });
    expect($session.get().currentChannel).toBe('alice-sketches');
    configure({ user: { name: 'alice', primary: 'alice' }, channels: [{ name: 'alice' }, { name: 'alice-sketches' }] });
    expect($session.get().currentChannel).toBe('alice');
  });

  it('ignores a switch to a blog the user does not own, and logged out has no current blog', () => {
    configure({ user: { name: 'bob', primary: 'bob' }, channels: [{ name: 'bob' }] });
    setCurrentChannel('alice');
    expect($session.get().currentChannel).toBe('bob');
    configure({ user: null, channels: [] });
    expect($session.get().currentChannel).toBeNull();
  });
});

describe('setChannelUnread()', () => {
  it("updates each named blog's unread count and leaves the rest (and the current blog) alone", () => {
    configure({
      user: { name: 'alice', primary: 'alice' },
      channels: [
        { name: 'alice', unread_count: 1 },
        { name: 'alice-sketches', unread_count: 2 },
      ],
    });
    setCurrentChannel('alice-sketches');
    const before = $session.get();
    setChannelUnread({ alice: 1 });
    expect($session.get()).toBe(before); // nothing changed: no new session object, no re-render
    setChannelUnread({ alice: 5, stranger: 9 });
    expect($session.get().channels.map((c) => [c.name, c.unread_count])).toEqual([
      ['alice', 5],
      ['alice-sketches', 2],
    ]);
    expect($session.get().currentChannel).toBe('alice-sketches');
  });
});
