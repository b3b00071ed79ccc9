/**
 * The React side of every element, loaded on first connection of any tag
 * (it is the shared "runtime" chunk together with React itself).
 */
import { createElement, startTransition, useEffect, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { ErrorBoundary } from './ErrorBoundary';
import { WidgetContext, type WidgetContextValue } from './widget-context';
import { announce } from './announce';
import { listenForPageRequests } from './requests';
import { forwardDeprecatedRequests } from './deprecated-requests';
import { listenForPostActionMarks } from '../post-actions/page-buttons';
import { watchPageAdBoxes } from '../ads/page-boxes';
import { reserveBoxes } from './reserve';
import { adoptStyles } from './styles';
import type { ElementModule } from './widget-definition';
import { ConfirmOutlet } from '../ui/ConfirmQueue';
import { createLiveVoice } from '../ui/live-voice';
import { LiveRegion } from '../ui/LiveRegion';
// First renders in slices (src/core/mount-queue.ts): here, in the chunk every element page loads once,
// not in each element's registration code.
export { queueMount } from './mount-queue';
// The page's behaviour-log sink (bus `log` events → /services/cslog), once per page.
import '../bus/log';

export interface WidgetHandle {
  update(props: Record<string, unknown>): void;
  unmount(): void;
}

// Pages that import one element without the loader get the request queue and reserved boxes here.
listenForPageRequests();
forwardDeprecatedRequests();
reserveBoxes();
// The page's own marked post buttons (the dashboard's Like) run the shared post actions.
listenForPostActionMarks();
// The page's own ad boxes (the dashboard's sidebar unit) run the same ad slot as the drawer's.
watchPageAdBoxes();
// The user's other tabs: a session ended there, and likes, follows and blocks made there.
import('../tabs/page-tabs').then(
  (m) => m.startPageTabs(),
  (error: unknown) => console.error('[tumblelog] the tab sync could not load: each tab is on its own', error),
);

let instanceCounter = 0;

export function mountWidget(options: {
  host: HTMLElement;
  shadowRoot: ShadowRoot;
  tag: string;
  module: ElementModule;
  props: Record<string, unknown>;
  /** Rendered in idle time, where nothing waits for its first paint (mount-queue.ts). */
  sliced: boolean;
  onRendered: () => void;
}): WidgetHandle {
  const { host, shadowRoot, tag, module } = options;
  adoptStyles(shadowRoot, tag, module.styles);
  const Component = module.default as ComponentType<Record<string, unknown>>;
  const context: WidgetContextValue = {
    host,
    shadowRoot,
    tag,
    instanceId: `${tag}-${++instanceCounter}`,
    announce: (name, detail) => announce(host, name, detail),
    voice: createLiveVoice(),
  };
  const root: Root = createRoot(shadowRoot, {
    identifierPrefix: `${context.instanceId}-`,
    onUncaughtError: (error) => console.error(`<${tag}> uncaught error`, error),
  });
  let rendered = false;
  const settle = () => {
    if (!rendered) {
      rendered = true;
      options.onRendered();
    }
  };
  const render = (props: Record<string, unknown>) =>
    root.render(
      // No StrictMode: its development-only double effects would make tests (one
      // fetch per open, fault counts) behave unlike the production build.
      <WidgetContext.Provider value={context}>
        <ErrorBoundary tag={tag} host={host} onFailed={settle}>
          {createElement(Component, props)}
          <RenderSignal onRendered={settle} />
          <ConfirmOutlet />
          <LiveRegion />
        </ErrorBoundary>
      </WidgetContext.Provider>,
    );
  // The first render of a host near the viewport is synchronous: the element upgrades and shows its
  // content in the same frame, so the page never paints an empty host between the two (a layout
  // shift). One rendered in idle time (far away, or out of the page's flow) is a transition instead,
  // which React renders in slices of a few ms with the browser free between them: such a render
  // was one task of 100–190 ms under 4× throttling (the dock, the video player).
  if (options.sliced) startTransition(() => render(options.props));
  else flushSync(() => render(options.props));
  return { update: render, unmount: () => root.unmount() };
}

/**
 * Resolves the host's `ready` promise once the first render is committed and
 * the component's own effects (listeners it attaches) have run: effects run in
 * tree order, and this comes after the component.
 */
function RenderSignal({ onRendered }: { onRendered: () => void }) {
  useEffect(onRendered, [onRendered]);
  return null;
}
