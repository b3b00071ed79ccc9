/** The docked player's styles (gutter.css): the gutter's chunk brings them, not the element's sheet. */
import css from './gutter.css';
import { adoptChunkStyles } from '../../src/core/styles';

export function adoptGutterStyles(root: ShadowRoot): void {
  adoptChunkStyles(root, 'video-player:gutter', css);
}
