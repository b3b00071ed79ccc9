/** The docked player's styles (gutter.css): the gutter's chunk brings them, not the element's sheet. */
import css from './gutter.css';
import { adoptExtraStyles } from './extra-styles';

export function adoptGutterStyles(root: ShadowRoot): void {
  adoptExtraStyles(root, css);
}
