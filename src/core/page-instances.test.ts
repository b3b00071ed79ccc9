import { describe, expect, it } from 'vitest';
import { pageInstances } from './page-instances';

describe('pageInstances', () => {
  it('keeps the instances in connection order and picks the first that passes a rule', () => {
    const forms = pageInstances<{ blog?: string }>();
    const a = { blog: 'bob' };
    const b = {};
    const c = { blog: 'carol' };
    const leaveA = forms.join(a);
    forms.join(b);
    forms.join(c);
    expect(forms.first()).toBe(a);
    expect(forms.first((i) => !i.blog)).toBe(b);
    expect(forms.first((i) => i.blog === 'carol')).toBe(c);
    leaveA();
    expect(forms.first()).toBe(b);
    expect(forms.size).toBe(2);
  });

  it('runs whileAny from the first join to the last leave, and again for a new first', () => {
    const log: string[] = [];
    const docks = pageInstances<object>(() => {
      log.push('start');
      return () => log.push('stop');
    });
    const leave1 = docks.join({});
    const leave2 = docks.join({});
    expect(log).toEqual(['start']);
    leave1();
    expect(log).toEqual(['start']);
    leave2();
    expect(log).toEqual(['start', 'stop']);
    docks.join({});
    expect(log).toEqual(['start', 'stop', 'start']);
  });

  it('what starts already finds the instance that joined (a queued request is answered by it)', () => {
    let seen: unknown;
    const forms: ReturnType<typeof pageInstances<string>> = pageInstances<string>(() => {
      seen = forms.first();
      return () => undefined;
    });
    forms.join('first');
    expect(seen).toBe('first');
  });

  it('leaving twice counts once', () => {
    const log: string[] = [];
    const pickers = pageInstances<object>(() => () => log.push('stop'));
    const leave = pickers.join({});
    pickers.join({});
    leave();
    leave();
    expect(pickers.size).toBe(1);
    expect(log).toEqual([]);
  });
});
