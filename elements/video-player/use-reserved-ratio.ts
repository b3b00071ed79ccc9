/**
 * The player's box keeps its final shape from the start: the loader's rule sizes it from
 * `--_tl-video-ratio` (16:9 until told), and this sets that ratio from width/height, or from the
 * video itself with `autoheight`.
 */
import { useEffect } from 'react';

export function useReservedRatio(shadowRoot: ShadowRoot, ratio: number | null): void {
  useEffect(() => {
    if (!ratio) return;
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(`:host{--_tl-video-ratio:${ratio.toFixed(5)}}`);
    shadowRoot.adoptedStyleSheets = [...shadowRoot.adoptedStyleSheets, sheet];
    return () => {
      shadowRoot.adoptedStyleSheets = shadowRoot.adoptedStyleSheets.filter((s) => s !== sheet);
    };
  }, [ratio, shadowRoot]);
}
