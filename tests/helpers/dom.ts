/** DOM helpers for elements rendered in open shadow roots. */

function rootOf(el: Element): ShadowRoot {
  const root = el.shadowRoot;
  if (!root) throw new Error(`<${el.localName}> has no open shadow root`);
  return root;
}

/** `el.shadowRoot.querySelector(selector)`, or null. Throws when there is no open shadow root. */
export function shadow<E extends Element = HTMLElement>(el: Element, selector: string): E | null {
  return rootOf(el).querySelector<E>(selector);
}

/** Like shadow(), but throws a readable error when nothing matches. */
export function shadowRequired<E extends Element = HTMLElement>(el: Element, selector: string): E {
  const found = shadow<E>(el, selector);
  if (!found) throw new Error(`<${el.localName}>: nothing matches "${selector}" in its shadow root`);
  return found;
}

/** Every match in `el`'s shadow root. */
export function shadowAll<E extends Element = HTMLElement>(el: Element, selector: string): E[] {
  return [...rootOf(el).querySelectorAll<E>(selector)];
}

/** Every match in `root` and in every open shadow root below it (document order, depth first). */
export function deepQueryAll<E extends Element = HTMLElement>(root: ParentNode, selector: string): E[] {
  const out: E[] = [];
  const visit = (node: ParentNode) => {
    out.push(...node.querySelectorAll<E>(selector));
    for (const el of node.querySelectorAll('*')) if (el.shadowRoot) visit(el.shadowRoot);
  };
  visit(root);
  return out;
}

/** The first deep match, or null. */
export function deepQuery<E extends Element = HTMLElement>(root: ParentNode, selector: string): E | null {
  return deepQueryAll<E>(root, selector)[0] ?? null;
}

/** Visible text of an element's shadow root (or of a node), whitespace collapsed. */
export function textOf(node: Element | ShadowRoot): string {
  const target = node instanceof Element && node.shadowRoot ? node.shadowRoot : node;
  return (target.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** The focused element, looking through shadow roots: the elements' own helper. */
export { deepActiveElement } from '../../src/ui/deep-active-element';

const mounted = new Set<HTMLElement>();

/**
 * Puts `html` into a fresh container in <body> and returns its first element child.
 * Call cleanup() in afterEach to remove every container (disconnecting the elements).
 */
export function mount<E extends Element = HTMLElement>(html: string): E {
  const container = document.createElement('div');
  container.setAttribute('data-test-container', '');
  container.innerHTML = html;
  document.body.append(container);
  mounted.add(container);
  const first = container.firstElementChild;
  if (!first) throw new Error(`mount(): no element in ${JSON.stringify(html)}`);
  return first as E;
}

/**
 * Removes everything mount() added. The elements' components unmount in the microtasks after the
 * removal (a move within one task is not a reset: src/core/define-widget.ts): await the result
 * before resetting what their unmounting may still write (stores, storage).
 */
export function cleanup(): Promise<void> {
  for (const container of mounted) container.remove();
  mounted.clear();
  return Promise.resolve();
}

/** Collects console output of one kind while `fn` runs (the output is swallowed). */
export async function captureConsole<T>(
  kind: 'error' | 'warn' | 'log',
  fn: () => T | Promise<T>,
): Promise<{ result: T; calls: unknown[][]; text: string }> {
  const original = console[kind];
  const calls: unknown[][] = [];
  console[kind] = (...args: unknown[]) => {
    calls.push(args);
  };
  try {
    const result = await fn();
    return { result, calls, text: calls.map((c) => c.map(String).join(' ')).join('\n') };
  } finally {
    console[kind] = original;
  }
}

/** Sets a React-controlled input or textarea the way a user's input event would (React tracks the native value setter). */
export function typeInto(el: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Makes the page's matchMedia say `prefers-reduced-motion: reduce` (what src/ui/reduced-motion.ts
 * reads; the same in every engine, WebDriver's included, which cannot emulate the media feature).
 * CSS still sees the real setting. Returns the restore.
 */
export function stubReducedMotion(): () => void {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) =>
    /prefers-reduced-motion:\s*reduce/.test(query)
      ? ({ matches: true, media: query, addEventListener() {}, removeEventListener() {} } as unknown as MediaQueryList)
      : original.call(window, query)) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}
