/**
 * What defineWidget needs to know about an element before its code runs: its tag, its declared
 * props (only declared props are observed) and how to load it. Types only, free of React.
 */

/**
 * - `string`, `number`: plain attribute values (a non-numeric number is `undefined`; a string
 *   outside its declared `values` too).
 * - `boolean`: r2wc-style value boolean (`"true"`, `"1"`, `"yes"`) — kept for parity.
 * - `flag`: presence boolean: `<x flag>`, `flag=""` and `flag="true"` are true, `flag="false"` is false.
 * - `json`: parsed defensively; bad JSON warns once on the console, naming element and attribute.
 */
export type AttributeType = 'string' | 'number' | 'boolean' | 'flag' | 'json';

export interface ElementModule {
  /** The React component rendered into the shadow root. */
  default: unknown;
  /** The element's CSS, imported as a string at build time. */
  styles?: string;
}

export interface WidgetDefinition {
  tag: string;
  /** camelCase prop name → attribute type; the attribute is the kebab-case name. */
  props: Record<string, AttributeType>;
  /** camelCase prop name → the only words a `string` attribute takes (any other value warns and is ignored). */
  values?: Record<string, readonly string[]>;
  /** Loads the element's component chunk. */
  load: () => Promise<ElementModule>;
  /** The component module, when it is already here (an eager registration): no wait before mounting. */
  module?: ElementModule;
  /**
   * Its first render adds nothing to the page's flow (a fixed dock, an overlay, a box reserved
   * before its code came): it renders in a slice of idle time, as a host far from the viewport
   * does, never in the task that upgrades the page's elements (src/core/mount-queue.ts).
   */
  renderLater?: boolean;
}
