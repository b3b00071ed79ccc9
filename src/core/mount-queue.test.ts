import { describe, expect, it } from 'vitest';
import { createMountQueue, MOUNT_SLICE_MS } from './mount-queue';

interface Host {
  name: string;
  near: boolean;
  connected: boolean;
}

/** A queue on a fake page: microtasks and idle passes run when the test says, the clock moves with each render. */
function setup(renderMs = 3) {
  let clock = 0;
  const soon: (() => void)[] = [];
  const idle: (() => void)[] = [];
  const rendered: string[] = [];
  /** The hosts told their render runs in idle time. */
  const sliced: string[] = [];
  const reported: unknown[] = [];
  const queue = createMountQueue<Host>({
    isConnected: (h) => h.connected,
    isNear: (h) => {
      measured.push(h.name);
      return h.near;
    },
    now: () => clock,
    soon: (run) => soon.push(run),
    idle: (run) => idle.push(run),
    report: (e) => reported.push(e),
  });
  const measured: string[] = [];
  const mount = (host: Host, fail = false, later = false) =>
    queue(
      host,
      (inSlice) => {
        clock += renderMs;
        if (fail) throw new Error(`${host.name} broke`);
        rendered.push(host.name);
        if (inSlice) sliced.push(host.name);
      },
      later,
    );
  const runSoon = () => soon.splice(0).forEach((f) => f());
  const runIdle = () => idle.splice(0).forEach((f) => f());
  const host = (name: string, near: boolean): Host => ({ name, near, connected: true });
  return {
    mount,
    runSoon,
    runIdle,
    rendered,
    sliced,
    reported,
    measured,
    host,
    pendingIdle: () => idle.length,
    pendingSoon: () => soon.length,
  };
}

describe('mount queue', () => {
  it('renders every near host in the first pass, whatever it costs, and no far one there', () => {
    const q = setup(20);
    for (let i = 0; i < 5; i++) q.mount(q.host(`near${i}`, true));
    q.mount(q.host('far0', false));
    expect(q.pendingSoon()).toBe(1);
    q.runSoon();
    expect(q.rendered).toEqual(['near0', 'near1', 'near2', 'near3', 'near4']);
    expect(q.pendingIdle()).toBe(1);
    q.runIdle();
    expect(q.rendered.at(-1)).toBe('far0');
  });

  it('renders far hosts a slice at a time, each slice ending once it has used its budget', () => {
    const q = setup(3);
    for (let i = 0; i < 10; i++) q.mount(q.host(`far${i}`, false));
    q.runSoon();
    expect(q.rendered).toEqual([]);
    const perSlice: number[] = [];
    while (q.pendingIdle()) {
      const before = q.rendered.length;
      q.runIdle();
      perSlice.push(q.rendered.length - before);
    }
    // 3 ms each: the fourth starts at 9 ms, past the 8 ms budget
    expect(MOUNT_SLICE_MS).toBe(8);
    expect(perSlice).toEqual([3, 3, 3, 1]);
    expect(q.rendered).toEqual(Array.from({ length: 10 }, (_, i) => `far${i}`));
  });

  it('a near host arriving while far ones wait renders at once, not after them', () => {
    const q = setup(3);
    for (let i = 0; i < 6; i++) q.mount(q.host(`far${i}`, false));
    q.runSoon();
    q.mount(q.host('late-near', true));
    q.runSoon();
    expect(q.rendered).toEqual(['late-near']);
    expect(q.pendingIdle()).toBe(1); // one idle pass still pending, not two
  });

  it('a host that left the page before its turn never renders; one that scrolled near is looked at again', () => {
    const q = setup(3);
    const gone = q.host('gone', false);
    const moving = q.host('moving', false);
    q.mount(gone);
    q.mount(moving);
    q.runSoon();
    gone.connected = false;
    moving.near = true;
    q.runIdle();
    expect(q.rendered).toEqual(['moving']);
    expect(q.pendingIdle()).toBe(0);
  });

  it('a host queued later (out of the flow) renders in an idle slice even when near, its box never read', () => {
    const q = setup(3);
    q.mount(q.host('dock', true), false, true);
    q.mount(q.host('header', true));
    q.runSoon();
    expect(q.rendered).toEqual(['header']);
    expect(q.measured).toEqual(['header']);
    expect(q.pendingIdle()).toBe(1);
    q.runIdle();
    expect(q.rendered).toEqual(['header', 'dock']);
  });

  it('tells a render whether it runs in an idle slice (where it may be split) or before the next paint', () => {
    const q = setup(3);
    q.mount(q.host('header', true));
    q.mount(q.host('far', false));
    q.mount(q.host('dock', true), false, true);
    q.runSoon();
    q.runIdle();
    expect(q.rendered).toEqual(['header', 'far', 'dock']);
    expect(q.sliced).toEqual(['far', 'dock']);
  });

  it('a render that throws is reported and the others still render', () => {
    const q = setup(1);
    q.mount(q.host('a', true), true);
    q.mount(q.host('b', true));
    q.runSoon();
    expect(q.rendered).toEqual(['b']);
    expect(String(q.reported[0])).toContain('a broke');
  });
});
