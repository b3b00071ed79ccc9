import { useInsertionEffect } from 'react';
import { adoptPartStyles } from '../core/styles';
import { useWidget } from '../core/widget-context';

/**
 * Adopts a shared part's stylesheet into the shadow root the part renders in. An insertion effect
 * runs after the part's nodes are in the tree and before any layout effect measures them or the
 * browser paints, so the part never shows unstyled.
 */
export function usePartStyles(key: string, css: string): void {
  const { shadowRoot } = useWidget();
  useInsertionEffect(() => adoptPartStyles(shadowRoot, key, css), [shadowRoot, key, css]);
}
