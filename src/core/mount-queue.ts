/**
 * Element first renders, run in slices so a page full of elements never holds the main thread in
 * one long task while they upgrade (a dashboard of posts upgrades dozens at once when a chunk arrives).
 *
 * Every host near the viewport renders in the task that finds it, all of them before the browser
 * can paint: the page never shows one of them empty and then filled (a layout shift). Hosts further
 * away render afterwards, a slice at a time in idle time (or after a short timeout), with the
 * browser free to handle input and paint between slices. So do hosts queued `later`, wherever they
 * are: an element whose first render adds nothing to the page's flow (a fixed dock, an overlay, a
 * box reserved before its code came) has no shift to avoid, and its render need not lengthen the
 * task that upgrades the page. A host that leaves the page before its turn never renders.
 *
 * A render run from an idle slice is told so (`sliced`): nothing waits for it to paint, so it may
 * be split further (the runtime renders it as a React transition, which yields every few ms; one
 * element's first render, such as the dock's, took 100–190 ms in one task under 4× throttling).
 *
 * Where a host is is read once per pass, for every queued host together, before any of them
 * renders (a render dirties the layout; reading between renders would lay the page out each time).
 * The queue is a pure model; the page's clock, idle callback and geometry are injected.
 */
import { whenIdle } from './when-idle';

/** Work per slice before yielding: at 4× CPU throttling a slice stays far under the 50 ms of a long task. */
export const MOUNT_SLICE_MS = 8;
/** How far outside the viewport a host still counts as near (it may scroll in before the next slice). */
export const NEAR_PX = 400;
/** The longest an off-screen host waits for idle time. */
export const MOUNT_IDLE_TIMEOUT_MS = 200;

export interface MountQueueOptions<H> {
  isConnected: (host: H) => boolean;
  isNear: (host: H) => boolean;
  now: () => number;
  /** Runs a function soon, in this task (a microtask). */
  soon: (run: () => void) => void;
  /** Runs a function in a later task, when the browser is idle. */
  idle: (run: () => void) => void;
  /** A render that threw: reported, and the others still render. */
  report: (error: unknown) => void;
}

/** A first render; `sliced` when it runs from an idle slice rather than before the next paint. */
export type MountJob = (sliced: boolean) => void;

export function createMountQueue<H>(options: MountQueueOptions<H>): (host: H, run: MountJob, later?: boolean) => void {
  let queue: { host: H; run: MountJob; later: boolean }[] = [];
  let soonPending = false;
  let idlePending = false;

  const run = (job: { run: MountJob }, sliced: boolean) => {
    try {
      job.run(sliced);
    } catch (error) {
      options.report(error);
    }
  };

  /** Near hosts render now; the others wait for an idle pass, which renders a slice of them and comes back for more. */
  const drain = (idle: boolean) => {
    if (idle) idlePending = false;
    else soonPending = false;
    const jobs = queue.filter((job) => options.isConnected(job.host));
    queue = [];
    // One geometry read for all, before any render (none for a host that renders later anyway).
    const near = jobs.map((job) => !job.later && options.isNear(job.host));
    const rest = jobs.filter((_, i) => !near[i]);
    jobs.forEach((job, i) => near[i] && run(job, false));
    if (idle) {
      const started = options.now();
      while (rest.length && options.now() - started < MOUNT_SLICE_MS) run(rest.shift()!, true);
    }
    if (!rest.length) return;
    queue.unshift(...rest);
    if (idlePending) return;
    idlePending = true;
    options.idle(() => drain(true));
  };

  return (host, render, later = false) => {
    queue.push({ host, run: render, later });
    if (soonPending) return;
    soonPending = true;
    options.soon(() => drain(false));
  };
}

function isNearViewport(host: Element): boolean {
  // An empty host is a 0×0 box where its content will go; one with no box at all (display: none or
  // contents) reads as 0×0 at the top left, so it counts as near and renders at once.
  const box = host.getBoundingClientRect();
  const height = innerHeight || document.documentElement.clientHeight;
  const width = innerWidth || document.documentElement.clientWidth;
  return box.bottom >= -NEAR_PX && box.top <= height + NEAR_PX && box.right >= -NEAR_PX && box.left <= width + NEAR_PX;
}

/**
 * Runs `render` (an element's first render) in a microtask if its host is near the viewport, else
 * (or when `later`) in a later slice, told so. Hosts queued in the same task are sorted together.
 */
export const queueMount = createMountQueue<Element>({
  isConnected: (host) => host.isConnected,
  isNear: isNearViewport,
  now: () => performance.now(),
  soon: queueMicrotask.bind(globalThis),
  idle: (run) => void whenIdle(run, MOUNT_IDLE_TIMEOUT_MS),
  report: (error) => reportError(error),
});
