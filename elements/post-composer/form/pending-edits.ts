/**
 * Fields whose value reaches the form some time after the keystroke (the rich editor of a long
 * post reports its HTML once typing pauses) register here how to report it now. The form asks them
 * before anything reads its model: a click or a key that may save or close, a submit, the focus
 * leaving a field, the dismiss question, the draft written as the page goes away.
 */
const reporters = new Set<() => void>();

export function registerPendingEdits(report: () => void): () => void {
  reporters.add(report);
  return () => void reporters.delete(report);
}

export function reportPendingEdits(): void {
  for (const report of reporters) report();
}
