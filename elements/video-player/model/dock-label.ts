/**
 * The Dock control's name: the control bar shows it from the first render, while the rest of the
 * gutter's words (model/gutter.ts) come with docking's chunk.
 */
export const DOCK_LABEL = 'Dock video to the side';
