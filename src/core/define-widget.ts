/**
 * The one place @r2wc/core is configured. r2wc gives us the custom element
 * lifecycle (open shadow root, observed attributes, connect → mount,
 * disconnect → unmount); this file adds what r2wc leaves out: a lazy renderer
 * (the element chunk and React load on first connection), defensive attribute
 * parsing, presence booleans, attribute removal, object-valued properties, and
 * properties set before the tag was defined.
 *
 * No React import here: an element's registration imports this file, and React arrives with the
 * runtime chunk when the element first connects (or at once, when the registration passes it).
 */
import r2wc from '@r2wc/core';
import { parseAttribute, toKebabCase } from './attributes';
import type { WidgetDefinition, ElementModule } from './widget-definition';
import type { WidgetHandle } from './runtime';

const RENDER = Symbol.for('r2wc.render');

interface MountContext {
  host: WidgetElement;
  gone: boolean;
  handle: WidgetHandle | null;
}

export interface WidgetElement extends HTMLElement {
  /** The props the component receives: parsed attributes overlaid with set properties. */
  readonly widgetProps: Record<string, unknown>;
  /** Resolves once the element's component has rendered for the first time and its effects (the listeners it attaches) have run. */
  readonly ready: Promise<void>;
}

const loadRuntime = () => import('./runtime');

/**
 * A host taken out of the page keeps its mounted component until the microtasks after the removal:
 * put back by then (a theme re-parenting posts, a framework moving keyed nodes, `append` into a new
 * wrapper: all within one task), it is the same component with its state, its open popover, its
 * half-typed form, its playing <video> (the HTML spec pauses a removed media element only once the
 * removing task has reached a stable state, which is the same moment). Out for longer, it unmounts.
 * `moveBefore()` keeps the host connected (connectedMoveCallback below), so nothing happens at all.
 */
const keptMounts = new WeakMap<HTMLElement, MountContext>();
/** The control of each host that last had the focus, put back when a move dropped it to <body>. */
const lastFocused = new WeakMap<HTMLElement, HTMLElement>();

function releaseIfGone(host: HTMLElement): void {
  const kept = keptMounts.get(host);
  if (kept && !host.isConnected) {
    keptMounts.delete(host);
    lastFocused.delete(host);
    unmountContext(kept);
  }
}

/**
 * Back in the page after a move. A removal takes what it held out of the top layer: an open modal
 * <dialog> stays open but is no longer modal, and a shown popover is hidden. Our components render
 * those elements only while they are meant to be shown (src/ui/Dialog.tsx, Popover.tsx), so each is
 * shown again as it was; and the control that had the focus gets it back if the move dropped it.
 */
function restoreAfterMove(host: HTMLElement): void {
  const root = host.shadowRoot;
  if (!root || !host.isConnected) return;
  // The focus was the host's (inside its shadow root) or fell to <body> with the removal.
  const active = document.activeElement;
  const hadFocus = active === null || active === document.body || active === host;
  // Read first: showing a dialog again moves the focus (and with it this record).
  const control = lastFocused.get(host);
  for (const dialog of root.querySelectorAll<HTMLDialogElement>('dialog[open]')) {
    if (dialog.matches(':modal')) continue;
    dialog.close();
    dialog.showModal();
  }
  for (const popover of root.querySelectorAll<HTMLElement>('[popover]')) {
    if (!popover.matches(':popover-open')) popover.showPopover();
  }
  if (control && hadFocus && root.contains(control) && root.activeElement !== control) control.focus({ preventScroll: true });
}

function unmountContext(context: MountContext): void {
  context.gone = true;
  context.handle?.unmount();
  context.handle = null;
}

function reportLoadFailure(host: HTMLElement, tag: string, error: unknown) {
  console.error(`<${tag}> could not load.`, error);
  // Plain DOM on purpose: React itself may be what failed to load. Unstyled text keeps the
  // loader small; pages can style it through ::part(error).
  const note = document.createElement('span');
  note.setAttribute('role', 'alert');
  note.setAttribute('part', 'error');
  note.textContent = 'This part of the page could not load.';
  host.shadowRoot?.replaceChildren(note);
}

/**
 * Defines the tag. `runtime`, when the caller has it already (an eager registration imports it),
 * lets an element mount in a microtask after it connects instead of after a dynamic import: at
 * page load the dynamic import resolves only after other chunks' work, and the page would paint
 * the empty host in between (a layout shift).
 */
export function defineWidget(definition: WidgetDefinition, runtime?: typeof import('./runtime')): CustomElementConstructor {
  const existing = customElements.get(definition.tag);
  if (existing) return existing;

  const propNames = Object.keys(definition.props);
  const attributeToProp = new Map(propNames.map((p) => [toKebabCase(p), p]));
  let modulePromise: Promise<[ElementModule, typeof import('./runtime')]> | null = null;
  const loadAll = () => (modulePromise ??= Promise.all([definition.load(), loadRuntime()]));

  const renderer = {
    mount(container: HTMLElement): MountContext {
      const host = (container as unknown as ShadowRoot).host as WidgetElement;
      // Back from a move: the component never left.
      const kept = keptMounts.get(host);
      if (kept) {
        keptMounts.delete(host);
        queueMicrotask(() => restoreAfterMove(host));
        return kept;
      }
      const context: MountContext = { host, gone: false, handle: null };
      const loaded: Promise<[ElementModule, typeof import('./runtime')]> =
        definition.module && runtime ? new Promise((resolve) => queueMicrotask(() => resolve([definition.module!, runtime]))) : loadAll();
      loaded.then(
        ([module, runtime]) => {
          // Near the viewport it renders before the next paint; further away (or out of the page's
          // flow: `renderLater`), in a slice of idle time.
          runtime.queueMount(
            host,
            (sliced) => {
              if (context.gone || context.handle) return; // disconnected while the chunk was loading
              context.handle = runtime.mountWidget({
                host,
                shadowRoot: host.shadowRoot!,
                tag: definition.tag,
                module,
                props: host.widgetProps,
                sliced,
                onRendered: (internals as WeakMap<HTMLElement, Internals>).get(host)!.resolveReady,
              });
            },
            definition.renderLater,
          );
        },
        (error: unknown) => {
          modulePromise = null; // a later connection may retry (e.g. after going back online)
          if (!context.gone) {
            reportLoadFailure(host, definition.tag, error);
            internals.get(host)?.resolveReady(); // `ready` settles: the element shows its error note
          }
        },
      );
      return context;
    },
    update(context: MountContext) {
      context.handle?.update(context.host.widgetProps);
    },
    unmount(context: MountContext) {
      keptMounts.set(context.host, context);
      queueMicrotask(() => releaseIfGone(context.host));
    },
  };

  interface Internals {
    set: Map<string, unknown>;
    /**
     * Each attribute's value as last parsed: a value is parsed (and a bad one warned about) once,
     * not at every render, and a JSON prop keeps its identity until the attribute changes.
     */
    parsed: Map<string, { raw: string | null; value: unknown }>;
    ready: Promise<void>;
    resolveReady: () => void;
  }
  const internals = new WeakMap<HTMLElement, Internals>();

  // r2wc sees every prop as a string: it never parses (so bad JSON cannot throw
  // from a constructor) and its own accessors are replaced below.
  const Base = r2wc(
    function Placeholder() {
      return null;
    } as never,
    { shadow: 'open', props: Object.fromEntries(propNames.map((p) => [p, 'string'])) as never },
    renderer as never,
  ) as unknown as { new (): HTMLElement & Record<symbol, unknown> };

  class Widget extends Base implements WidgetElement {
    constructor() {
      super();
      let resolveReady!: () => void;
      const ready = new Promise<void>((resolve) => (resolveReady = resolve));
      internals.set(this, { set: new Map(), parsed: new Map(), ready, resolveReady });
      const root = this.shadowRoot!;
      root.addEventListener('focusin', () => {
        if (root.activeElement instanceof HTMLElement) lastFocused.set(this, root.activeElement);
      });
      // A property assigned before the tag was defined shadows our accessor: re-apply it.
      for (const prop of propNames) {
        if (Object.prototype.hasOwnProperty.call(this, prop)) {
          const value = (this as unknown as Record<string, unknown>)[prop];
          delete (this as unknown as Record<string, unknown>)[prop];
          (this as unknown as Record<string, unknown>)[prop] = value;
        }
      }
    }

    /** `moveBefore()`: the host never leaves the page, so nothing unmounts or restarts. */
    connectedMoveCallback() {}

    get ready(): Promise<void> {
      return internals.get(this)!.ready;
    }

    get widgetProps(): Record<string, unknown> {
      const { set, parsed } = internals.get(this)!;
      const props: Record<string, unknown> = {};
      for (const prop of propNames) {
        if (set.has(prop)) {
          props[prop] = set.get(prop);
          continue;
        }
        const attribute = toKebabCase(prop);
        const raw = this.getAttribute(attribute);
        let last = parsed.get(prop);
        if (!last || last.raw !== raw) {
          last = {
            raw,
            value: parseAttribute(definition.props[prop]!, raw, { tag: definition.tag, attribute, values: definition.values?.[prop] }),
          };
          parsed.set(prop, last);
        }
        props[prop] = last.value;
      }
      return props;
    }

    attributeChangedCallback(attribute: string, oldValue: string | null, value: string | null) {
      if (oldValue === value) return;
      const prop = attributeToProp.get(attribute);
      if (prop) internals.get(this)!.set.delete(prop); // the attribute now wins over an older property value
      this.rerender();
    }

    private rerender() {
      // r2wc's own flag starts out true, so ask the DOM instead.
      if (this.isConnected) (this[RENDER] as () => void)();
    }
  }

  for (const prop of propNames) {
    Object.defineProperty(Widget.prototype, prop, {
      enumerable: true,
      configurable: true,
      get(this: Widget) {
        return this.widgetProps[prop];
      },
      set(this: Widget, value: unknown) {
        internals.get(this)!.set.set(prop, value);
        (this as unknown as { rerender(): void }).rerender();
        // Presence booleans reflect to their attribute, like native `hidden`: styles such as
        // :host([open]) must see a value set as a property (React 19 sets properties).
        // In a microtask, because a constructor (pre-upgrade capture) may not add attributes.
        if (definition.props[prop] === 'flag') {
          queueMicrotask(() => {
            if (internals.get(this)!.set.get(prop) === value) this.toggleAttribute(toKebabCase(prop), Boolean(value));
          });
        }
      },
    });
  }

  // Two bundles (or a loader plus an eager import) may race to define the tag.
  if (!customElements.get(definition.tag)) customElements.define(definition.tag, Widget);
  return customElements.get(definition.tag)!;
}
