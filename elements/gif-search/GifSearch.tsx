/**
 * <gif-search> is registered so pages can place it today; its behaviour arrives with
 * its own issue. Until then it renders the page's fallback content (its light
 * DOM children) and nothing else.
 */
export default function GifSearch() {
  return <slot />;
}
