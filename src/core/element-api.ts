/** The documented public API of an element: read by scripts/manifest.mjs to write custom-elements.json. */
export interface ElementApi {
  summary: string;
  attributes: { name: string; type: string; default?: string; description: string }[];
  events?: { name: string; detail: string; description: string }[];
  parts?: { name: string; description: string }[];
  cssProperties?: { name: string; default?: string; description: string }[];
  slots?: { name: string; description: string }[];
}
