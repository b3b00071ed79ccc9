/// <reference types="mocha" />
// Bundled in front of every browser test file (scripts/browser-tests.mjs, esbuild `inject`), beside
// progress.ts. A failed `expect(nodeA).to.equal(nodeB)` keeps the two DOM nodes on the error as
// `actual` and `expected` for the runner's diff, and the runner's serialiser walks them (document,
// window and all) until the stall watchdog ends the run as "browser disconnected", hiding which
// assertion failed. This root hook replaces such nodes with a short description of each, so the
// failure reads like any other.

const DESCRIBED_ATTRIBUTES = ['id', 'name', 'part', 'role', 'aria-label', 'class'];

/** `<input name="title" part="field">`, or `#text "Hello"`: enough to tell two nodes apart. */
function describeNode(node: Node): string {
  if (node instanceof Element) {
    const attributes = DESCRIBED_ATTRIBUTES.filter((name) => node.hasAttribute(name))
      .map((name) => ` ${name}="${(node.getAttribute(name) ?? '').slice(0, 60)}"`)
      .join('');
    const root = node.getRootNode();
    const where = root instanceof ShadowRoot ? ` (in the shadow root of <${root.host.localName}>)` : '';
    return `<${node.localName}${attributes}>${where}`;
  }
  if (node instanceof Document) return '#document';
  return `${node.nodeName} ${JSON.stringify((node.textContent ?? '').slice(0, 60))}`;
}

type DiffError = Error & { actual?: unknown; expected?: unknown };

/** Replaces a DOM node kept on an assertion error for the diff with its description. */
export function describeNodesOf(err: DiffError): void {
  if (err.actual instanceof Node) err.actual = describeNode(err.actual);
  if (err.expected instanceof Node) err.expected = describeNode(err.expected);
}

afterEach(function () {
  const err = this.currentTest?.err;
  if (err) describeNodesOf(err);
});
