/**
 * What the page around a player tells it: whether it is in view (autoplay plays while at least
 * half visible), whether it is fullscreen, and whether another form took over (the post form, the
 * post viewer and the ask form pause it). Each reaches the state machine as one event.
 */
import { useEffect, type RefObject } from 'react';
import { bus } from '../../src/bus/bus';
import { Events } from '../../src/core/events';
import { $postViewer, isWithin } from '../../src/stores/post-viewer';
import type { PlayerEvent } from './model/state-machine';
import { $dockedVideo } from './state/docked';

export function usePageSignals(host: HTMLElement, dispatchRef: RefObject<(event: PlayerEvent) => void>): void {
  // Viewport: at least half visible counts as visible.
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') {
      dispatchRef.current({ type: 'viewport', visible: true });
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (entry) dispatchRef.current({ type: 'viewport', visible: entry.isIntersecting && entry.intersectionRatio >= 0.5 });
      },
      { threshold: [0, 0.5, 1] },
    );
    observer.observe(host);
    return () => observer.disconnect();
  }, [host, dispatchRef]);

  // Another form opened: pause. The post viewer is also a store: one opened before this player
  // mounted (from the address, at page load) pauses it too. Players inside the viewer play on, and
  // so does the docked player: docking is the viewer's choice to keep it going while they browse.
  useEffect(() => {
    const pause = () => dispatchRef.current({ type: 'external-pause' });
    const viewerPause = () => {
      const viewer = $postViewer.get();
      if ($dockedVideo.get()?.host === host) return;
      if (!viewer || !isWithin(host, viewer)) pause();
    };
    const offs = [
      bus.on(Events.composerOpen, pause),
      bus.on(Events.postViewerOpen, viewerPause),
      bus.on(Events.askFormOpen, pause),
      $postViewer.subscribe((viewer) => viewer && viewerPause()),
    ];
    return () => offs.forEach((off) => off());
  }, [host, dispatchRef]);

  // Fullscreen entered or left (by our button, Escape or the browser).
  useEffect(() => {
    const onChange = () => dispatchRef.current({ type: 'fullscreen', on: document.fullscreenElement === host });
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [host, dispatchRef]);
}
