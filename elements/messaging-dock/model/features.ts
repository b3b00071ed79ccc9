/**
 * Spec §6: the dock's feature switches from the server config (`messaging_<name>`). A page that
 * says nothing gets the whole product; only an explicit false turns one off. Apart from
 * model/dock.ts because the dock's first render (the tutorial's due check) needs only this.
 */
export type DockFeature = 'minimize' | 'icebreakers' | 'persistence' | 'desktop_notifications' | 'gif_search' | 'send_photos' | 'tutorial';
export function dockFeature(config: Record<string, unknown>, feature: DockFeature): boolean {
  return config[`messaging_${feature}`] !== false;
}
