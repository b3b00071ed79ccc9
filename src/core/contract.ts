/**
 * An element's public contract, declared once beside the element (`elements/<tag>/contract.ts`):
 * its attributes (and properties), the events it announces with the type of their `detail`, the
 * requests it answers, its parts, slots and CSS custom properties.
 *
 * Everything else is derived from it:
 *   - at run time: the observed attributes (`widgetDefinition`) and the typed `announce()`;
 *   - at build time (`scripts/contract.mjs`): custom-elements.json, types/elements.d.ts and the
 *     README's per-element tables, with a check that fails the build when any of them drifts.
 *
 * The descriptions never reach a browser: the build replaces each contract module by its tag and
 * attribute types (rollup.config.mjs, `contractForRuntime`).
 */
import type { AttributeType, ElementModule, WidgetDefinition } from './widget-definition';

/** One attribute and the property that mirrors it. `T` is the property's value type in the typings. */
export interface AttributeContract<T = unknown, A extends AttributeType = AttributeType> {
  type: A;
  description: string;
  /** The default as the README shows it. */
  default?: string;
  /**
   * A `string` attribute that takes one of a few words: those words. Any other value is ignored
   * (the default applies) with one console warning (src/core/attributes.ts).
   */
  values?: readonly string[];
  /** Phantom: carries `T` for the typings generator; never set. */
  readonly __value?: T;
}

/** One event (announced by the element) or request (listened for on `document`). */
export interface EventContract<D = unknown, A extends readonly `tl-${string}`[] = readonly `tl-${string}`[]> {
  description: string;
  /**
   * Earlier names of a request, still answered (README, "Names and versions"): each use warns once,
   * and the alias goes at the next major version.
   */
  deprecatedAliases?: A;
  /** Phantom: carries the detail type; never set. */
  readonly __detail?: D;
}

export interface ElementContract {
  tag: string;
  summary: string;
  /** camelCase property name → its attribute (the kebab-case name). */
  attributes: Record<string, AttributeContract<unknown>>;
  /** `tl-*` events the element dispatches on itself (bubbling, composed): "this happened". */
  events?: Record<`tl-${string}`, EventContract<unknown>>;
  /** `tl-*-request` events a page dispatches on `document` to ask this element for something. Queued
   *  before the element's code has loaded and replayed once it can answer (src/core/requests.ts). */
  requests?: Record<`tl-${string}-request`, EventContract<unknown>>;
  parts?: Record<string, string>;
  slots?: Record<string, string>;
  cssProperties?: Record<`--${string}`, { default?: string; description: string }>;
}

/**
 * Declares an attribute. The property type follows from the attribute type; a second type argument
 * narrows it (`attribute<'json', { url: string }>('json', …)`), and so do the words a `string`
 * attribute takes: `attribute('string', …, { values: ['button', 'menu', 'none'] })` is typed
 * `'button' | 'menu' | 'none'`, and checked at run time.
 */
export function attribute<const A extends AttributeType, const T = ValueOf<A>>(
  type: A,
  description: string,
  options: { default?: string; values?: readonly T[] } = {},
): AttributeContract<NoInfer<T>, A> {
  return { type, description, ...options } as AttributeContract<NoInfer<T>, A>;
}

/** Declares an event or a request with its detail type. */
export function event<D>(description: string): EventContract<D, []> {
  return { description };
}

/**
 * A renamed request, still answering its earlier names until the next major version (README,
 * "Names and versions"): `deprecatedAliases(event<D>('…'), 'tl-old-name')`.
 */
export function deprecatedAliases<D, const A extends readonly `tl-${string}`[]>(
  request: EventContract<D, []>,
  ...aliases: A
): EventContract<D, A> {
  return { ...request, deprecatedAliases: aliases };
}

/** Keeps the literal types of a contract (names, detail types) while checking its shape. */
export function defineContract<const C extends ElementContract>(contract: C): C {
  return contract;
}

/** What defineWidget needs from an element's registration: the tag, its observed attributes by type, its component module (already imported), and `how` it renders first. */
export function widgetDefinition(
  contract: Pick<ElementContract, 'tag' | 'attributes'>,
  module: ElementModule,
  how: Pick<WidgetDefinition, 'renderLater'> = {},
): WidgetDefinition {
  const props: Record<string, AttributeType> = {};
  const values: Record<string, readonly string[]> = {};
  for (const [name, spec] of Object.entries(contract.attributes)) {
    props[name] = spec.type;
    if (spec.values) values[name] = spec.values;
  }
  return { tag: contract.tag, props, values, load: () => Promise.resolve(module), module, ...how };
}

type ValueOf<A extends AttributeType> = A extends 'string' ? string : A extends 'number' ? number : A extends 'json' ? unknown : boolean;

/** The detail type of each event of a contract. */
export type EventDetails<C extends ElementContract> = {
  [N in keyof C['events']]: C['events'][N] extends EventContract<infer D> ? D : never;
};

/** The detail type of each request a contract answers, under its name and its deprecated aliases. */
export type RequestDetails<C extends ElementContract> = {
  [N in keyof C['requests']]: C['requests'][N] extends EventContract<infer D> ? D : never;
} & {
  [
    N in keyof C['requests'] as C['requests'][N] extends EventContract<unknown, infer A> ? A[number] : never
  ]: C['requests'][N] extends EventContract<infer D> ? D : never;
};

/**
 * The props an element's component receives: each attribute parsed by its type. A narrowed type
 * (`'button' | 'menu'`) is the public promise; what a page writes can be anything, so the
 * component gets the parsed base type and checks the value itself.
 */
export type ContractProps<C extends Pick<ElementContract, 'attributes'>> = {
  [P in keyof C['attributes']]?: ValueOf<C['attributes'][P]['type']>;
};
