/**
 * One constructable stylesheet per element type, shared by every instance and
 * adopted by each shadow root. Constructable sheets are not inline styles, so
 * a strict Content-Security-Policy without 'unsafe-inline' leaves them alone.
 */
import baseCss from './base.css';

const sheets = new Map<string, CSSStyleSheet>();
/** Each shadow root's element sheet, which stays last so the element's rules win over a part's. */
const ownSheets = new WeakMap<ShadowRoot, CSSStyleSheet>();

function sheetFor(key: string, css: string): CSSStyleSheet {
  let sheet = sheets.get(key);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(key, sheet);
  }
  return sheet;
}

export function adoptStyles(root: ShadowRoot, tag: string, css: string | undefined): void {
  const adopted = [sheetFor('tl-base', baseCss)];
  if (css) {
    const own = sheetFor(tag, css);
    ownSheets.set(root, own);
    adopted.push(own);
  }
  root.adoptedStyleSheets = adopted;
}

/**
 * A shared part's own sheet (the tutorial, the recipient picker, the blog selector …), adopted by
 * a shadow root when the part first renders there. The base sheet every element adopts holds only
 * what every element uses, so the runtime chunk does not carry the CSS of parts few elements show,
 * and a part's CSS travels in the chunk of the part. It goes before the element's own sheet, so an
 * element's overrides of a part keep winning as they did when the part's rules were in the base.
 */
export function adoptPartStyles(root: ShadowRoot, key: string, css: string): void {
  // Its own key space: a part named like an element's tag must not take that element's sheet.
  const sheet = sheetFor(`part:${key}`, css);
  const current = root.adoptedStyleSheets;
  if (current.includes(sheet)) return;
  const own = ownSheets.get(root);
  const others = current.filter((s) => s !== own);
  root.adoptedStyleSheets = own ? [...others, sheet, own] : [...others, sheet];
}

/**
 * A sheet that comes with a lazy chunk of one element (the player's speed menu, its docking):
 * adopted after the element's own sheet, which it extends, by whatever renders what it styles,
 * each time (a root that mounted again holds only the element's sheets).
 */
export function adoptChunkStyles(root: ShadowRoot, key: string, css: string): void {
  const sheet = sheetFor(`chunk:${key}`, css);
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}
