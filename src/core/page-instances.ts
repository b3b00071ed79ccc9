/**
 * "One instance takes charge": a page may hold several instances of one element (two
 * <ask-form>s, a <messaging-dock> in the header and one in a sidebar), and what is page-wide must be
 * done once: answering a request, serving the page address, showing a tutorial, polling. Each such
 * element keeps its mounted instances here, in connection order, and asks which one is in charge
 * (`first(rule)`), or runs something while at least one is mounted (`whileAny`).
 *
 * Pure bookkeeping, no DOM and no React: an element joins in an effect and leaves in its cleanup.
 */
export interface PageInstances<I> {
  /**
   * Adds an instance, after those already there. The first to join starts `whileAny`; the last to
   * leave stops it. Returns its leaving, which is safe to call twice.
   */
  join(instance: I): () => void;
  /** The first instance that passes `rule` (any instance without one), in connection order. */
  first(rule?: (instance: I) => boolean): I | undefined;
  /** How many are mounted. */
  readonly size: number;
}

/** A registry for one element's instances; `whileAny` runs from the first join to the last leave. */
export function pageInstances<I>(whileAny?: () => () => void): PageInstances<I> {
  const list: I[] = [];
  let stop: (() => void) | undefined;
  return {
    join(instance) {
      list.push(instance);
      // After the push: what starts may already look for the instance in charge (a queued request).
      if (list.length === 1 && whileAny) stop = whileAny();
      let joined = true;
      return () => {
        if (!joined) return;
        joined = false;
        list.splice(list.indexOf(instance), 1);
        if (list.length === 0) {
          const ending = stop;
          stop = undefined;
          ending?.();
        }
      };
    },
    first: (rule) => (rule ? list.find(rule) : list[0]),
    get size() {
      return list.length;
    },
  };
}
