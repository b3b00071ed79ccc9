/** Accessibility checks with axe-core, including open shadow roots (axe walks them itself). */
import axe from 'axe-core';

export interface AxeCheckOptions {
  /** Extra axe rules to switch off for this check, with a reason in the test. */
  disableRules?: string[];
}

/**
 * Page-level rules that make no sense for one element on a test page
 * (landmarks, the page's <h1>, skip links).
 */
const PAGE_LEVEL_RULES = ['region', 'landmark-one-main', 'page-has-heading-one', 'bypass', 'html-has-lang', 'document-title'];

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/** The finite animations and transitions now running in `target` (its shadow root included). */
function movingIn(target: Element | Document): Animation[] {
  const all =
    target instanceof Document
      ? target.getAnimations()
      : [...target.getAnimations({ subtree: true }), ...(target.shadowRoot?.getAnimations() ?? [])];
  return all.filter((a) => {
    // A spinner or a loading bar runs forever: it is part of the state, not a way into it.
    if (a.playState !== 'running' || !Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity)) return false;
    // What assistive technology never sees (confetti) is not audited, so its movement cannot matter.
    const moved = a.effect instanceof KeyframeEffect ? a.effect.target : null;
    return !moved?.closest('[aria-hidden="true"]');
  });
}

/**
 * Waits until what is about to be checked has stopped moving: a fade-in caught half way gives
 * axe colours the user never rests on (a 120 ms card fade read as 1.7:1 in WebKit under load).
 * Two frames first, so that a style change already made has become its animation or transition
 * (one that has not started yet is not in getAnimations()); then each finite one is awaited, and
 * the whole is checked again in case finishing one started another. At most 5 s.
 */
async function untilStill(target: Element | Document): Promise<void> {
  const deadline = performance.now() + 5_000;
  for (;;) {
    await frame();
    await frame();
    const moving = movingIn(target);
    if (moving.length === 0 || performance.now() > deadline) return;
    const left = deadline - performance.now();
    await Promise.race([
      Promise.all(moving.map((a) => a.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, left)),
    ]);
  }
}

/**
 * Runs axe on `target` (an element, its shadow root content included, or the whole document) once
 * it has stopped moving. Throws a readable list of violations.
 */
export async function axeCheck(target: Element | Document = document, options: AxeCheckOptions = {}): Promise<void> {
  await untilStill(target);
  const rules: Record<string, { enabled: boolean }> = {};
  for (const id of [...PAGE_LEVEL_RULES, ...(options.disableRules ?? [])]) rules[id] = { enabled: false };
  const results = await axe.run(target as HTMLElement, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    rules,
    resultTypes: ['violations'],
  });
  if (results.violations.length === 0) return;
  const lines = results.violations.map((v) => {
    const nodes = v.nodes
      .map(
        (n) =>
          `      at ${JSON.stringify(n.target)}\n        ${n.html.slice(0, 160)}\n        ${(n.failureSummary ?? '').replace(/\n/g, '\n        ')}`,
      )
      .join('\n');
    return `  - ${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n    ${v.helpUrl}\n${nodes}`;
  });
  const where = target instanceof Document ? 'document' : `<${target.localName}>`;
  throw new Error(`axe found ${results.violations.length} violation(s) in ${where}:\n${lines.join('\n')}`);
}
