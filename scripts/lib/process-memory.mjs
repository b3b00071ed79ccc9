// The memory a test stage's browsers take: every process below some root processes (the test
// runner, the WebDriver server), summed once a second, and the peak kept. Linux only (/proc);
// elsewhere the sampler reports nothing.
//
// PSS (proportional set size) rather than RSS: a browser's processes share libraries and memory,
// and RSS would count those pages once per process.
import { readFileSync, readdirSync } from 'node:fs';

const PAGE = 4096;

/** pid → { ppid, name } for every process visible in /proc. */
function processTable() {
  const table = new Map();
  let entries;
  try {
    entries = readdirSync('/proc');
  } catch {
    return table;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (comm) state ppid …" — comm may itself hold spaces and parentheses.
      const close = stat.lastIndexOf(')');
      const name = stat.slice(stat.indexOf('(') + 1, close);
      const ppid = Number(stat.slice(close + 2).split(' ')[1]);
      table.set(Number(entry), { ppid, name });
    } catch {
      /* exited meanwhile */
    }
  }
  return table;
}

/** Bytes of memory `pid` accounts for: PSS where the kernel gives it, else RSS. */
function memoryOf(pid) {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const pss = /^Pss:\s+(\d+) kB/m.exec(rollup);
    if (pss) return Number(pss[1]) * 1024;
  } catch {
    /* no smaps_rollup (old kernel) or the process exited */
  }
  try {
    return Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * PAGE;
  } catch {
    return 0;
  }
}

/** Every process below `roots` (not the roots themselves), with their summed memory. */
export function memoryBelow(roots) {
  const table = processTable();
  const children = new Map();
  for (const [pid, { ppid }] of table) {
    if (!children.has(ppid)) children.set(ppid, []);
    children.get(ppid).push(pid);
  }
  const below = [];
  const queue = roots.filter(Boolean).flatMap((root) => children.get(root) ?? []);
  const seen = new Set();
  while (queue.length) {
    const pid = queue.shift();
    if (seen.has(pid)) continue;
    seen.add(pid);
    below.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  const byName = {};
  let bytes = 0;
  for (const pid of below) {
    const m = memoryOf(pid);
    const name = table.get(pid)?.name ?? String(pid);
    byName[name] = (byName[name] ?? 0) + m;
    bytes += m;
  }
  return { bytes, byName, processes: below.length };
}

/**
 * Samples `memoryBelow(roots())` every `intervalMs` until stopped; `stop()` returns the peak
 * ({ bytes, byName } at the moment of the highest total), or null when nothing was ever seen.
 */
export function startMemorySampler(roots, { intervalMs = 1000 } = {}) {
  let peak = null;
  const sample = () => {
    const now = memoryBelow(roots());
    if (now.processes && (!peak || now.bytes > peak.bytes)) peak = now;
  };
  const timer = setInterval(sample, intervalMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

export const mib = (bytes) => `${Math.round(bytes / 1024 / 1024)} MiB`;
