/** The element that scrolls around `el`, through shadow roots; null when only the page does. */
export function scrollerOf(el: Element | null): Element | null {
  for (let n: Node | null = el; n; n = n.parentNode ?? (n instanceof ShadowRoot ? n.host : null)) {
    if (n instanceof Element) {
      const { overflowY } = getComputedStyle(n);
      if ((overflowY === 'auto' || overflowY === 'scroll') && n.scrollHeight > n.clientHeight) return n;
    }
  }
  return null;
}
