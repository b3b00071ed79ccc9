/**
 * Boxes reserved before any element's code arrives, so nothing on the page moves when it does.
 * `:where()` keeps each rule at zero specificity (any page rule wins); a constructable sheet
 * passes a strict CSP. The loader adopts it at once; the runtime does too, for pages that import
 * one element without the loader. Shares the loader's one chunk with the request queue.
 */
let adopted = false;

export function reserveBoxes(): void {
  if (adopted) return;
  adopted = true;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(
    ':where(video-player){display:block;aspect-ratio:var(--tl-video-aspect-ratio,var(--_tl-video-ratio,16/9));background:#000}',
  );
  document.adoptedStyleSheets.push(sheet);
}
