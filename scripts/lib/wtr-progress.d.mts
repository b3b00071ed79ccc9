export const PROGRESS_COMMAND: string;
export function isInfrastructureError(message: unknown): boolean;

export interface FileResult {
  file: string;
  outcome: 'passed' | 'failed' | 'interrupted';
  passed: number;
  failed: number;
  skipped: number;
  ms: number;
  failures: { test: string; error: string }[];
  errors: string[];
}

interface SessionLike {
  testFile: string;
  passed?: boolean;
  errors?: { message: string }[];
  testResults?: SuiteLike;
}
interface SuiteLike {
  name: string;
  tests: { name: string; passed: boolean; skipped: boolean; duration?: number; error?: { message: string } }[];
  suites: SuiteLike[];
}

export function fileResult(session: SessionLike): FileResult;
export function progressPlugin(progressFile: string | undefined): unknown;
export function resultsReporter(resultsFile: string | undefined): unknown;
export function readProgress(text: string): { files: Map<string, FileResult>; begun: Set<string>; lastAt: number };
