import type { FileResult } from './wtr-progress.mjs';

export function brokenFile(file: string, why: string): FileResult;

export interface BrowserRun {
  results: Map<string, FileResult>;
  begun: Set<string>;
  anyProgress: boolean;
  stalled: boolean;
  silentMs: number;
  code: number | null;
  signal: string | null;
  error?: Error;
}

export function afterBrowserRun(input: { pending: string[]; run: BrowserRun; strikes: Map<string, number>; stallMs: number }): {
  done: Map<string, FileResult>;
  again: string[];
  reruns: { file: string; why: string }[];
};
