/**
 * The theme's CSS custom properties, shared by every element: each declared once here, with the
 * default that the stylesheets fall back to (theme-properties.test.ts keeps the two equal). A
 * contract names the ones its element reads by their short name, and says in its own words what a
 * property does there when that says more than the shared description:
 *
 *   cssProperties: themeProperties(['font', 'radius'], { accent: 'Focus ring.' })
 *   → --tl-font, --tl-radius (shared descriptions), --tl-color-accent ('Focus ring.')
 */
export const THEME_PROPERTIES = {
  text: { name: '--tl-color-text', default: '#1a1a1a', description: 'Text colour.' },
  muted: { name: '--tl-color-muted', default: '#5c5c5c', description: 'Secondary text.' },
  surface: { name: '--tl-color-surface', default: '#ffffff', description: 'Surface of popovers, dialogs and forms.' },
  accent: { name: '--tl-color-accent', default: '#00b8ff', description: 'Buttons, links and the focus ring.' },
  accentContrast: { name: '--tl-color-accent-contrast', default: '#001935', description: 'Text on the accent colour.' },
  danger: { name: '--tl-color-danger', default: '#b3261e', description: 'Errors.' },
  border: { name: '--tl-color-border', default: 'rgba(0, 0, 0, 0.14)', description: 'Hairlines.' },
  badge: { name: '--tl-color-badge', default: '#ff4930', description: 'Unread badges.' },
  radius: { name: '--tl-radius', default: '8px', description: 'Corner radius.' },
  font: {
    name: '--tl-font',
    default: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    description: 'Font stack.',
  },
  shadow: { name: '--tl-shadow', default: '0 8px 28px rgba(0, 0, 0, 0.22)', description: 'Shadow of popovers, dialogs and windows.' },
} as const;

export type ThemeProperty = keyof typeof THEME_PROPERTIES;
type CssProperties = Record<`--${string}`, { default: string; description: string }>;

/**
 * The contract entries for the theme properties an element reads: those in `shared` with the
 * shared description, those in `own` with the element's description of what they do there.
 */
export function themeProperties(shared: readonly ThemeProperty[], own: Partial<Record<ThemeProperty, string>> = {}): CssProperties {
  const out: CssProperties = {};
  // In the table's order, so every element's reference lists them alike.
  for (const [key, spec] of Object.entries(THEME_PROPERTIES) as [ThemeProperty, (typeof THEME_PROPERTIES)[ThemeProperty]][]) {
    const description = own[key];
    if (description !== undefined && shared.includes(key)) throw new Error(`${key} is listed twice: shared and with its own description`);
    if (description !== undefined || shared.includes(key))
      out[spec.name] = { default: spec.default, description: description ?? spec.description };
  }
  return out;
}
