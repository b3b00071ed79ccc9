import { describe, expect, it } from 'vitest';
import { $session, configure, setCurrentChannel } from '../../../src/session/session';

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
