/**
 * The header's tutorial step (the `tutorial` attribute), its own chunk: only a page that sets the
 * attribute loads it, as the header first renders with one. The step is a top-layer popover
 * (TutorialPopover), so arriving a moment after the bar moves nothing on the page.
 */
import { useEffect, useMemo, useState } from 'react';
import { useWidget } from '../../src/core/widget-context';
import { Events } from '../../src/core/events';
import { navigate } from '../../src/core/address';
import { normalizeTutorialConfig } from '../../src/models/tutorial';
import { TutorialPopover } from '../../src/ui/TutorialPopover';

/** A header part name (`compose`, `inbox`, `activity`, `account`, `logo`, `explore`, `burger`, `search`) or a page selector. */
function resolveTarget(shadowRoot: ShadowRoot, name: string | null): Element | null {
  if (!name) return null;
  const own = shadowRoot.querySelector(`[data-target="${CSS.escape(name)}"]`);
  if (own) return own;
  try {
    return document.querySelector(name);
  } catch {
    console.error(`<blog-header>: tutorial pinnedTarget "${name}" is neither a header part nor a valid selector.`);
    return null;
  }
}

export interface HeaderTutorialProps {
  /** The attribute's value, as parsed. */
  tutorial: unknown;
  /** The step that finished hiding (its config as JSON): it does not show again. */
  done: string | null;
  onDone(key: string): void;
  /** Which bar shows: the target is looked up again when it changes. */
  variant: string;
  /** The post form is open: the header, and the step with it, are hidden. */
  hidden: boolean;
}

export default function HeaderTutorial({ tutorial, done, onDone, variant, hidden }: HeaderTutorialProps) {
  const { shadowRoot, announce } = useWidget();
  const config = useMemo(() => normalizeTutorialConfig(tutorial), [tutorial]);
  const key = config ? JSON.stringify(config) : '';
  const [target, setTarget] = useState<Element | null>(null);
  useEffect(() => {
    setTarget(config ? resolveTarget(shadowRoot, config.pinnedTarget) : null);
  }, [config, shadowRoot, variant]);
  if (!config || key === done || hidden) return null;
  return (
    <TutorialPopover
      key={key}
      config={config}
      target={target}
      part="tutorial"
      onDismiss={() => announce(Events.tutorialDismiss, { name: config.name })}
      onRemoved={() => {
        onDone(key);
        announce(Events.tutorialRemoved, { name: config.name });
      }}
      onEdit={(url) => navigate(announce, url)}
    />
  );
}
