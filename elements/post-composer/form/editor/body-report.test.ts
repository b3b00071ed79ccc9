import { describe, expect, it } from 'vitest';
import { BODY_REPORT_MAX_WAIT_MS, BODY_REPORT_PAUSE_MS, BODY_SYNC_BUDGET_MS, createBodyReporter } from './body-report';

/** A reporter on a fake clock; `cost` is what the next serialisation takes. */
function setup() {
  let clock = 0;
  let cost = 1;
  let version = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  let nextId = 0;
  const reported: string[] = [];
  const reporter = createBodyReporter({
    serialize: () => {
      clock += cost;
      return `v${version}`;
    },
    report: (html) => reported.push(html),
    now: () => clock,
    setTimer: (run, ms) => (timers.set(++nextId, { at: clock + ms, run }), nextId),
    clearTimer: (id) => timers.delete(id as number),
  });
  const type = () => {
    version++;
    reporter.changed();
  };
  const advance = (ms: number) => {
    clock += ms;
    for (const [id, t] of [...timers])
      if (t.at <= clock) {
        timers.delete(id);
        t.run();
      }
  };
  return { reporter, type, advance, reported, setCost: (ms: number) => (cost = ms), timers };
}

describe('body reporter', () => {
  it('a short body is reported at every change', () => {
    const s = setup();
    s.type();
    s.type();
    expect(s.reported).toEqual(['v1', 'v2']);
    expect(s.timers.size).toBe(0);
  });

  it('once a serialisation costs more than the budget, the body waits for a pause in typing', () => {
    const s = setup();
    s.setCost(BODY_SYNC_BUDGET_MS + 10);
    s.type(); // this one still runs at once: its cost is not known before
    expect(s.reported).toEqual(['v1']);
    s.type();
    s.advance(100);
    s.type();
    expect(s.reported).toEqual(['v1']);
    s.advance(BODY_REPORT_PAUSE_MS);
    expect(s.reported).toEqual(['v1', 'v3']);
  });

  it('while typing goes on, a long body is still reported every so often, in a task of its own', () => {
    const s = setup();
    s.setCost(50);
    s.type();
    let elapsed = 0;
    while (s.reported.length < 2 && elapsed < BODY_REPORT_MAX_WAIT_MS * 2) {
      s.advance(100);
      elapsed += 100;
      const before = s.reported.length;
      s.type();
      expect(s.reported.length).toBe(before); // never inside the keystroke
    }
    expect(s.reported.length).toBe(2);
    expect(elapsed).toBeLessThanOrEqual(BODY_REPORT_MAX_WAIT_MS + 100);
  });

  it('flush reports what is pending at once, and nothing when nothing is', () => {
    const s = setup();
    s.setCost(50);
    s.type();
    s.type();
    s.reporter.flush();
    expect(s.reported).toEqual(['v1', 'v2']);
    expect(s.timers.size).toBe(0);
    s.reporter.flush();
    expect(s.reported).toEqual(['v1', 'v2']);
  });

  it('a body that got short again is reported at every change again', () => {
    const s = setup();
    s.setCost(50);
    s.type();
    s.type();
    s.setCost(1);
    s.advance(BODY_REPORT_PAUSE_MS);
    s.type();
    expect(s.reported).toEqual(['v1', 'v2', 'v3']);
  });
});
