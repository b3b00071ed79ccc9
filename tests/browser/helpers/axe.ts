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

/** Runs axe on `target` (an element, its shadow root content included, or the whole document). Throws a readable list of violations. */
export async function axeCheck(target: Element | Document = document, options: AxeCheckOptions = {}): Promise<void> {
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
      .map((n) => `      at ${JSON.stringify(n.target)}\n        ${n.html.slice(0, 160)}\n        ${(n.failureSummary ?? '').replace(/\n/g, '\n        ')}`)
      .join('\n');
    return `  - ${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n    ${v.helpUrl}\n${nodes}`;
  });
  const where = target instanceof Document ? 'document' : `<${target.localName}>`;
  throw new Error(`axe found ${results.violations.length} violation(s) in ${where}:\n${lines.join('\n')}`);
}
