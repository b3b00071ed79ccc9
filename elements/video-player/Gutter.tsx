/**
 * What a docked player shows besides itself (state/gutter.ts docks it; model/gutter.ts has the
 * rules): its title bar in the gutter (the player's name, Return, Close), and the placeholder it
 * leaves in its post (rendered through a portal into the placeholder's shadow root).
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { GUTTER_TEXT } from './model/gutter';
import { Icon } from './icons';
import { adoptGutterStyles } from './gutter-styles';

export function DockBar({ title, canReturn, onReturn, onClose }: { title: string; canReturn: boolean; onReturn(): void; onClose(): void }) {
  const bar = useRef<HTMLDivElement>(null);
  // Before its first paint: an embedded player, docked by the page around it, has not adopted them.
  useLayoutEffect(() => {
    const root = bar.current?.getRootNode();
    if (root instanceof ShadowRoot) adoptGutterStyles(root);
  }, []);
  return (
    <div
      ref={bar}
      className="dock-bar"
      part="dock-bar"
      onKeyDown={(event) => {
        // Escape in the gutter closes the docked view, and nothing else on the page.
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        onClose();
      }}
    >
      <span className="dock-bar__title">{title}</span>
      {canReturn && (
        <button type="button" className="control" part="return-button control" aria-label={GUTTER_TEXT.returnToPost} onClick={onReturn}>
          <Icon name="undock" />
        </button>
      )}
      <button type="button" className="control" part="dock-close-button control" aria-label={GUTTER_TEXT.close} onClick={onClose}>
        <Icon name="close" />
      </button>
    </div>
  );
}

/** In the post while the player is docked: where it went, and a way back. */
export function DockedPlaceholder({
  poster,
  focusOnMount,
  onReturn,
}: {
  poster: string | undefined;
  focusOnMount: boolean;
  onReturn(): void;
}) {
  const button = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    // The Dock button that had focus went with the player: the viewer stays at the post.
    if (focusOnMount) button.current?.focus();
  }, []);
  return (
    <div className="docked-note">
      {poster && <img className="poster docked-note__poster" src={poster} alt="" />}
      <p className="docked-note__text">{GUTTER_TEXT.placeholder}</p>
      <button ref={button} type="button" className="tl-button docked-note__return" onClick={onReturn}>
        <Icon name="undock" />
        {GUTTER_TEXT.returnHere}
      </button>
    </div>
  );
}
