/**
 * A stylesheet that comes with a chunk (the gutter's, the speed menu's): adopted into a shadow
 * root after the element's own sheets (src/core/styles.ts), by whatever renders what it styles,
 * each time (a root that mounted again has only the element's sheets). One sheet per text.
 */
const sheets = new Map<string, CSSStyleSheet>();

export function adoptExtraStyles(root: ShadowRoot, css: string): void {
  let sheet = sheets.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
  }
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}
