// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { normalizeSessionInput, readBootstrap } from './bootstrap';

function page(bootstrap: string, formKey?: string): Document {
  document.head.innerHTML = formKey ? `<meta name="tumblr-form-key" content="${formKey}">` : '';
  document.body.innerHTML = '';
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'tumblelog-bootstrap';
  script.textContent = bootstrap;
  document.body.append(script);
  return document;
}

describe('readBootstrap', () => {
  it('reads user, channels, flags and the form key', () => {
    const s = readBootstrap(
      page(
        JSON.stringify({
          user: { name: 'alice', is_verified_email: true },
          channels: [{ name: 'alice', uuid: 't:1' }, { name: 'alice-sketches' }, { bad: 1 }],
          flags: { log: true, nope: 'x' },
          apiBase: '/api/',
        }),
        'fk1',
      ),
    );
    expect(s.user?.name).toBe('alice');
    expect(s.user?.primary).toBe('alice');
    expect(s.user?.is_verified_email).toBe(true);
    expect(s.channels?.map((c) => c.name)).toEqual(['alice', 'alice-sketches']);
    expect(s.flags).toEqual({ log: true });
    expect(s.apiBase).toBe('/api');
    expect(s.formKey).toBe('fk1');
  });

  it('survives invalid JSON: logged out, with a console warning', () => {
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const s = readBootstrap(page('{ not json', 'fk2'));
    expect(s.user).toBeUndefined();
    expect(s.formKey).toBe('fk2');
    expect(spy).toHaveBeenCalledOnce();
    spy.mockRestore();
  });

  it('wrong types and __proto__ keys: dropped, named in one warning, nothing polluted', () => {
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const s = readBootstrap(
      page(
        '{"user":"alice","channels":{"name":"alice"},"flags":[true],"apiBase":5,"config":"x","formKey":{},' +
          '"__proto__":{"user":{"name":"mallory","is_staff":true},"polluted":1}}',
        'fk3',
      ),
    );
    expect(s.user).toBeNull();
    expect(s.channels).toEqual([]);
    expect(s).not.toHaveProperty('flags');
    expect(s).not.toHaveProperty('apiBase');
    expect(s).not.toHaveProperty('config');
    expect(s.formKey).toBe('fk3'); // the meta tag's
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(spy).toHaveBeenCalledOnce();
    const message = String(spy.mock.calls[0]![0]);
    for (const field of ['__proto__', 'user', 'channels', 'flags', 'apiBase', 'config', 'formKey']) expect(message).toContain(field);
    expect(message).toContain('logged out');
    spy.mockRestore();
  });

  it('a __proto__ key inside the user or a channel gives it no prototype and no staff rights', () => {
    const s = normalizeSessionInput(
      JSON.parse('{"user":{"name":"bob","__proto__":{"is_staff":true}},"channels":[{"name":"bob","__proto__":{"polluted":1}}]}'),
    );
    expect(s.user?.is_staff).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(s.channels![0], '__proto__')).toBe(false);
    expect(Object.getPrototypeOf(s.channels![0])).toBe(Object.prototype);
  });

  it('a page with no bootstrap says nothing and runs logged out (a page may configure() from code)', () => {
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => {});
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    expect(readBootstrap(document).user).toBeUndefined();
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });

  it('treats a user without a name as logged out', () => {
    expect(normalizeSessionInput({ user: { primary: 'x' } }).user).toBeNull();
    expect(normalizeSessionInput({ user: null }).user).toBeNull();
  });

  it('makes a staff member only of is_staff: true', () => {
    expect(normalizeSessionInput({ user: { name: 'staff', is_staff: true } }).user?.is_staff).toBe(true);
    for (const is_staff of [false, 'true', 1, null, undefined]) {
      expect(normalizeSessionInput({ user: { name: 'bob', is_staff } }).user?.is_staff, String(is_staff)).toBeUndefined();
    }
  });
});
