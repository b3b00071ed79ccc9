import type { ChildProcess, SpawnOptions } from 'node:child_process';

export interface WatchdogRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** True when the watchdog stopped the child. */
  stalled: boolean;
  /** How long the progress file had been silent when the child was stopped. */
  silentMs: number;
  child: ChildProcess;
  error?: Error;
}

/** Runs a child in its own process group; stops the group when `progressFile` stays unchanged for `stallMs`. */
export function runWithStallWatchdog(options: {
  command: string;
  args: string[];
  progressFile: string;
  stallMs: number;
  pollMs?: number;
  killAfterMs?: number;
  spawnOptions?: SpawnOptions;
  onSpawn?: (child: ChildProcess) => void;
  onStall?: (info: { silentMs: number }) => void;
}): Promise<WatchdogRun>;
